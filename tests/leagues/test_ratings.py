"""openskill ratings: multiplayer places with ties, duos as teams, before/after on each result,
a leaderboard per game across leagues, provisional players, and a player's page."""

import pytest
from openskill.models import PlackettLuce

from leagues import ratings
from leagues.models import LeagueMatch, PlayerRating, RatingChange
from tests.factories import UserFactory
from tests.leagues.conftest import LDP, LHF, LOS, ok

pytestmark = pytest.mark.django_db


def log(world, placements, league=None, user=None, **extra):
    """A result logged (by the organiser unless ``user``) and confirmed by its players."""
    return world.log_counted({"placements": placements, **extra}, league, user=user)


def after(body):
    return {r["player"]: (r["mu_after"], r["sigma_after"]) for r in body["ratings"]}


def shown(rating):
    """A rating as the API shows it: mu and sigma to 2 decimals (issue #21)."""
    return (round(rating.mu, 2), round(rating.sigma, 2))


def test_places_with_a_tie_are_rated_as_openskill_rates_them(world):
    body = log(world, {"ann": 1, "bob": 2, "cal": 2})
    model = PlackettLuce()
    a, b, c = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 2, 2])
    assert after(body) == {"ann": shown(a[0]), "bob": shown(b[0]), "cal": shown(c[0])}
    assert after(body)["bob"] == after(body)["cal"]  # tied, and alike before: alike after


