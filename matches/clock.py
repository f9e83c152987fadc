"""Turn clocks: a seat that does not move in time gets the game's timeout action, played by
the server through the same action queue, exactly once per expiry.

A match created with ``turn_seconds`` (and optionally ``bank_seconds``) keeps, per seat:
``clock_since`` (when the seat began waiting to move), ``clock_deadline`` (since + turn +
what is left of the bank) and ``bank_left``. ``update_clocks`` runs inside every transaction
that changes the match (creation, each resolution): a seat that is to move keeps its start;
one that stopped being to move has its overtime taken from its bank and its clock cleared.

``enforce_clocks`` (matches/services/timeouts.py: the beat task
``matches.tasks.enforce_turn_clocks``, every few seconds, plus one task timed for each new
deadline) claims an expired seat with a conditional update
under the match row lock, and submits the timeout action with the Idempotency-Key
``clock:<version>`` and ``Expected-Version`` = that version: a second run, a duplicate task
or a racing beat finds the seat already claimed (and the key already used), and if the
player moved at the last moment the server's action is rejected as stale. While the seat
stays to move after a timeout (a turn of several steps), its deadline stays in the past, so
each following step is timed out in turn.
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime, timedelta

from django.conf import settings
from django.db import close_old_connections, transaction
from django.utils import timezone

from config import dispatch
from config.celery import app
from matches.models import Match, Participant

log = logging.getLogger(__name__)
CLOCK_KEY = "clock:{version}"
ENFORCE_CLOCKS = "matches.tasks.enforce_turn_clocks"  # by name: the tasks import the services


def update_clocks(*, match: Match, participants: list[Participant], waiting, now=None) -> None:
    """Start, keep or stop each seat's clock after a change; ``waiting`` = ``to_move``."""
    if not match.turn_seconds:
        return
    now = now or timezone.now()
    waiting = set(waiting) if match.status == Match.Status.LIVE else set()
    turn = timedelta(seconds=match.turn_seconds)
    changed = []
    for p in participants:
        before = (p.clock_since, p.clock_deadline, p.bank_left)
        if match.bank_seconds and p.bank_left is None:
            p.bank_left = float(match.bank_seconds)
        if p.seat in waiting and not p.resigned:
            p.clock_since = p.clock_since or now
            p.clock_deadline = p.clock_since + turn + timedelta(seconds=p.bank_left or 0)
        else:
            if p.clock_since is not None and p.bank_left is not None:
                overtime = (now - p.clock_since - turn).total_seconds()
                p.bank_left = max(0.0, p.bank_left - max(0.0, overtime))
            p.clock_since = p.clock_deadline = None
        if (p.clock_since, p.clock_deadline, p.bank_left) != before:
            changed.append(p)
    if changed:
        Participant.objects.bulk_update(changed, ["clock_since", "clock_deadline", "bank_left"])
    deadlines = [p.clock_deadline for p in changed if p.clock_deadline]
    if deadlines:
        first = min(deadlines)
        transaction.on_commit(lambda: schedule_check(first), robust=True)


def schedule_check(deadline: datetime) -> None:
    """Ask for a clock check right after ``deadline`` (beat is the safety net)."""
    delay = max(0.0, (deadline - timezone.now()).total_seconds()) + 0.05
    if not app.conf.task_always_eager:
        dispatch.task(ENFORCE_CLOCKS).apply_async(countdown=delay)
    elif getattr(settings, "MATCHES_CLOCK_TIMERS", True):
        # In-process (make run): no beat runs, so a timer thread does the check. Dev only.
        timer = threading.Timer(delay, _run_check)
        timer.daemon = True
        timer.start()


def _run_check() -> None:
    try:
        dispatch.send(ENFORCE_CLOCKS)  # in process: the task runs here, in the timer's thread
    except Exception:
        log.exception("clock: the in-process check failed")
    finally:
        close_old_connections()


def is_timeout(action) -> bool:
    return action.idempotency_key.startswith("clock:")
