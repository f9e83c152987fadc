"""Live matches: an invitation tells the invited; "your turn" tells a seat that still has to
move, once per version, and not while its person is at the table."""

from __future__ import annotations

import pytest

from matches import services as matches
from notifications import turns
from notifications.models import Notification
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


def seats(match):
    return list(match.participants.values_list("seat", flat=True))


def test_a_seat_that_has_not_moved_is_told_once(live):
    match, _ann, _bob = live
    told = turns.check(match_id=match.pk, version=match.version, seats=seats(match))
    assert told == 2
    again = turns.check(match_id=match.pk, version=match.version, seats=seats(match))
    assert again == 0 and Notification.objects.filter(kind="turn.yours").count() == 2


def test_nobody_is_told_once_the_match_moved_on(live):
    match, _ann, _bob = live
    assert turns.check(match_id=match.pk, version=match.version - 1, seats=seats(match)) == 0


def test_nobody_is_told_at_the_table(live):
    match, ann, bob = live
    turns.at_table(match_id=match.pk, user_id=bob.pk)
    assert turns.check(match_id=match.pk, version=match.version, seats=seats(match)) == 1
    assert list(Notification.objects.values_list("recipient", flat=True)) == [ann.pk]
