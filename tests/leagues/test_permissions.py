"""Who may do what: anonymous, outsider (signed in, not a member), member, organiser, staff."""

import pytest

from leagues.models import League, LeagueMatch, Membership
from tests.conftest import client_for
from tests.leagues.conftest import ok

pytestmark = pytest.mark.django_db

GAME = {"placements": {"ann": 1, "bob": 2}, "scores": {"ann": {"vp": 12}}}


def test_anonymous_callers_must_sign_in(world, api):
    result = LeagueMatch.objects.get(pk=ok(world.log(world.organiser, GAME))["id"])
    urls = {
        "get": [
            "/api/v1/leagues/",
            world.url(),
            world.url("members/"),
            world.url("standings/"),
            world.url("standings.csv"),
            world.url("matches/"),
            world.url(f"matches/{result.pk}/"),
            "/api/v1/rulesets/le-dernier-peuple/leaderboard/",
            "/api/v1/players/ann/stats/",
        ],
        "post": [
            "/api/v1/leagues/",
            world.url("members/"),
            world.url("organisers/"),
            world.url("matches/"),
            world.url(f"matches/{result.pk}/confirm/"),
            world.url(f"matches/{result.pk}/dispute/"),
            world.url(f"matches/{result.pk}/void/"),
            world.url(f"members/{world.league.memberships.first().pk}/accept/"),
            world.url(f"members/{world.league.memberships.first().pk}/decline/"),
        ],
        "patch": [world.url()],
    }
    for method, paths in urls.items():
        for url in paths:
            response = getattr(api, method)(url, {}, format="json")
            assert response.status_code == 401, (method, url)
            assert response["Content-Type"].startswith("application/json"), url


def test_an_outsider_reads_but_cannot_log(world):
    zed = world.client(world.outsider)
    assert zed.get(world.url("standings/")).status_code == 200
    response = world.log(world.outsider, {"placements": {"zed": 1, "ann": 2}})
    assert response.status_code == 403
    # Not even a game between members.
    assert world.log(world.outsider, GAME).status_code == 403
    assert not LeagueMatch.objects.exists()


def test_a_member_reports_only_their_own_games(world):
    cal = world.players[2]
    response = world.log(cal, GAME)
    assert response.status_code == 403 and "placements" in response.json()["errors"]
    assert not LeagueMatch.objects.exists()


def test_a_member_confirms_only_results_they_played(world):
    ann, cal = world.players[0], world.players[2]
    body = ok(world.log(ann, GAME))
    assert world.client(cal).post(world.url(f"matches/{body['id']}/confirm/")).status_code == 403
    assert (
        world.client(cal).post(world.url(f"matches/{body['id']}/dispute/"), {"reason": "x"})
    ).status_code == 403
    assert LeagueMatch.objects.get().status == "reported"


def test_members_do_not_void_or_manage(world):
    ann = world.players[0]
    body = ok(world.log(ann, GAME))
    client = world.client(ann)
    assert client.post(world.url(f"matches/{body['id']}/void/")).status_code == 403
    assert client.patch(world.url(), {"name": "Mine"}, format="json").status_code == 403
    assert client.post(world.url("organisers/"), {"player": "ann"}).status_code == 403
    assert client.post(world.url("members/"), {"player": "zed"}).status_code == 403


def test_a_result_of_another_league_is_not_found_here(world):
    other = world.new_league("le-dernier-peuple", name="Other")
    body = ok(world.log(world.organiser, GAME, other))
    response = world.client(world.organiser).post(world.url(f"matches/{body['id']}/confirm/"))
    assert response.status_code == 404


def test_staff_may_do_everything(world, staff):
    client = client_for(staff)
    body = ok(client.post(world.url("matches/"), GAME, format="json"))
    assert body["status"] == "reported"  # staff count as organisers, who log for anyone...
    reported = ok(world.log(world.players[0], GAME))
    # ...but confirm for nobody: a result counts once its own players confirm it.
    assert client.post(world.url(f"matches/{reported['id']}/confirm/")).status_code == 403
    assert ok(client.post(world.url(f"matches/{body['id']}/void/")), 200)["status"] == "void"
    assert ok(client.patch(world.url(), {"name": "Staffed"}, format="json"), 200)
    assert ok(client.post(world.url("members/"), {"player": "zed"}))
    assert ok(client.get(world.url()), 200)["join_code"] == world.league.join_code
    assert League.objects.get().name == "Staffed"
    assert Membership.objects.get(player=world.outsider).status == "invited"
