"""Your turn in a live match: told after a short delay, and not while you are at the table.

A change of a live match with seats to move schedules a delayed check (``NOTIFY_TURN_DELAY``
seconds) of that match and version, unless one is already waiting for that match (a cache
latch). When it runs at the same version (nobody moved since), each seat the engine says must
move is told, unless their table page's stream was open in the last
``PRESENCE_SECONDS`` (``at_table``, marked in the cache by ``matches.views.stream.table_stream``
each time a table page opens or re-opens its stream). Someone at the table then gets one more
check once that mark has expired. One notice per seat and version (``dedupe_key``), however many
checks run.

Trade-offs kept simple: presence is "a stream opened lately", not "the tab is still open" (a
stream lasts up to five minutes before the page reconnects); and with tasks run in-process
(no ``REDIS_URL``: ``make run``, most tests) there is no delay to wait, so no check is sent.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from config import dispatch
from notifications import owners
from notifications.services import Notice, notify_many
from notifications.texts import game_name as _game

CHECK_TURN = "notifications.tasks.check_turn"

# Longer than a table stream lives (matches/views/stream.py MAX_SECONDS) before it reconnects.
PRESENCE_SECONDS = 330


def _key(match_id: int, user_id: int) -> str:
    return f"notifications:at-table:{match_id}:{user_id}"


def at_table(*, match_id: int, user_id: int) -> None:
    """The person's table page (re)opened its stream."""
    cache.set(_key(match_id, user_id), 1, PRESENCE_SECONDS)


def is_at_table(*, match_id: int, user_id: int) -> bool:
    return bool(cache.get(_key(match_id, user_id)))


def _pending(match_id: int) -> str:
    return f"notifications:turn-check:{match_id}"


def schedule(*, match, waiting) -> None:
    """At most one check per match waits at a time (a cache key as the latch): a live match
    moving fast costs one Redis command per change, not one delayed message each."""
    check_turn = dispatch.task(CHECK_TURN)
    delay = getattr(settings, "NOTIFY_TURN_DELAY", 0)
    if not waiting or not delay or check_turn.app.conf.task_always_eager:
        return
    match_id, version = match.pk, match.version

    def send():
        if cache.add(_pending(match_id), version, timeout=delay * 3):
            check_turn.apply_async(
                kwargs={"match_id": match_id, "version": version}, countdown=delay
            )

    transaction.on_commit(send, robust=True)


def check(*, match_id: int, version: int, again: bool = True) -> int:
    """The delayed check; returns how many people were told. A match that moved on since is
    checked again a delay later, at its new version (the latch stays held meanwhile). What
    the match is now comes from matches, which registers it (``owners.register_turns``)."""
    from django.urls import reverse

    check_turn = dispatch.task(CHECK_TURN)
    turn = owners.turn(match_id)
    if turn is None:
        cache.delete(_pending(match_id))
        return 0
    delay = getattr(settings, "NOTIFY_TURN_DELAY", 0)
    if turn.version != version:
        if not check_turn.app.conf.task_always_eager:
            cache.set(_pending(match_id), turn.version, timeout=delay * 3)
            check_turn.apply_async(
                kwargs={"match_id": match_id, "version": turn.version}, countdown=delay
            )
        return 0
    cache.delete(_pending(match_id))  # the next change schedules the next check
    notices, later = [], []
    for seat, player_id in turn.to_move:
        if is_at_table(match_id=match_id, user_id=player_id):
            later.append(seat)
            continue
        params = {"game": _game(turn.ruleset), "match": match_id}
        key = f"turn:{match_id}:{seat}:{version}"
        link = reverse("match-table", args=[match_id])
        notices.append(Notice(player_id, "turn.yours", params, link, dedupe_key=key))
    with transaction.atomic():
        made = notify_many(notices=notices)
    if later and again and not check_turn.app.conf.task_always_eager:
        check_turn.apply_async(
            kwargs={"match_id": match_id, "version": version, "again": False},
            countdown=PRESENCE_SECONDS,
        )
    return len(made)
