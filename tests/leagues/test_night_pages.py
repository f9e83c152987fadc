"""League nights on the player site: the organiser's controls on the league page, the
pairings page with its clock, the standings screen, and each player's table on the home
page."""

from __future__ import annotations

import pytest
from django.test import Client

from leagues.rounds_models import Round
from tests.leagues.conftest import LHF


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def night(world):
    world.league = world.new_league(LHF, name="Friday night", members=world.players[:4])
    world.league.asks_check_in = True
    world.league.save()
    return world


def test_an_organiser_checks_players_in_and_opens_a_round_from_the_league_page(night):
    organiser = signed_in(night.organiser)
    page = organiser.get(f"/leagues/{night.league.pk}/")
    assert b'id="open-round"' in page.content and b'id="check-in-ann"' in page.content
    for name in ("ann", "bob", "cal"):
        response = organiser.post(f"/leagues/{night.league.pk}/night/check-in/", {"player": name})
        assert response.status_code == 302
    # dee checks herself in.
    signed_in(night.players[3]).post(f"/leagues/{night.league.pk}/night/check-in/")
    organiser.post(f"/leagues/{night.league.pk}/night/open/", {"minutes": "40"})
    round_ = Round.objects.get(league=night.league)
    assert round_.deadline is not None and round_.tables.count() == 2
    pairings = organiser.get(f"/leagues/{night.league.pk}/pairings/")
    assert b'id="round-clock"' in pairings.content and b"<script>" not in pairings.content
    assert b'id="table-2"' in pairings.content
    home = signed_in(night.players[0]).get("/")
    assert b"round 1, table" in home.content and b"against" in home.content
    screen = organiser.get(f"/leagues/{night.league.pk}/screen/")
    assert screen.status_code == 200 and b"night-standings" in screen.content
    organiser.post(f"/leagues/{night.league.pk}/night/close/", {"unreported": "loss"})
    assert Round.objects.get(league=night.league).status == "closed"


def test_a_player_cannot_open_a_round_from_the_page(night):
    response = signed_in(night.players[0]).post(f"/leagues/{night.league.pk}/night/open/")
    assert response.status_code == 302
    assert not Round.objects.filter(league=night.league).exists()


def test_an_organiser_opens_and_closes_rounds_from_the_admin(night):
    from leagues.models import CheckIn

    for player in night.players[:4]:
        CheckIn.objects.create(league=night.league, player=player, by=night.organiser)
    admin = signed_in(night.organiser)
    response = admin.post(
        "/admin/leagues/league/",
        {"action": "open_next_round", "_selected_action": [night.league.pk]},
    )
    assert response.status_code == 302
    round_ = Round.objects.get(league=night.league)
    assert round_.tables.count() == 2
    page = admin.get(f"/admin/leagues/round/{round_.pk}/change/")
    assert page.status_code == 200 and b"ann" in page.content
    admin.post("/admin/leagues/round/", {"action": "close", "_selected_action": [round_.pk]})
    assert Round.objects.get(pk=round_.pk).status == "closed"
