"""Your turn in a live match: told after a short delay, and not while you are at the table.

Each change of a live match with seats to move schedules one delayed check
(``NOTIFY_TURN_DELAY`` seconds) of that match and version. When it runs, a person is told if the
match is still at that version (nobody moved since: a later change scheduled its own check)
and they still have to move, unless their table page's stream was open in the last
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

# Longer than a table stream lives (matches/views/stream.py MAX_SECONDS) before it reconnects.
PRESENCE_SECONDS = 330


def _key(match_id: int, user_id: int) -> str:
    return f"notifications:at-table:{match_id}:{user_id}"


def at_table(*, match_id: int, user_id: int) -> None:
    """The person's table page (re)opened its stream."""
    cache.set(_key(match_id, user_id), 1, PRESENCE_SECONDS)


def is_at_table(*, match_id: int, user_id: int) -> bool:
    return bool(cache.get(_key(match_id, user_id)))


def schedule(*, match, waiting) -> None:
    from notifications.tasks import check_turn

    delay = getattr(settings, "NOTIFY_TURN_DELAY", 0)
    if not waiting or not delay or check_turn.app.conf.task_always_eager:
        return

    match_id, version, seats = match.pk, match.version, sorted(waiting)
    transaction.on_commit(
        lambda: check_turn.apply_async(
            kwargs={"match_id": match_id, "version": version, "seats": seats}, countdown=delay
        ),
        robust=True,
    )


def check(*, match_id: int, version: int, seats: list[str], again: bool = True) -> int:
    """The delayed check; returns how many people were told."""
    from django.urls import reverse

    from matches.models import Match
    from notifications.hooks import _game
    from notifications.services import Notice, notify_many

    match = Match.objects.filter(pk=match_id, status=Match.Status.LIVE, version=version).first()
    if match is None:
        return 0
    people = match.participants.filter(seat__in=seats, bot="", resigned=False)
    notices, later = [], []
    for seat, player_id in people.values_list("seat", "player_id"):
        if is_at_table(match_id=match_id, user_id=player_id):
            later.append(seat)
            continue
        params = {"game": _game(match.ruleset), "match": match_id}
        key = f"turn:{match_id}:{seat}:{version}"
        link = reverse("match-table", args=[match_id])
        notices.append(Notice(player_id, "turn.yours", params, link, dedupe_key=key))
    with transaction.atomic():
        made = notify_many(notices=notices)
    if later and again:
        from notifications.tasks import check_turn

        check_turn.apply_async(
            kwargs={"match_id": match_id, "version": version, "seats": later, "again": False},
            countdown=PRESENCE_SECONDS,
        )
    return len(made)
