"""Bot seats: they play through the same action queue as a person.

``POST matches/`` with ``"bots": N`` seats N bot players after the named ones (users called
"Bot #1", "Bot #2", ...: a name no sign-up can take, since usernames have no spaces or "#").
Whenever a resolution leaves a bot to move, ``matches.tasks.play_bots`` is sent after the
commit; it picks with the seat's policy (matches/policies.py) and calls
``services.submit_action`` with an Idempotency-Key and Expected-Version like any client, so
a duplicated task cannot play twice and a stale choice is rejected, not played.

With a real worker each task plays one action and the resolution sends the next task. In
process (``make run``, tests) tasks run inline, so a bot's whole turn would nest task inside
task; instead the first task loops over the bot moves and the nested sends are skipped (a
per-thread flag, which exists only while that loop runs).
"""

from __future__ import annotations

import logging
import random
import threading

from django.contrib.auth import get_user_model
from django.db import transaction

from matches import policies
from matches.models import Match, MatchAction, Participant

log = logging.getLogger(__name__)
BOT_NAME = "Bot #{n}"
MAX_BOT_MOVES = 2000  # per task, in process: a bot-only match still ends or pauses
BOT_KEY = "bot:{version}"
_local = threading.local()


def bot_users(count: int) -> list:
    """The first ``count`` bot users, created when first needed (no password: nobody signs in)."""
    User = get_user_model()
    users = []
    for n in range(1, count + 1):
        user, created = User.objects.get_or_create(username=BOT_NAME.format(n=n))
        if created:
            user.set_unusable_password()
            user.save(update_fields=["password"])
        users.append(user)
    return users


def bots_to_move(*, participants: list[Participant], waiting) -> bool:
    return any(p.bot and not p.resigned and p.seat in waiting for p in participants)


def after_change(*, match_id: int, participants: list[Participant], waiting) -> None:
    """Called inside a transaction that changed a match: wake its bots once it commits."""
    if bots_to_move(participants=participants, waiting=waiting):
        transaction.on_commit(lambda: wake_bots(match_id), robust=True)


def wake_bots(match_id: int) -> None:
    from matches.tasks import play_bots

    if getattr(_local, "playing", False):
        return  # in process, inside the loop of play_bots: it plays the next move itself
    play_bots.delay(match_id)


def play_bots(*, match_id: int) -> int:
    """Play the bots' moves of this match; returns how many actions were submitted."""
    from config.celery import app

    inline = app.conf.task_always_eager
    played = 0
    _local.playing = True
    try:
        for _ in range(MAX_BOT_MOVES if inline else 1):
            if not _play_one(match_id):
                break
            played += 1
    finally:
        _local.playing = False
    return played


def _play_one(match_id: int) -> bool:
    from matches import services
    from rulesets.registry import get_ruleset

    match = Match.objects.filter(pk=match_id, status=Match.Status.LIVE).first()
    if match is None:
        return False
    game = get_ruleset(match.ruleset)
    state = services.canonical(match.state)
    waiting = game.to_move(state)
    seats = match.participants.select_related("player").filter(
        bot__gt="", resigned=False, seat__in=list(waiting)
    )
    for seat in seats:
        key = BOT_KEY.format(version=match.version)
        if MatchAction.objects.filter(match=match, seat=seat.seat, idempotency_key=key).exists():
            continue  # this bot already chose at this version (a duplicate task)
        policy = policies.POLICIES.get(seat.bot, policies.random_action)
        rnd = random.Random()  # never from the match's seed, which is secret
        action = policy(game, state, seat.seat, rnd)
        if action is None:
            log.warning("bot %s of match %s found no action", seat.seat, match_id)
            continue
        services.submit_action(
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
    from datetime import timedelta

    from django.db.models import Max
    from django.utils import timezone

    from matches import services
    from rulesets.registry import get_ruleset

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
        waiting = game.to_move(services.canonical(match.state))
        if bots_to_move(participants=list(match.participants.all()), waiting=waiting):
            wake_bots(match.pk)
            woken += 1
    return woken
