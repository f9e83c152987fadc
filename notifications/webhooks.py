"""Campaigns' and leagues' webhooks: adding one, the events they carry, their delivery.

An event becomes one ``WebhookDelivery`` row per webhook, written in the event's transaction
(a rolled-back battle posts nothing), and a Celery task sends it after the commit. Delivery
is at least once: before each try the row's ``next_try_at`` is pushed past the try, so a
worker killed mid-request leaves a row that ``sweep_webhooks`` sends again; the receiver
drops a repeat by its ``Idempotency-Key`` header, the same for every try of one event.
A failed try is retried after ``WEBHOOK_BACKOFF * 2**(tries-1)`` seconds, up to
``WEBHOOK_TRIES`` tries; ``WEBHOOK_PAUSE_AFTER`` deliveries given up on in a row pause the
webhook, and its organisers get a notification.
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import secrets
import uuid
from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from config import dispatch
from notifications import access, owners, ssrf
from notifications.errors import NotificationError
from notifications.models import Webhook, WebhookDelivery

DELIVER = "notifications.tasks.deliver_webhook"

Status = WebhookDelivery.Status
TITLES = {
    "battle.reported": "Battle reported",
    "battle.confirmed": "Battle confirmed",
    "round.opened": "Round opened",
    "round.closed": "Round closed",
    "result.confirmed": "League result confirmed",
}


@transaction.atomic
def add_webhook(*, actor, url: object, format: object, campaign=None, league=None):
    """Returns the webhook and its secret, which is shown this once."""
    access.require_manage_webhooks(user=actor, campaign=campaign, league=league)
    if not isinstance(url, str) or not url.strip() or len(url) > 500:
        raise NotificationError("Give the receiver's URL (up to 500 characters).", field="url")
    if format not in Webhook.Format.values:
        raise NotificationError('The format is "discord" or "json".', field="format")
    try:
        ssrf.check_url(url.strip())
    except ssrf.Refused as exc:
        raise NotificationError(f"This URL is refused: {exc}", field="url") from None
    secret = secrets.token_hex(32)
    webhook = Webhook.objects.create(
        campaign=campaign,
        league=league,
        url=url.strip(),
        format=format,
        secret=secret,
        created_by=actor,
    )
    return webhook, secret


@transaction.atomic
def remove_webhook(*, actor, webhook: Webhook) -> None:
    access.require_manage_webhooks(user=actor, campaign=webhook.campaign, league=webhook.league)
    webhook.delete()


@transaction.atomic
def pause_webhook(*, actor, webhook: Webhook) -> Webhook:
    """Paused by its organisers: its events are not recorded until it is resumed."""
    access.require_manage_webhooks(user=actor, campaign=webhook.campaign, league=webhook.league)
    Webhook.objects.filter(pk=webhook.pk, paused_at__isnull=True).update(paused_at=timezone.now())
    webhook.refresh_from_db()
    return webhook


@transaction.atomic
def resume_webhook(*, actor, webhook: Webhook) -> Webhook:
    access.require_manage_webhooks(user=actor, campaign=webhook.campaign, league=webhook.league)
    Webhook.objects.filter(pk=webhook.pk).update(paused_at=None, failures=0)
    webhook.refresh_from_db()
    return webhook


def campaign_event(*, campaign, event: str, data: Callable[[], dict]) -> None:
    """``data`` is called only when the campaign has a webhook: an event costs one query
    (this lookup) otherwise."""
    owner = {"type": "campaign", "id": campaign.pk, "name": campaign.name}
    _publish(Webhook.objects.filter(campaign=campaign), owner=owner, event=event, data=data)


def league_event(*, league, event: str, data: Callable[[], dict]) -> None:
    owner = {"type": "league", "id": league.pk, "name": league.name}
    _publish(Webhook.objects.filter(league=league), owner=owner, event=event, data=data)


def _publish(webhooks, *, owner: dict, event: str, data: Callable[[], dict]) -> None:
    hooks = list(webhooks.filter(paused_at__isnull=True).only("pk", "format"))
    if not hooks:
        return
    data = data()
    now = timezone.now()
    rows = WebhookDelivery.objects.bulk_create(
        WebhookDelivery(
            webhook=hook,
            event=event,
            key=uuid.uuid4().hex,
            body=_body(hook.format, owner=owner, event=event, data=data, at=now),
            next_try_at=now,
            created_at=now,
        )
        for hook in hooks
    )
    ids = [row.pk for row in rows]
    deliver_webhook = dispatch.task(DELIVER)

    def send():
        for pk in ids:
            deliver_webhook.delay(delivery_id=pk)

    transaction.on_commit(send, robust=True)


def _body(format: str, *, owner: dict, event: str, data: dict, at) -> dict:
    if format == Webhook.Format.JSON:
        return {"event": event, owner["type"]: owner, "data": data, "at": at.isoformat()}
    # Discord's incoming-webhook body: a line of content and one embed with the facts.
    title = f"{TITLES.get(event, event)} · {owner['name']}"
    fields = [
        {"name": key.replace("_", " "), "value": _short(value), "inline": True}
        for key, value in data.items()
    ]
    return {
        "content": title,
        "embeds": [{"title": title, "fields": fields[:25], "timestamp": at.isoformat()}],
    }


def _short(value) -> str:
    if isinstance(value, list):
        text = "\n".join(
            " · ".join(str(v) for v in (i.values() if isinstance(i, dict) else [i])) for i in value
        )
    else:
        text = str(value)
    return text[:1000] or "-"


def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def _claim(delivery_id: int) -> WebhookDelivery | None:
    """The delivery if it is due and nobody else holds it; its next try is pushed past this
    one first, so a worker killed mid-request leaves it for the sweep."""
    with transaction.atomic():
        delivery = (
            WebhookDelivery.objects.select_for_update(skip_locked=True)
            .select_related("webhook")
            .filter(pk=delivery_id, status=Status.PENDING)
            .first()
        )
        if delivery is None or delivery.webhook.paused_at is not None:
            return None
        if delivery.next_try_at and delivery.next_try_at > timezone.now():
            return None
        delivery.attempts += 1
        delivery.next_try_at = timezone.now() + timedelta(seconds=_lease())
        delivery.save(update_fields=["attempts", "next_try_at"])
    return delivery


def _lease() -> float:
    return getattr(settings, "WEBHOOK_TIMEOUT", 5.0) * 6


def deliver(*, delivery_id: int) -> str:
    """One try of one delivery; returns what became of it."""
    delivery = _claim(delivery_id)
    if delivery is None:
        return "not due"
    body = json.dumps(delivery.body, separators=(",", ":")).encode()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "Posse-Webhooks/1",
        "Idempotency-Key": delivery.key,
        "X-Posse-Event": delivery.event,
        "X-Posse-Signature": signature(delivery.webhook.secret, body),
    }
    status, error = None, ""
    try:
        status, _answer = ssrf.post(delivery.webhook.url, body=body, headers=headers)
    except ssrf.Refused as exc:
        error = f"refused: {exc}"
    except (OSError, http.client.HTTPException) as exc:
        error = f"{exc.__class__.__name__}: {exc}"[:300]
    if status is not None and 200 <= status < 300:
        return _delivered(delivery, status)
    return _failed(delivery, status, error or f"answered {status}")


def _delivered(delivery: WebhookDelivery, status: int) -> str:
    with transaction.atomic():
        WebhookDelivery.objects.filter(pk=delivery.pk).update(
            status=Status.DELIVERED,
            last_status=status,
            last_error="",
            next_try_at=None,
            delivered_at=timezone.now(),
        )
        Webhook.objects.filter(pk=delivery.webhook_id).update(failures=0)
    return "delivered"


def _failed(delivery: WebhookDelivery, status: int | None, error: str) -> str:
    tries = getattr(settings, "WEBHOOK_TRIES", 6)
    if delivery.attempts < tries:
        wait = getattr(settings, "WEBHOOK_BACKOFF", 30.0) * 2 ** (delivery.attempts - 1)
        next_try = timezone.now() + timedelta(seconds=wait)
        WebhookDelivery.objects.filter(pk=delivery.pk).update(
            last_status=status, last_error=error, next_try_at=next_try
        )
        deliver_webhook = dispatch.task(DELIVER)
        deliver_webhook.apply_async(kwargs={"delivery_id": delivery.pk}, countdown=wait)
        return "retry"
    with transaction.atomic():
        WebhookDelivery.objects.filter(pk=delivery.pk).update(
            status=Status.GIVEN_UP, last_status=status, last_error=error, next_try_at=None
        )
        webhook = Webhook.objects.select_for_update().get(pk=delivery.webhook_id)
        webhook.failures += 1
        webhook.save(update_fields=["failures"])
        if webhook.paused_at is None and webhook.failures >= getattr(
            settings, "WEBHOOK_PAUSE_AFTER", 5
        ):
            _pause(webhook)
    return "given up"


def _pause(webhook: Webhook) -> None:
    from django.urls import reverse

    from notifications.services import Notice, notify_many

    webhook.paused_at = timezone.now()
    webhook.save(update_fields=["paused_at"])
    registered, owner = owners.of_webhook(webhook)
    people = set(registered.managers(owner)) - {None}
    link = reverse(registered.page, args=[owner.pk])
    params = {"host": ssrf.parse(webhook.url).host, "failures": webhook.failures}
    notify_many(notices=[Notice(p, "webhook.paused", params, link) for p in sorted(people)])


def sweep_webhooks() -> int:
    """Beat: deliveries due whose task was lost (a worker killed mid-try, a broker restart)."""
    deliver_webhook = dispatch.task(DELIVER)
    due = WebhookDelivery.objects.filter(status=Status.PENDING, next_try_at__lte=timezone.now())
    ids = list(due.order_by("id").values_list("pk", flat=True)[:500])
    for pk in ids:
        deliver_webhook.delay(delivery_id=pk)
    return len(ids)
