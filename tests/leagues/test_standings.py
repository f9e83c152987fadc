"""Standings: points per place or win/draw/loss, the organiser's tie-breakers in order, a
warning when a tie stands; computed from confirmed results only, and exported as CSV."""

import csv
import io

import pytest

from leagues import services
from tests.leagues.conftest import LHF, LOS, ok

pytestmark = pytest.mark.django_db


def standings(world, league=None, user=None):
    return ok(world.client(user or world.outsider).get(world.url("standings/", league)), 200)


def rows(world, league=None):
    return {r["player"]: r for r in standings(world, league)["rows"]}


def log(world, placements, league=None, **extra):
    """The organiser logs a result and its players confirm it: a result that counts."""
    return world.log_counted({"placements": placements, **extra}, league)


def test_points_per_place_and_tied_players_share_the_place(world):
    # Le Dernier Peuple: one winner, then "1, 2, 2, 4".
    log(world, {"ann": 1, "bob": 2, "cal": 2, "dee": 4})
    table = rows(world)
    assert {n: table[n]["points"] for n in ["ann", "bob", "cal", "dee"]} == {
        "ann": 5,
        "bob": 3,
        "cal": 3,
        "dee": 1,
    }
    assert table["ann"] == {
        **table["ann"],
        "rank": 1,
        "played": 1,
        "won": 1,
        "lost": 0,
        "average_placement": 1.0,
    }
    assert (table["bob"]["rank"], table["cal"]["rank"], table["dee"]["rank"]) == (2, 2, 4)
    # Members who have not played are in the table, at the bottom.
    assert table["fay"] == {**table["fay"], "played": 0, "points": 0, "average_placement": None}


def test_win_draw_loss_for_a_one_on_one_game(world):
    league = world.new_league(LHF)
    log(world, {"ann": 1, "bob": 2}, league)
    log(world, {"ann": 1, "cal": 1}, league)  # a draw
    table = rows(world, league)
    assert (table["ann"]["points"], table["ann"]["won"], table["ann"]["drawn"]) == (4, 1, 1)
    assert (table["cal"]["points"], table["cal"]["drawn"]) == (1, 1)
    assert (table["bob"]["points"], table["bob"]["lost"]) == (0, 1)


def test_only_confirmed_results_count(world):
    ann, bob = world.players[:2]
    reported = ok(world.log(ann, {"placements": {"ann": 1, "bob": 2}}))
    assert rows(world)["ann"]["played"] == 0
    ok(world.client(bob).post(world.url(f"matches/{reported['id']}/confirm/")), 200)
    assert rows(world)["ann"]["points"] == 5
    ok(world.client(world.organiser).post(world.url(f"matches/{reported['id']}/void/")), 200)
    assert rows(world)["ann"]["played"] == 0


def _set(world, *tie_breakers, league=None):
    services.update_league(
        league=league or world.league, actor=world.organiser, tie_breakers=list(tie_breakers)
    )


def order(world, league=None):
    return [r["player"] for r in standings(world, league)["rows"] if r["played"]]


def test_wins_and_average_placement_can_disagree_and_the_order_decides(world):
    # ann: 1st + 4th = 6 points, one win; bob: 2nd + 2nd = 6 points, a better average.
    log(world, {"ann": 1, "bob": 2, "cal": 3, "dee": 4})
    log(world, {"cal": 1, "bob": 2, "dee": 3, "ann": 4})
    _set(world, "head_to_head", "wins", "average_placement")  # they met once each way
    assert order(world)[1:3] == ["ann", "bob"]
    _set(world, "average_placement", "wins")
    assert order(world)[1:3] == ["bob", "ann"]


def test_head_to_head_separates_players_level_on_points(world):
    log(world, {"ann": 1, "bob": 2})  # ann 5, bob 3
    log(world, {"bob": 1, "cal": 2})  # bob 8
    log(world, {"dee": 1, "ann": 2})  # ann 8
    _set(world, "head_to_head")
    assert order(world)[:2] == ["ann", "bob"]
    table = standings(world)
    assert table["warnings"] == []
    assert not any(r["tied"] for r in table["rows"] if r["player"] in ("ann", "bob"))


def test_an_unbroken_tie_shares_a_rank_and_warns_the_organiser(world):
    log(world, {"ann": 1, "bob": 2})
    log(world, {"bob": 1, "ann": 2})
    _set(world, "head_to_head", "wins", "average_placement")
    table = standings(world)
    first = [r for r in table["rows"] if r["player"] in ("ann", "bob")]
    assert [(r["rank"], r["tied"]) for r in first] == [(1, True), (1, True)]
    assert table["warnings"] == [
        "Tie not broken between ann, bob: no tie-breaker separates them; an organiser may add one."
    ]


