"""Leagues as a client meets them (issue #21): numbers rounded for people, CSV as a person
reads it, and a player's stats counting every finished match they played."""

import csv
import io

import pytest

from leagues.models import PlayerRating
from tests.leagues.conftest import LDP, ok
from tests.leagues.test_ratings import log

pytestmark = pytest.mark.django_db


def decimals(value: float) -> int:
    text = repr(value)
    return len(text.split(".")[1]) if "." in text else 0


def test_ratings_are_rounded_to_two_decimals(world):
    log(world, {"ann": 1, "bob": 2, "cal": 3}, scores={"ann": {"vp": 12}})
    stored = PlayerRating.objects.get(player__username="ann", ruleset=LDP)
    assert decimals(stored.mu) > 2  # the stored value keeps every digit
    client = world.client(world.outsider)
    board = ok(client.get(f"/api/v1/rulesets/{LDP}/leaderboard/"), 200)["results"]
    for row in board:
        assert all(decimals(row[k]) <= 2 for k in ("mu", "sigma", "rating")), row
    ann = next(r for r in board if r["player"] == "ann")
    assert ann["mu"] == round(stored.mu, 2)
    stats = ok(client.get("/api/v1/players/ann/stats/"), 200)["games"][0]
    assert all(decimals(stats[k]) <= 2 for k in ("mu", "sigma", "rating"))
    assert all(decimals(p[k]) <= 2 for p in stats["history"] for k in ("mu", "sigma", "rating"))


def test_the_standings_csv_says_yes_and_no(world):
    log(world, {"ann": 1, "bob": 2, "cal": 2}, scores={"ann": {"vp": 12}})
    response = world.client(world.outsider).get(world.url("standings.csv"))
    table = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert {row["tied"] for row in table} <= {"yes", "no"}
    assert "True" not in response.content.decode() and "False" not in response.content.decode()


def test_stats_count_finished_matches_outside_leagues_without_rating_them(world):
    ann, bob = world.players[:2]
    logged = ok(
        world.client(ann).post(
            "/api/v1/matches/",
            {"ruleset": LDP, "live": False, "placements": {"ann": 2, "bob": 1}},
            format="json",
        )
    )
    unconfirmed = ok(world.client(ann).get("/api/v1/players/ann/stats/"), 200)
    assert unconfirmed["games"] == []  # bob has not confirmed: it counts for nothing yet
    ok(world.client(bob).post(f"/api/v1/matches/{logged['id']}/confirm/"), 200)
    stats = ok(world.client(ann).get("/api/v1/players/ann/stats/"), 200)
    (game,) = stats["games"]
    assert (game["ruleset"], game["played"], game["won"], game["lost"]) == (LDP, 1, 0, 1)
    assert game["rating"] is None and game["history"] == []  # only leagues rate
    assert not PlayerRating.objects.filter(player=ann).exists()
    log(world, {"ann": 1, "bob": 2}, scores={"ann": {"vp": 12}})  # a league game: rated
    (game,) = ok(world.client(ann).get("/api/v1/players/ann/stats/"), 200)["games"]
    assert (game["played"], game["won"], game["lost"]) == (2, 1, 1)
    assert game["rating"] is not None and len(game["history"]) == 1


def test_the_leaderboard_counts_every_finished_match_but_rates_only_league_games(world):
    ann, bob = world.players[:2]
    log(world, {"ann": 1, "bob": 2}, scores={"ann": {"vp": 12}})
    logged = ok(
        world.client(ann).post(
            "/api/v1/matches/",
            {"ruleset": LDP, "live": False, "placements": {"ann": 1, "bob": 2}},
            format="json",
        )
    )
    ok(world.client(bob).post(f"/api/v1/matches/{logged['id']}/confirm/"), 200)
    board = ok(world.client(ann).get(f"/api/v1/rulesets/{LDP}/leaderboard/"), 200)["results"]
    rows = {r["player"]: r for r in board}
    assert (rows["ann"]["games"], rows["ann"]["played"]) == (1, 2)
    assert (rows["bob"]["games"], rows["bob"]["played"]) == (1, 2)


def test_a_league_patch_naming_its_ruleset_is_a_400_naming_it_read_only(world):
    response = world.client(world.organiser).patch(
        world.url(), {"ruleset": "battle-royale"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"]["ruleset"][0].startswith("This field is read-only here")
