"""The night's tie-breakers, from the rule (leagues/event_standings.py, pure Python):
Buchholz, opponents' match-win percentage (each at least ⅓), head-to-head; byes score
points but are no games."""

from __future__ import annotations

from leagues.event_standings import TableRecord, standings

NAMES = {1: "ann", 2: "bob", 3: "cal", 4: "dee"}


def won(round_, winner, loser):
    return TableRecord(
        round=round_,
        players=(winner, loser),
        counted=True,
        points={winner: 3, loser: 0},
        outcome={winner: "win", loser: "loss"},
        place={winner: 1, loser: 2},
    )


def rows_by_name(rows):
    return {r["player"]: r for r in rows}


def test_buchholz_then_opponents_win_percentage_separate_players_level_on_points():
    # ann beat cal, bob beat dee, then cal beat dee: ann, bob and cal have 3 points each.
    tables = [won(1, 1, 3), won(1, 2, 4), won(2, 3, 4)]
    rows = standings([1, 2, 3, 4], tables, [], bye_points=3, names=NAMES)
    by = rows_by_name(rows)
    # Buchholz: ann met cal (3), cal met ann and dee (3 + 0), bob met dee (0).
    assert (by["ann"]["buchholz"], by["cal"]["buchholz"], by["bob"]["buchholz"]) == (3, 3, 0)
    # ann and cal still level: cal's opponents won more (ann 100%, dee 0 → ⅓) than ann's
    # (cal: 1 of 2).
    assert by["cal"]["opponents_win_percentage"] > by["ann"]["opponents_win_percentage"]
    assert [r["player"] for r in rows] == ["cal", "ann", "bob", "dee"]
    assert not any(r["tied"] for r in rows)


def test_opponents_match_win_percentage_floors_each_opponent_at_a_third():
    tables = [won(1, 1, 2), won(1, 3, 4), won(2, 1, 3), won(2, 2, 4)]
    by = rows_by_name(standings([1, 2, 3, 4], tables, [], bye_points=3, names=NAMES))
    # ann met bob (1 of 2 won: 50%) and cal (1 of 2: 50%).
    assert by["ann"]["opponents_win_percentage"] == 50.0
    # bob met ann (100%) and dee (0 won: counted as 33.33%).
    assert by["bob"]["opponents_win_percentage"] == round((1 + 1 / 3) / 2 * 100, 2)


def test_head_to_head_decides_between_players_still_level():
    # A pod where ann finished ahead of bob, both scoring the same (a shared first place's
    # points): level on points, Buchholz and opponents' percentage; ann finished ahead.
    pod = TableRecord(
        round=1,
        players=(2, 1, 3),
        counted=True,
        points={1: 3, 2: 3, 3: 0},
        outcome={1: "draw", 2: "draw", 3: "loss"},
        place={1: 1, 2: 2, 3: 3},
    )
    rows = standings([1, 2, 3], [pod], [], bye_points=3, names=NAMES)
    by = rows_by_name(rows)
    assert by["ann"]["buchholz"] == by["bob"]["buchholz"]
    assert by["ann"]["opponents_win_percentage"] == by["bob"]["opponents_win_percentage"]
    assert [r["player"] for r in rows] == ["ann", "bob", "cal"]
    assert not by["ann"]["tied"]


def test_a_bye_scores_its_points_and_is_no_game():
    by = rows_by_name(standings([1, 2, 3], [won(1, 1, 2)], [3], bye_points=2, names=NAMES))
    assert (by["cal"]["points"], by["cal"]["played"], by["cal"]["byes"]) == (2, 0, 1)
    assert by["cal"]["buchholz"] == 0


def test_an_unplayed_table_scores_nothing_but_its_players_are_listed():
    unplayed = TableRecord(round=1, players=(1, 2))
    by = rows_by_name(standings([1, 2], [unplayed], [], bye_points=3, names=NAMES))
    assert by["ann"]["points"] == by["bob"]["points"] == 0 and by["ann"]["played"] == 0
