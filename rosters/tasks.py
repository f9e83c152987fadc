"""Celery adapters of the rosters app: beat's sweep of the old Idempotency-Keys."""

from __future__ import annotations

from celery import shared_task

from rosters import keyed_writes


@shared_task(name="rosters.tasks.forget_old_keys")
def forget_old_keys() -> int:
    return keyed_writes.forget_old_keys()
