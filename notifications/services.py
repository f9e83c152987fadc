"""Writes: the outbox (``notify``), reading, preferences.

``notify`` is called by the service that owns an event, inside that event's transaction, so a
rolled-back write notifies nobody; delivery (email now, webhooks) is scheduled with
``transaction.on_commit`` and so never sees a notification that was not committed.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.utils import timezone

from config import dispatch
from notifications.errors import NotificationError, NotInInbox
from notifications.models import Category, Notification, Preference, Reader
from notifications.texts import category_of


@dataclass(frozen=True)
class Notice:
    """One person's notification, before it is written."""

    recipient_id: int
    kind: str
    params: dict = field(default_factory=dict)
    link: str = ""
    dedupe_key: str = ""


def notify(*, recipient_id: int, kind: str, params: dict, link: str = "") -> list[int]:
    """One notification for one person, in the caller's transaction."""
    return notify_many(notices=[Notice(recipient_id, kind, params, link)])


def notify_many(*, notices: list[Notice]) -> list[int]:
    """Several at once: one INSERT, and one email task after the commit. A notice whose
    ``dedupe_key`` this person already has is dropped (a your-turn check that runs twice)."""
    if not notices:
        return []
    now = timezone.now()
    rows = [
        Notification(
            recipient_id=n.recipient_id,
            category=category_of(n.kind),
            kind=n.kind,
            params=n.params,
            link=n.link,
            dedupe_key=n.dedupe_key,
            created_at=now,
        )
        for n in notices
    ]
    keyed = any(n.dedupe_key for n in notices)
    made = Notification.objects.bulk_create(rows, ignore_conflicts=keyed)
    if keyed:  # ignore_conflicts gives no ids back: read the ones this call made
        ids = list(
            Notification.objects.filter(
                dedupe_key__in=[n.dedupe_key for n in notices], created_at=now
            ).values_list("pk", flat=True)
        )
    else:
        ids = [row.pk for row in made]
    if ids:
        dispatch.send_on_commit("notifications.tasks.send_emails", notification_ids=ids)
    return ids


def mark_read(*, user, notification_id: int) -> Notification:
    """Reading twice keeps the first time read. Another person's notification is a 404."""
    notification = Notification.objects.filter(pk=notification_id, recipient=user).first()
    if notification is None:
        raise NotInInbox("No such notification in your inbox.")
    if notification.read_at is None:
        notification.read_at = timezone.now()
        Notification.objects.filter(pk=notification.pk, read_at__isnull=True).update(
            read_at=notification.read_at
        )
    return notification


def mark_all_read(*, user) -> int:
    return Notification.objects.filter(recipient=user, read_at__isnull=True).update(
        read_at=timezone.now()
    )


def email_choices(*, user) -> dict[str, str]:
    from notifications.models import DEFAULT_EMAIL

    chosen = dict(Preference.objects.filter(user=user).values_list("category", "email"))
    return {c.value: chosen.get(c.value, DEFAULT_EMAIL[c]) for c in Category}


@transaction.atomic
def set_email_choices(*, user, choices: object) -> dict[str, str]:
    """``{"invitations": "immediately", "rounds": "daily", ...}``; categories left out keep
    their choice. All or nothing: one bad entry changes nothing."""
    if not isinstance(choices, dict):
        raise NotificationError('Send {"category": "immediately" | "daily" | "never"}.')
    errors = {}
    for category, email in choices.items():
        if category not in Category.values:
            errors[category] = [f"Unknown category; one of {', '.join(Category.values)}."]
        elif email not in Preference.Email.values:
            errors[category] = [f"{email!r} is not one of immediately, daily, never."]
    if errors:
        raise NotificationError("Some choices cannot be kept.", errors=errors)
    for category, email in choices.items():
        Preference.objects.update_or_create(user=user, category=category, defaults={"email": email})
    return email_choices(user=user)


def unsubscribe(*, user_id: int, category: str) -> None:
    """One-click unsubscribe (a signed link, no sign-in): ``*`` stops every category."""
    categories = Category.values if category == "*" else [category]
    with transaction.atomic():
        for name in categories:
            Preference.objects.update_or_create(
                user_id=user_id, category=name, defaults={"email": Preference.Email.NEVER}
            )


def remember_language(*, user_id: int, language: str) -> None:
    # Two first pages at once: the other one wrote it.
    with contextlib.suppress(IntegrityError), transaction.atomic():
        Reader.objects.update_or_create(user_id=user_id, defaults={"language": language[:8]})
