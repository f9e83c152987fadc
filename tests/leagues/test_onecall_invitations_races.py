"""Bulk invitations raced from real threads on PostgreSQL: the league row lock orders them, so
the same names invited by several calls at once make one invitation each, and the calls that
lose are refused whole."""

import pytest
from rest_framework.exceptions import ValidationError

from leagues import services
from leagues.models import Membership
from tests.factories import UserFactory
from tests.races import in_threads

pytestmark = [pytest.mark.django_db(transaction=True)]


def test_racing_bulk_invitations_of_the_same_players_invite_each_once():
    organiser = UserFactory()
    players = [UserFactory() for _ in range(3)]
    league = services.create_league(creator=organiser, name="Raced", ruleset="le-dernier-peuple")
    names = [p.username for p in players]

    def invite(_index):
        return services.invite_players(league=league, usernames=names, actor=organiser)

    made, errors = in_threads(5, invite, timeout=120)
    assert len(made) == 1 and len(errors) == 4
    assert all(isinstance(e, ValidationError) for e in errors)
    assert Membership.objects.filter(league=league).count() == 3
    assert set(Membership.objects.values_list("status", flat=True)) == {"invited"}