def test_opponents_strength_and_score_difference(world):
    log(world, {"ann": 1, "cal": 2}, scores={"ann": {"vp": 12}, "cal": {"vp": 3}})
    log(world, {"bob": 1, "dee": 2}, scores={"bob": {"vp": 14}, "dee": {"vp": 11}})
    log(world, {"dee": 1, "eve": 2})  # dee, bob's opponent, is the stronger one
    table = rows(world)
    assert (table["ann"]["score_difference"], table["bob"]["score_difference"]) == (9, 3)
    assert (table["ann"]["opponents_strength"], table["bob"]["opponents_strength"]) == (3.0, 8.0)
    _set(world, "head_to_head", "wins", "opponents_strength")
    assert order(world).index("bob") < order(world).index("ann")
    _set(world, "head_to_head", "wins", "score_difference")
    assert order(world).index("ann") < order(world).index("bob")


def test_most_kills_in_last_one_standing(world):
    league = world.new_league(LOS, tie_breakers=["most_kills"])
    log(world, {"ann": 1, "cal": 2}, league, scores={"ann": {"kills": 2}})
    log(world, {"bob": 1, "dee": 2}, league, scores={"bob": {"kills": 5}, "dee": {"kills": 1}})
    table = rows(world, league)
    assert (table["bob"]["kills"], table["ann"]["kills"], table["dee"]["kills"]) == (5, 2, 1)
    assert table["bob"]["score_difference"] is None  # the game has no score margin
    assert order(world, league)[:2] == ["bob", "ann"]


def test_new_points_apply_to_the_whole_season(world):
    log(world, {"ann": 1, "bob": 2})
    services.update_league(
        league=world.league, actor=world.organiser, points_table={"1": 10, "2": 1}
    )
    table = rows(world)
    assert (table["ann"]["points"], table["bob"]["points"]) == (10, 1)


def test_standings_as_csv(world):
    log(world, {"ann": 1, "bob": 2, "cal": 3}, scores={"ann": {"vp": 12}})
    client = world.client(world.outsider)
    for url in [world.url("standings.csv"), world.url("standings/") + "?format=csv"]:
        response = client.get(url)
        assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
        table = list(csv.DictReader(io.StringIO(response.content.decode())))
        assert [r["player"] for r in table[:3]] == ["ann", "bob", "cal"]
        assert table[0] == {**table[0], "rank": "1", "points": "5", "played": "1", "won": "1"}
        assert len(table) == 6
    assert "attachment" in client.get(world.url("standings.csv"))["Content-Disposition"]


def test_a_row_has_the_columns_the_csv_shows_and_the_api_documents(world):
    """One list of the table's columns (leagues/standings.py ``ROW_FIELDS``): the JSON rows,
    the CSV header and the documented row all say the same."""
    from leagues.api.standings import LeagueStandingRowSerializer
    from leagues.standings import ROW_FIELDS

    log(world, {"ann": 1, "bob": 2, "cal": 3})
    row = standings(world)["rows"][0]
    assert set(row) == set(ROW_FIELDS) == set(LeagueStandingRowSerializer().fields)
    header = world.client(world.outsider).get(world.url("standings.csv")).content.decode()
    assert header.splitlines()[0].split(",") == list(ROW_FIELDS)


def test_a_table_read_with_a_league_row_older_than_the_totals_is_not_the_cached_one(world):
    """The cache is looked up under the revision of the league row the caller read; if a write
    came in before the rows were read, what the cache holds is of the older totals: dropped."""
    from leagues.models import League
    from leagues.standings import league_standings

    log(world, {"ann": 1, "bob": 2, "cal": 3})
    stale = League.objects.get(pk=world.league.pk)
    before = league_standings(stale)  # cached under the stale revision
    log(world, {"cal": 1, "dee": 2, "bob": 3})  # cal's points change: ann's strength too
    table = league_standings(stale)
    fresh = league_standings(League.objects.get(pk=world.league.pk))
    assert table == fresh != before
    strength = {r["player"]: r["opponents_strength"] for r in table["rows"]}
    assert strength["ann"] != {r["player"]: r for r in before["rows"]}["ann"]["opponents_strength"]
