"""Who may watch a live match: its seats, staff, anyone when it is public, the campaign's
members for a campaign battle; a watcher without a seat never sees a hand."""

import pytest
from django.test import Client

from matches import services
from tests.campaigns.conftest import World
from tests.conftest import client_for
from tests.factories import UserFactory
from tests.matches.factories import accept_all

pytestmark = pytest.mark.django_db


def _page(user, match_id):
    client = Client()
    client.force_login(user)
    return client.get(f"/matches/{match_id}/")


def _ldp(public):
    alice, bob = UserFactory(), UserFactory()
    match = accept_all(
        services.create_live_match(
            ruleset="le-dernier-peuple",
            players=[alice.username, bob.username],
            options={},
            created_by=alice,
            public=public,
        )
    )
    return match, alice, bob


def test_a_private_match_is_for_its_players_and_staff():
    match, alice, _bob = _ldp(public=False)
    outsider, staff = UserFactory(), UserFactory(is_staff=True)
    api = f"/api/v1/matches/{match.pk}/"
    assert client_for(outsider).get(f"{api}state/").status_code == 403
    assert client_for(outsider).get(f"{api}events/").status_code == 403
    assert _page(outsider, match.pk).status_code == 403
    assert client_for(alice).get(f"{api}state/").json()["seat"] == "s1"
    assert client_for(staff).get(f"{api}state/").json()["seat"] is None
    assert _page(staff, match.pk).status_code == 200


def test_anyone_signed_in_watches_a_public_match_without_a_hand():
    match, _alice, _bob = _ldp(public=True)
    outsider = UserFactory()
    state = client_for(outsider).get(f"/api/v1/matches/{match.pk}/state/").json()
    assert state["seat"] is None
    assert all("hand" not in p for p in state["view"]["players"])
    page = _page(outsider, match.pk).content.decode()
    assert "You are watching" in page and "Your hand" not in page
    for cards in match.state["hands"].values():
        assert not any(f"card:{c}" in page for c in cards)


def test_campaign_members_watch_their_campaigns_live_battles():
    world = World()
    ann, _bob, cal = world.players[:3]
    a, b = world.gangs[:2]
    body = (
        client_for(ann)
        .post(world.url("live-battles/"), {"gangs": [a.pk, b.pk]}, format="json")
        .json()
    )
    match_id = body["match"]
    assert _page(cal, match_id).status_code == 200  # a member, not seated: a spectator
    assert _page(world.arbitrator, match_id).status_code == 200
    assert _page(UserFactory(), match_id).status_code == 403  # not in the campaign
