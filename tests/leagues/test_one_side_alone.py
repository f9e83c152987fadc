"""A league result is never confirmed by one side alone (issue #29, item 3;
docs/rules/leagues.md): every player it names confirms it, each for themself. A reporter's
confirmation, organiser or not, counts for the reporter only; the page and the admin say
whose word is missing and offer nobody a confirmation for someone else."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from leagues import services
from leagues.models import LeagueMatch
from tests.leagues.conftest import enrol, ok

pytestmark = pytest.mark.django_db

GAME = {"placements": {"orga": 1, "bob": 2}}


@pytest.fixture
def playing_organiser(world):
    """The organiser plays in their league too."""
    enrol(world.league, world.organiser, world.organiser)
    return world.organiser


def status(result_id) -> str:
    return LeagueMatch.objects.values_list("status", flat=True).get(pk=result_id)


def test_a_playing_organisers_report_waits_for_the_other_player(world, playing_organiser):
    body = ok(world.log(playing_organiser, GAME))
    assert body["status"] == "reported" and body["awaiting"] == ["bob"]
    url = world.url(f"matches/{body['id']}/confirm/")
    again = ok(world.client(playing_organiser).post(url), 200)
    assert again["status"] == "reported" and again["awaiting"] == ["bob"]
    # Staff and the service the admin calls: the organiser's word is still theirs only.
    services.confirm_result(result=LeagueMatch.objects.get(pk=body["id"]), actor=playing_organiser)
    assert status(body["id"]) == "reported"
    assert ok(world.client(world.players[1]).post(url), 200)["status"] == "confirmed"


def test_the_league_page_says_whose_word_is_missing(world, playing_organiser):
    body = ok(world.log(playing_organiser, GAME))
    confirm = reverse("league-result-page", args=[world.league.pk, body["id"], "confirm"])
    client = Client()
    client.force_login(playing_organiser)
    page = client.get(reverse("league-detail", args=[world.league.pk])).content.decode()
    assert "Waiting for the word of: bob" in page
    assert confirm not in page  # their own word is in; nobody else's is theirs to give
    bob = Client()
    bob.force_login(world.players[1])
    assert confirm in bob.get(reverse("league-detail", args=[world.league.pk])).content.decode()


def test_the_admin_confirms_nobody_elses_word(world, playing_organiser):
    body = ok(world.log(playing_organiser, GAME))
    client = Client()
    client.force_login(playing_organiser)
    client.post(
        reverse("admin:leagues_leaguematch_changelist"),
        {"action": "confirm", "_selected_action": [body["id"]], "index": 0},
    )
    assert status(body["id"]) == "reported"
