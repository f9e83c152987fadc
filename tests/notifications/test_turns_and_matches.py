"""Live matches: an invitation tells the invited; "your turn" tells a seat that still has to
move, once per version, and not while its person is at the table."""

from __future__ import annotations

import pytest

from matches import services as matches
from notifications import turns
from notifications.models import Notification
from rulesets.registry import get_ruleset
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def live():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    match = matches.create_live_match(
        ruleset="le-dernier-peuple", players=["ann", "bob"], options={}, created_by=ann
    )
    invited = Notification.objects.get(recipient=bob)
    assert invited.kind == "match.invited" and invited.link == f"/matches/{match.pk}/"
    assert not Notification.objects.filter(recipient=ann).exists()  # the creator's own seat
    match, _ = matches.accept_match(match=match, player=bob)
    Notification.objects.all().delete()
    return match, ann, bob


def waiting_people(match) -> set[int]:
    seats = get_ruleset(match.ruleset).to_move(match.state)
    return set(match.participants.filter(seat__in=seats).values_list("player_id", flat=True))


def test_a_seat_that_has_not_moved_is_told_once(live):
    match, _ann, _bob = live
    waiting = waiting_people(match)
    assert turns.check(match_id=match.pk, version=match.version) == len(waiting) >= 1
    assert turns.check(match_id=match.pk, version=match.version) == 0
    told = Notification.objects.filter(kind="turn.yours").values_list("recipient", flat=True)
    assert set(told) == waiting


def test_nobody_is_told_once_the_match_moved_on(live):
    match, _ann, _bob = live
    assert turns.check(match_id=match.pk, version=match.version - 1) == 0


def test_nobody_is_told_at_the_table(live):
    match, _ann, _bob = live
    for player_id in waiting_people(match):
        turns.at_table(match_id=match.pk, user_id=player_id)
    assert turns.check(match_id=match.pk, version=match.version) == 0
    assert not Notification.objects.exists()