def test_duos_are_rated_as_teams(world):
    league = world.new_league(LOS)
    body = log(
        world,
        {"ann": 1, "bob": 1, "cal": 3, "dee": 3},
        league,
        teams={"ann": "red", "bob": "red", "cal": "blue", "dee": "blue"},
    )
    model = PlackettLuce()
    red, blue = model.rate(
        [[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[1, 2]
    )
    assert after(body) == {
        "ann": shown(red[0]),
        "bob": shown(red[1]),
        "cal": shown(blue[0]),
        "dee": shown(blue[1]),
    }


def test_each_result_stores_the_ratings_before_and_after(world):
    first = log(world, {"ann": 1, "bob": 2})
    second = log(world, {"bob": 1, "ann": 2})
    changes = {r["player"]: r for r in second["ratings"]}
    for r in first["ratings"]:
        assert (changes[r["player"]]["mu_before"], changes[r["player"]]["sigma_before"]) == (
            r["mu_after"],
            r["sigma_after"],
        )
        assert changes[r["player"]]["games"] == 2
        assert r["rating_after"] == pytest.approx(r["mu_after"] - 3 * r["sigma_after"], abs=0.03)
    rating = PlayerRating.objects.get(player__username="ann", ruleset=LDP)
    assert (*shown(rating), rating.games) == (
        changes["ann"]["mu_after"],
        changes["ann"]["sigma_after"],
        2,
    )


def test_results_are_rated_in_the_order_they_are_confirmed(world):
    ann, bob = world.players[:2]
    early = ok(world.log(ann, {"placements": {"ann": 1, "bob": 2}}))  # reported first...
    late = log(world, {"bob": 1, "ann": 2})  # ...but this one counts first
    ok(world.client(bob).post(world.url(f"matches/{early['id']}/confirm/")), 200)
    early_row = LeagueMatch.objects.get(pk=early["id"])
    late_row = LeagueMatch.objects.get(pk=late["id"])
    assert late_row.rating_seq < early_row.rating_seq
    before = RatingChange.objects.get(result=early_row, player=ann)
    assert before.mu_before == RatingChange.objects.get(result=late_row, player=ann).mu_after


def test_voiding_a_counted_result_rates_the_rest_as_if_it_never_happened(world):
    first = log(world, {"ann": 1, "bob": 2})
    log(world, {"bob": 1, "cal": 2})
    ok(world.client(world.organiser).post(world.url(f"matches/{first['id']}/void/")), 200)
    model = PlackettLuce()
    b, c = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    current = {r.player.username: (r.mu, r.sigma) for r in PlayerRating.objects.all()}
    assert current == {"bob": (b[0].mu, b[0].sigma), "cal": (c[0].mu, c[0].sigma)}


def test_the_leaderboard_spans_every_league_of_a_game(world):
    ann, bob, cal = world.players[:3]
    other = world.new_league(LDP, name="Thursday Peuple", members=[ann, bob, cal])
    duels = world.new_league(LHF, members=[ann, bob])
    log(world, {"ann": 1, "bob": 2})
    log(world, {"ann": 1, "cal": 2}, other)
    log(world, {"bob": 1, "ann": 2}, duels)  # another game: another leaderboard
    body = ok(world.client(world.outsider).get(f"/api/v1/rulesets/{LDP}/leaderboard/"), 200)
    board = body["results"]
    assert board[0]["player"] == "ann"  # won both of her games, in two leagues
    assert [r["rating"] for r in board] == sorted((r["rating"] for r in board), reverse=True)
    assert [r["rank"] for r in board] == [1, 2, 3]
    assert {r["player"]: r["games"] for r in board} == {"ann": 2, "bob": 1, "cal": 1}
    assert all(r["provisional"] for r in board)
    assert board[0]["rating"] == pytest.approx(board[0]["mu"] - 3 * board[0]["sigma"], abs=0.03)
    lhf = ok(world.client(world.outsider).get(f"/api/v1/rulesets/{LHF}/leaderboard/"), 200)
    assert [r["player"] for r in lhf["results"]] == ["bob", "ann"]
    assert (
        world.client(world.outsider).get("/api/v1/rulesets/chess/leaderboard/").status_code == 404
    )


def test_a_player_is_provisional_until_enough_games(world):
    ann = world.players[0]
    for n in range(ratings.PROVISIONAL_GAMES):
        board = ok(world.client(ann).get(f"/api/v1/rulesets/{LDP}/leaderboard/"), 200)["results"]
        assert all(r["provisional"] for r in board)
        log(world, {"ann": 1, "bob": 2} if n % 2 else {"bob": 1, "ann": 2})
    board = ok(world.client(ann).get(f"/api/v1/rulesets/{LDP}/leaderboard/"), 200)["results"]
    assert [(r["games"], r["provisional"]) for r in board] == [
        (ratings.PROVISIONAL_GAMES, False)
    ] * 2


def test_leaderboard_ranks_run_on_across_pages(world):
    players = [UserFactory(username=f"p{n:02}") for n in range(5)]
    league = world.new_league(LOS, members=players)
    names = [p.username for p in players]
    log(world, {name: place for place, name in enumerate(names, start=1)}, league)
    client = world.client(world.outsider)
    page2 = ok(client.get(f"/api/v1/rulesets/{LOS}/leaderboard/?page_size=2&page=2"), 200)
    assert [r["rank"] for r in page2["results"]] == [3, 4]
    assert [r["player"] for r in page2["results"]] == ["p02", "p03"]


def test_a_players_page_per_game(world):
    ann, bob = world.players[:2]
    duels = world.new_league(LHF, members=[ann, bob])
    log(world, {"ann": 1, "bob": 2, "cal": 3}, scores={"ann": {"vp": 12}})
    log(world, {"bob": 1, "ann": 2}, scores={"bob": {"vp": 12}})
    log(world, {"ann": 1, "bob": 1}, duels)  # a draw
    ok(world.log(ann, {"placements": {"ann": 1, "bob": 2}}))  # not confirmed: not counted
    body = ok(world.client(world.outsider).get("/api/v1/players/ann/stats/"), 200)
    assert body["player"] == "ann"
    games = {g["ruleset"]: g for g in body["games"]}
    ldp = games[LDP]
    assert (ldp["played"], ldp["won"], ldp["average_placement"]) == (2, 1, 1.5)
    assert [point["games"] for point in ldp["history"]] == [1, 2]
    assert ldp["history"][-1]["rating"] == ldp["rating"]
    assert ldp["history"][1]["rating_before"] == ldp["history"][0]["rating"]
    assert ldp["provisional"] is True
    lhf = games[LHF]
    assert (lhf["played"], lhf["won"], lhf["drawn"]) == (1, 0, 1)
    assert world.client(ann).get("/api/v1/players/nobody/stats/").status_code == 404
    empty = ok(world.client(ann).get("/api/v1/players/zed/stats/"), 200)
    assert empty == {"player": "zed", "games": []}
