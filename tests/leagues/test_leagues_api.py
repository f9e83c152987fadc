"""League seasons: founding, settings, organisers and members over the API."""

import datetime

import pytest

from leagues.models import League, Membership
from tests.leagues.conftest import BR, LDP, LHF, LOS, errors_of, ok

pytestmark = pytest.mark.django_db


def test_founding_a_league_makes_its_creator_its_organiser(as_user, user):
    body = ok(as_user.post("/api/v1/leagues/", {"name": "Friday duos", "ruleset": LOS}))
    assert body["id"] and body["organisers"] == [user.username]
    assert body["join_code"]  # the organiser sees the code to hand out
    assert body["scoring"] == "placement"
    assert body["points_table"] == {"1": 5, "2": 3, "3": 2, "4": 1}
    assert body["tie_breakers"] == ["head_to_head", "wins", "average_placement"]
    assert body["members"] == 0


def test_a_one_on_one_game_scores_win_draw_loss_by_default(as_user):
    body = ok(as_user.post("/api/v1/leagues/", {"name": "Duels", "ruleset": LHF}))
    assert body["scoring"] == "win_draw_loss"
    assert (body["points_win"], body["points_draw"], body["points_loss"]) == (3, 1, 0)


def test_settings_are_given_at_founding(as_user):
    body = ok(
        as_user.post(
            "/api/v1/leagues/",
            {
                "name": "Spring",
                "ruleset": BR,
                "season_start": "2025-03-01",
                "season_end": "2025-05-31",
                "points_table": {"1": 10, "2": 6, "3": 3},
                "tie_breakers": ["most_kills", "score_difference", "head_to_head"],
            },
        )
    )
    assert body["points_table"] == {"1": 10, "2": 6, "3": 3}
    assert body["tie_breakers"] == ["most_kills", "score_difference", "head_to_head"]
    assert body["season_end"] == "2025-05-31"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "X", "ruleset": "chess"}, "ruleset"),
        ({"ruleset": LDP}, "name"),
        ({"name": "X", "ruleset": LDP, "tie_breakers": ["coin_flip"]}, "tie_breakers.0"),
        # Le Dernier Peuple has no kills to count.
        ({"name": "X", "ruleset": LDP, "tie_breakers": ["wins", "most_kills"]}, "tie_breakers.1"),
        # Last One Standing scores only kills: no score margin to compare.
        ({"name": "X", "ruleset": LOS, "tie_breakers": ["score_difference"]}, "tie_breakers.0"),
        ({"name": "X", "ruleset": LDP, "tie_breakers": ["wins", "wins"]}, "tie_breakers.1"),
        ({"name": "X", "ruleset": LDP, "points_table": {"1": 3, "2": 5}}, "points_table.2"),
        ({"name": "X", "ruleset": LDP, "points_table": {"first": 3}}, "points_table.first"),
        ({"name": "X", "ruleset": LDP, "points_table": {"1": -1}}, "points_table.1"),
        ({"name": "X", "ruleset": LHF, "points_win": 1, "points_draw": 2}, "points_draw"),
        (
            {"name": "X", "ruleset": LDP, "season_start": "2025-05-01", "season_end": "2025-04-01"},
            "season_end",
        ),
    ],
)
def test_bad_settings_are_refused_naming_the_field(as_user, body, field):
    assert field in errors_of(as_user.post("/api/v1/leagues/", body, format="json"))
    assert not League.objects.exists()


def test_the_join_code_is_for_organisers_only(world):
    body = ok(world.client(world.players[0]).get(world.url()), 200)
    assert body["join_code"] is None
    assert ok(world.client(world.organiser).get(world.url()), 200)["join_code"]


def test_a_player_joins_with_the_code(world):
    zed = world.client(world.outsider)
    wrong = errors_of(zed.post(world.url("members/"), {"join_code": "nope"}))
    assert "join_code" in wrong
    member = ok(zed.post(world.url("members/"), {"join_code": world.league.join_code}))
    assert member["player"] == "zed" and member["via"] == "code"
    again = zed.post(world.url("members/"), {"join_code": world.league.join_code})
    assert again.status_code == 409 and "player" in again.json()["errors"]


def test_an_organiser_adds_a_player_by_username(world):
    member = ok(world.client(world.organiser).post(world.url("members/"), {"player": "zed"}))
    assert member == {**member, "player": "zed", "via": "invitation", "added_by": "orga"}
    assert "player" in errors_of(
        world.client(world.organiser).post(world.url("members/"), {"player": "nobody"})
    )


def test_a_player_cannot_add_somebody_else(world):
    response = world.client(world.players[0]).post(
        world.url("members/"), {"player": "zed", "join_code": world.league.join_code}
    )
    assert response.status_code == 403
    assert not Membership.objects.filter(player=world.outsider).exists()


def test_nobody_joins_with_the_code_after_the_season(world):
    league = world.new_league(LDP, members=[], season_end=datetime.date(2020, 1, 31))
    body = {"join_code": league.join_code}
    assert world.client(world.outsider).post(world.url("members/", league), body).status_code == 409
    # An organiser still may, to enter a past season's results.
    add = world.client(world.organiser).post(world.url("members/", league), {"player": "zed"})
    assert add.status_code == 201


def test_members_are_listed_by_name(world):
    body = ok(world.client(world.outsider).get(world.url("members/")), 200)
    assert [m["player"] for m in body["results"]] == ["ann", "bob", "cal", "dee", "eve", "fay"]


def test_organisers_change_the_settings(world):
    patch = {"points_table": {"1": 3, "2": 1}, "tie_breakers": ["wins"], "name": "Renamed"}
    body = ok(world.client(world.organiser).patch(world.url(), patch, format="json"), 200)
    assert body["points_table"] == {"1": 3, "2": 1} and body["name"] == "Renamed"
    member = world.client(world.players[0]).patch(world.url(), {"name": "Mine"}, format="json")
    assert member.status_code == 403
    bad = world.client(world.organiser).patch(
        world.url(), {"tie_breakers": ["most_kills"]}, format="json"
    )
    assert "tie_breakers.0" in errors_of(bad)
    assert League.objects.get().name == "Renamed"


def test_an_organiser_adds_another_organiser(world):
    ann = world.players[0]
    body = ok(world.client(world.organiser).post(world.url("organisers/"), {"player": "ann"}), 200)
    assert set(body["organisers"]) == {"orga", "ann"}
    assert world.client(ann).post(world.url("organisers/"), {"player": "bob"}).status_code == 200
    assert (
        world.client(world.outsider).post(world.url("organisers/"), {"player": "zed"}).status_code
        == 403
    )


def test_leagues_are_listed_and_filtered_by_game(world):
    world.new_league(LOS, name="Island")
    client = world.client(world.outsider)
    assert ok(client.get("/api/v1/leagues/"), 200)["count"] == 2
    body = ok(client.get(f"/api/v1/leagues/?ruleset={LOS}"), 200)
    assert [league["name"] for league in body["results"]] == ["Island"]
    assert body["results"][0]["members"] == 6


def test_an_unknown_league_is_a_404(world):
    client = world.client(world.organiser)
    for url in [
        "/api/v1/leagues/999/",
        "/api/v1/leagues/999/standings/",
        "/api/v1/leagues/999/standings.csv",
        "/api/v1/leagues/999/matches/",
        "/api/v1/leagues/99999999999999999999999/",
    ]:
        response = client.get(url)
        assert response.status_code == 404, url
        assert response["Content-Type"].startswith("application/json"), url
