"""Beat sweeps for what no single event announces: a round closing within 24 hours, and a
turn clock running low. Each tells a person once (a ``dedupe_key`` per round, or per turn,
and person: the database drops a repeat), so a sweep that runs twice, or two beats racing,
tell nobody twice. What closes and which clocks run is asked of the apps above
(``notifications.owners``)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from notifications import owners
from notifications.services import Notice, notify_many
from notifications.texts import game_name
from notifications.turns import is_at_table

CLOSING_WITHIN = timedelta(hours=24)
KINDS = {"campaign": "round.closing", "league": "league_round.closing"}


def sweep_closing_rounds(*, now=None) -> int:
    """Every open round whose deadline is within 24 hours: its people hear of it once."""
    now = now or timezone.now()
    notices = []
    for kind, row in owners.closing_rounds(now=now, until=now + CLOSING_WITHIN):
        params = {
            kind: row["name"],
            "number": row["number"],
            "deadline": row["deadline"].isoformat(),
        }
        link = reverse(owners.owner(kind).page, args=[row["owner_id"]])
        key = f"closing:{kind}:{row['round_id']}"
        notices += [Notice(p, KINDS[kind], params, link, dedupe_key=key) for p in row["people"]]
    with transaction.atomic():
        return len(notify_many(notices=notices))


def sweep_low_clocks(*, now=None) -> int:
    """Each running turn clock with less than ``NOTIFY_CLOCK_LOW`` of its time left (a
    fraction of the turn's allowance): its person hears of it once per turn, unless they are
    at the table (the clock is in front of them). Clocks shorter than
    ``NOTIFY_CLOCK_MIN_SECONDS`` are left out: such a game is played at the table, and an
    email would arrive after the clock ran out."""
    now = now or timezone.now()
    low = getattr(settings, "NOTIFY_CLOCK_LOW", 0.25)
    shortest = getattr(settings, "NOTIFY_CLOCK_MIN_SECONDS", 300)
    notices = []
    for clock in owners.running_clocks(now=now):
        allowance = (clock.deadline - clock.since).total_seconds()
        left = (clock.deadline - now).total_seconds()
        if allowance < shortest or left > allowance * low:
            continue
        if is_at_table(match_id=clock.match_id, user_id=clock.person):
            continue
        params = {
            "game": game_name(clock.ruleset),
            "match": clock.match_id,
            "minutes": max(1, round(left / 60)),
        }
        key = f"clock:{clock.match_id}:{clock.seat}:{int(clock.since.timestamp())}"
        link = reverse("match-table", args=[clock.match_id])
        notices.append(Notice(clock.person, "clock.low", params, link, dedupe_key=key))
    with transaction.atomic():
        return len(notify_many(notices=notices))
