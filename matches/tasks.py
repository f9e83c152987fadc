"""Celery adapters for live play: thin, idempotent, they call services. The services send
these by name (config/dispatch.py): this module imports them, never the reverse."""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db import OperationalError

from matches import services

# Pending actions older than this are presumed lost (killed worker, broker restart) and sent
# again. A duplicate is harmless, since resolution is exactly-once under the match lock.
SWEEP_AFTER_SECONDS = getattr(settings, "MATCHES_SWEEP_AFTER_SECONDS", 30)


@shared_task(
    name="matches.tasks.resolve_action",
    acks_late=True,
    autoretry_for=(OperationalError,),  # a lock timeout or lost connection: try again later
    retry_backoff=True,
    max_retries=5,
)
def resolve_action(action_id: int) -> int:
    """Resolve an action (and any older pending action of its match first). Safe to repeat."""
    return services.resolve_pending_actions(up_to=action_id)


@shared_task(name="matches.tasks.sweep_pending_actions", acks_late=True)
def sweep_pending_actions(older_than_seconds: float | None = None) -> int:
    seconds = SWEEP_AFTER_SECONDS if older_than_seconds is None else older_than_seconds
    return services.sweep_pending_actions(older_than=timedelta(seconds=seconds))


@shared_task(name="matches.tasks.match_finished", acks_late=True)
def match_finished(match_id: int) -> None:
    services.run_finish_handlers(match_id=match_id)


@shared_task(
    name="matches.tasks.play_bots",
    acks_late=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=5,
)
def play_bots(match_id: int) -> int:
    """A bot's move (matches/services/bot_moves.py): submitted through the queue like a
    person's."""
    return services.play_bots(match_id=match_id)


@shared_task(name="matches.tasks.enforce_turn_clocks", acks_late=True)
def enforce_turn_clocks() -> int:
    """Time out the seats whose clock ran out (matches/services/timeouts.py), exactly once
    each; and wake bots whose move was lost. Beat runs it every few seconds; each deadline
    also sends one (matches/clock.py)."""
    played = services.enforce_clocks()
    services.sweep_idle_bots()
    return played
