"""Celery adapters: take ids, call the services; each is safe to run twice (claims)."""

from __future__ import annotations

from celery import shared_task

from notifications import mail, reminders, turns, webhooks


@shared_task(name="notifications.tasks.send_emails", acks_late=True)
def send_emails(*, notification_ids: list[int]) -> int:
    return sum(mail.send_one(notification_id=pk) == "sent" for pk in notification_ids)


@shared_task(name="notifications.tasks.send_digests")
def send_digests() -> int:
    return mail.send_digests()


@shared_task(name="notifications.tasks.sweep_emails")
def sweep_emails() -> int:
    return mail.sweep_emails()


@shared_task(name="notifications.tasks.check_turn", acks_late=True)
def check_turn(*, match_id: int, version: int, again: bool = True) -> int:
    return turns.check(match_id=match_id, version=version, again=again)


@shared_task(name="notifications.tasks.deliver_webhook", acks_late=True)
def deliver_webhook(*, delivery_id: int) -> str:
    return webhooks.deliver(delivery_id=delivery_id)


@shared_task(name="notifications.tasks.sweep_webhooks")
def sweep_webhooks() -> int:
    return webhooks.sweep_webhooks()


@shared_task(name="notifications.tasks.sweep_closing_rounds")
def sweep_closing_rounds() -> int:
    return reminders.sweep_closing_rounds()


@shared_task(name="notifications.tasks.sweep_low_clocks")
def sweep_low_clocks() -> int:
    return reminders.sweep_low_clocks()
