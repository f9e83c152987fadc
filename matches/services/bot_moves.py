"""A bot's move, played through the same action queue as a person's (matches/bots.py says how
bots are seated and woken)."""

from __future__ import annotations

import logging
import random
from datetime import timedelta

from django.db.models import Max
from django.utils import timezone

from config.celery import app
from matches import bots, policies
from matches.models import Match, MatchAction
from matches.services.common import canonical
from matches.services.queue import submit_action
from rulesets.registry import get_ruleset

log = logging.getLogger(__name__)
MAX_BOT_MOVES = 2000  # per task, in process: a bot-only match still ends or pauses


def play_bots(*, match_id: int) -> int:
    """Play the bots' moves of this match; returns how many actions were submitted."""
    inline = app.conf.task_always_eager
    played = 0
    with bots.playing_inline():
        for _ in range(MAX_BOT_MOVES if inline else 1):
            if not _play_one(match_id):
                break
            played += 1
    return played


def _play_one(match_id: int) -> bool:
    match = Match.objects.filter(pk=match_id, status=Match.Status.LIVE).first()
    if match is None:
        return False
    game = get_ruleset(match.ruleset)
    state = canonical(match.state)
    waiting = game.to_move(state)
    seats = match.participants.select_related("player").filter(
        bot__gt="", resigned=False, seat__in=list(waiting)
    )
    for seat in seats:
        key = bots.BOT_KEY.format(version=match.version)
        if MatchAction.objects.filter(match=match, seat=seat.seat, idempotency_key=key).exists():
            continue  # this bot already chose at this version (a duplicate task)
        policy = policies.POLICIES.get(seat.bot, policies.random_action)
        rnd = random.Random()  # never from the match's seed, which is secret
        action = policy(game, state, seat.seat, rnd)
        if action is None:
            log.warning("bot %s of match %s found no action", seat.seat, match_id)
            continue
        submit_action(
            match=match,
            player=seat.player,
            payload=action,
            idempotency_key=key,
            expected_version=match.version,
        )
        return True
    return False


def sweep_idle_bots(*, idle_seconds: float = 10.0) -> int:
    """Wake the bots of matches where a bot is to move and nothing happened for a while (its
    task was lost, or its last choice was rejected). Run by beat with the clock check."""
    cutoff = timezone.now() - timedelta(seconds=idle_seconds)
    candidates = (
        Match.objects.filter(status=Match.Status.LIVE, participants__bot__gt="")
        .exclude(actions__status=MatchAction.Status.PENDING)
        .annotate(last=Max("actions__created_at"))
        .distinct()
    )
    woken = 0
    for match in candidates:
        if match.last and match.last > cutoff:
            continue
        game = get_ruleset(match.ruleset)
        waiting = game.to_move(canonical(match.state))
        if bots.bots_to_move(participants=list(match.participants.all()), waiting=waiting):
            bots.wake_bots(match.pk)
            woken += 1
    return woken
