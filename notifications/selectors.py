"""Reads: a person's inbox, and the header's unread count (one query per page)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Count, OuterRef, Subquery
from django.db.models.functions import Coalesce

from notifications.models import Notification, Reader


def inbox(*, user, unread_only: bool = False):
    rows = Notification.objects.filter(recipient=user).order_by("-id")
    return rows.filter(read_at__isnull=True) if unread_only else rows


def unread_and_language(*, user_id: int) -> tuple[int, str | None]:
    """The unread count and the language emails are written in, in one query."""
    unread = (
        Notification.objects.filter(recipient=OuterRef("pk"), read_at__isnull=True)
        .order_by()
        .values("recipient")
        .annotate(n=Count("pk"))
        .values("n")
    )
    language = Reader.objects.filter(user=OuterRef("pk")).values("language")
    row = (
        get_user_model()
        .objects.filter(pk=user_id)
        .values_list(Coalesce(Subquery(unread), 0), Subquery(language))
        .first()
    )
    return row if row is not None else (0, None)


DELIVERIES_SHOWN = 5


def webhooks_of(*, kind: str, owner) -> list:
    """A campaign's or league's webhooks, each with its last deliveries (``recent``): the
    organiser's page's section, in two queries."""
    from django.db.models import Prefetch

    from notifications.models import Webhook, WebhookDelivery

    recent = WebhookDelivery.objects.order_by("-id")[:DELIVERIES_SHOWN]
    return list(
        Webhook.objects.filter(**{kind: owner})
        .order_by("id")
        .prefetch_related(Prefetch("deliveries", queryset=recent, to_attr="recent"))
    )
