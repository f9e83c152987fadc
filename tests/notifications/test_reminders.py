"""Beat sweeps: a round closing within 24 hours and a turn clock running low, each told once
per round (or turn) and person, however often the sweep runs."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from leagues import services as leagues
from matches.models import Participant
from notifications import reminders, turns
from notifications.models import Notification
from tests.factories import UserFactory
from tests.notifications.test_turns_and_matches import live, waiting_people  # noqa: F401

pytestmark = pytest.mark.django_db


def told(kind: str) -> list[int]:
    return sorted(Notification.objects.filter(kind=kind).values_list("recipient", flat=True))


def test_a_round_closing_within_a_day_tells_each_active_owner_once(world):
    round_ = world.campaign.rounds.get(status="open")
    round_.deadline = timezone.now() + timedelta(hours=30)
    round_.save()
    assert reminders.sweep_closing_rounds() == 0  # not yet within 24 hours
    now = timezone.now() + timedelta(hours=8)
    assert reminders.sweep_closing_rounds(now=now) == 4
    assert reminders.sweep_closing_rounds(now=now + timedelta(hours=1)) == 0  # once
    assert told("round.closing") == sorted(p.pk for p in world.players)
    row = Notification.objects.filter(kind="round.closing").first()
    assert row.link == f"/campaigns/{world.campaign.pk}/"
    assert "closes within 24 hours" in reminders_text(row)


def reminders_text(row) -> str:
    from notifications.texts import render

    return render(row.kind, row.params, language="en")


def test_a_round_past_its_deadline_tells_nobody(world):
    round_ = world.campaign.rounds.get(status="open")
    round_.deadline = timezone.now() - timedelta(minutes=1)
    round_.save()
    assert reminders.sweep_closing_rounds() == 0


def test_a_league_round_closing_tells_the_players_still_to_report():
    boss = UserFactory()
    players = [UserFactory() for _ in range(4)]
    league = leagues.create_league(creator=boss, name="Cup", ruleset="le-dernier-peuple")
    for p in players:
        invitation = leagues.add_member(league=league, player=p, actor=boss)
        leagues.accept_membership(membership=invitation, actor=p)
    round_ = leagues.open_round(league=league, actor=boss)
    round_.deadline = timezone.now() + timedelta(hours=2)
    round_.save()
    seated = sorted(round_.seats.filter(table__isnull=False).values_list("player_id", flat=True))
    assert reminders.sweep_closing_rounds() == len(seated) >= 2
    assert reminders.sweep_closing_rounds() == 0
    assert told("league_round.closing") == seated
    text = reminders_text(Notification.objects.filter(kind="league_round.closing").first())
    assert "of the league Cup closes within 24 hours" in text


def _clock(match, person_ids, *, allowance: int, left: int):
    now = timezone.now()
    Participant.objects.filter(match=match, player_id__in=person_ids).update(
        clock_since=now - timedelta(seconds=allowance - left),
        clock_deadline=now + timedelta(seconds=left),
    )


def test_a_clock_running_low_tells_its_player_once_per_turn(live):  # noqa: F811
    match, _ann, _bob = live
    waiting = waiting_people(match)
    _clock(match, waiting, allowance=3600, left=1800)
    assert reminders.sweep_low_clocks() == 0  # half of it left: not low yet
    _clock(match, waiting, allowance=3600, left=600)
    assert reminders.sweep_low_clocks() == len(waiting) >= 1
    assert reminders.sweep_low_clocks() == 0
    assert set(told("clock.low")) == waiting
    row = Notification.objects.filter(kind="clock.low").first()
    assert row.link == f"/matches/{match.pk}/" and row.params["minutes"] == 10


def test_no_clock_warning_at_the_table_or_for_a_short_clock(live):  # noqa: F811
    match, _ann, _bob = live
    waiting = waiting_people(match)
    _clock(match, waiting, allowance=120, left=10)  # played at the table
    assert reminders.sweep_low_clocks() == 0
    _clock(match, waiting, allowance=3600, left=60)
    for person in waiting:
        turns.at_table(match_id=match.pk, user_id=person)
    assert reminders.sweep_low_clocks() == 0
