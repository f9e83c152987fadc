"""Several players invited to a league in one call: ``POST leagues/{id}/invitations/``.

The rule (issue #21, "Fewer calls per task", and docs/rules/leagues.md): the invitations are
the organiser's ordinary invitations, each waiting for its player's acceptance (the
organiser themselves, named, is a member at once); all or nothing; one 400 naming every bad
name by its place in the list.
"""

import pytest

from leagues import access
from leagues.models import Membership
from tests.factories import UserFactory
from tests.leagues.conftest import LDP, errors_of, ok

pytestmark = pytest.mark.django_db


@pytest.fixture
def fresh(world):
    """A league with no members yet; the world's six players are free to invite."""
    return world.new_league(LDP, name="Fresh Peuple", members=[])


def invite(world, league, names, user=None):
    return world.client(user or world.organiser).post(
        world.url("invitations/", league), {"players": names}, format="json"
    )


def test_an_organiser_invites_several_players_at_once_and_each_waits_for_them(world, fresh):
    body = ok(invite(world, fresh, ["ann", "bob", "cal"]))
    assert [(m["player"], m["status"], m["via"]) for m in body["results"]] == [
        ("ann", "invited", "invitation"),
        ("bob", "invited", "invitation"),
        ("cal", "invited", "invitation"),
    ]
    assert not access.member_of(user=world.players[0], league=fresh)
    # Each answers for themselves, as with a one-by-one invitation.
    ann = Membership.objects.get(league=fresh, player=world.players[0])
    url = world.url(f"members/{ann.pk}/accept/", fresh)
    assert ok(world.client(world.players[0]).post(url), 200)["status"] == "active"
    assert access.member_of(user=world.players[0], league=fresh)


def test_the_organiser_named_among_them_is_a_member_at_once(world, fresh):
    body = ok(invite(world, fresh, ["orga", "dee"]))
    assert [(m["player"], m["status"]) for m in body["results"]] == [
        ("orga", "active"),
        ("dee", "invited"),
    ]


def test_every_bad_name_is_refused_in_one_answer_and_nobody_is_invited(world, fresh):
    ok(invite(world, fresh, ["eve"]))
    fay = Membership.objects.create(
        league=fresh, player=world.players[5], status=Membership.Status.DECLINED
    )
    errors = errors_of(invite(world, fresh, ["ann", "nobody", "eve", "bob", "ann", "fay", 7]))
    assert set(errors) == {"players.1", "players.2", "players.4", "players.5", "players.6"}
    assert "no player called 'nobody'" in errors["players.1"][0]
    assert "eve is already invited" in errors["players.2"][0]
    assert "listed twice" in errors["players.4"][0]
    assert "declined" in errors["players.5"][0]
    assert Membership.objects.filter(league=fresh).count() == 2  # eve's and fay's, as they were
    fay.refresh_from_db()
    assert fay.status == Membership.Status.DECLINED


def test_only_an_organiser_invites(world, fresh):
    outsider = world.outsider
    response = invite(world, fresh, ["ann"], user=outsider)
    assert response.status_code == 403
    assert not Membership.objects.filter(league=fresh).exists()


@pytest.mark.parametrize(
    "body,field",
    [
        ({}, "players"),
        ({"players": []}, "players"),
        ({"players": "ann"}, "players"),
        ({"players": ["ann"] * 101}, "players"),
    ],
)
def test_a_malformed_list_names_the_field(world, fresh, body, field):
    url = world.url("invitations/", fresh)
    errors = errors_of(world.client(world.organiser).post(url, body, format="json"))
    assert field in errors
    assert not Membership.objects.filter(league=fresh).exists()


def test_the_queries_grow_with_the_names_only(world, fresh, django_assert_max_num_queries):
    # Measured: 136 for ten names, each add_member's own (the league lock, the organiser
    # check, the existing row, the new one, savepoints), the player's lookup, and the
    # invitation's notification (its row and the invited person's email choice).
    names = [UserFactory().username for _ in range(10)]
    with django_assert_max_num_queries(10 + 14 * len(names)):
        ok(invite(world, fresh, names))
