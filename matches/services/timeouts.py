"""A seat whose turn clock ran out gets the game's timeout action, played by the server through
the same action queue, exactly once per expiry (matches/clock.py keeps the clocks)."""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from matches import policies
from matches.clock import CLOCK_KEY
from matches.models import Match, Participant
from matches.services.common import canonical
from matches.services.queue import submit_action
from rulesets.registry import get_ruleset

log = logging.getLogger(__name__)


def enforce_clocks(*, now=None) -> int:
    """Play the timeout action for every seat whose deadline passed; returns how many."""
    now = now or timezone.now()
    due = list(
        Participant.objects.filter(
            clock_deadline__lte=now, match__live=True, match__status=Match.Status.LIVE
        ).values_list("pk", "match_id", "clock_deadline")
    )
    played = 0
    for pk, match_id, deadline in due:
        try:
            played += time_out(pk=pk, match_id=match_id, deadline=deadline)
        except Exception:
            log.exception("clock: could not time out seat %s of match %s", pk, match_id)
    return played


@transaction.atomic
def time_out(*, pk: int, match_id: int, deadline: datetime) -> int:
    """Claim the seat ``pk`` whose ``deadline`` passed and play its timeout action: 1, or 0
    when another run claimed it first or the seat is no longer to move."""
    match = Match.objects.select_for_update().get(pk=match_id)
    if match.status != Match.Status.LIVE:
        return 0
    claimed = Participant.objects.filter(pk=pk, clock_deadline=deadline).update(clock_deadline=None)
    if not claimed:
        return 0  # another run got there first
    seat = Participant.objects.select_related("player").get(pk=pk)
    game = get_ruleset(match.ruleset)
    state = canonical(match.state)
    if seat.seat not in game.to_move(state):
        return 0
    action = policies.timeout_action(game, state, seat.seat)
    if action is None:
        return 0
    _action, created = submit_action(
        match=match,
        player=seat.player,
        payload=action,
        idempotency_key=CLOCK_KEY.format(version=match.version),
        expected_version=match.version,
    )
    log.info("clock: match %s seat %s timed out at version %s", match_id, seat.seat, match.version)
    return int(created)
