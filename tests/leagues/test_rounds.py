"""League nights over the API (docs/rules/leagues.md, "League nights"): check-in, opening a
round (Swiss or pods), results by table, closing, the night's standings."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from leagues.models import League
from leagues.rounds_models import Round
from tests.leagues.conftest import BR, LHF, LOS, errors_of, ok


def user(name):
    return get_user_model().objects.get(username=name)


@pytest.fixture
def swiss(world):
    """A Last Hope Frontier league (two-player: Swiss) of the six players, asking check-in."""
    world.league = world.new_league(LHF, name="Friday night")
    body = {"asks_check_in": True}
    ok(world.client(world.organiser).patch(world.url(), body, format="json"), 200)
    return world


def check_in(world, *names):
    for name in names:
        ok(world.client(user(name)).post(world.url("check-in/"), {}, format="json"), 200)


def report(world, reporter, round_, table, placements):
    body = {"round": round_, "table": table, "placements": placements}
    return world.client(user(reporter)).post(world.url("matches/"), body, format="json")


def play_round(world, answer):
    """Each table's first player reports a win, the other confirms."""
    for table in answer["tables"]:
        first, second = table["players"]
        result = ok(report(world, first, answer["number"], table["table"], {first: 1, second: 2}))
        ok(world.client(user(second)).post(world.url(f"matches/{result['id']}/confirm/")), 200)


def test_only_checked_in_members_are_paired_and_the_odd_one_has_a_bye(swiss):
    check_in(swiss, "ann", "bob", "cal", "dee", "eve")
    assert ok(swiss.client(swiss.organiser).get(swiss.url("check-in/")), 200)["players"] == [
        "ann",
        "bob",
        "cal",
        "dee",
        "eve",
    ]
    answer = ok(swiss.client(swiss.organiser).post(swiss.url("rounds/"), {"minutes": 50}))
    assert answer["number"] == 1 and answer["status"] == "open" and answer["deadline"]
    seated = [p for t in answer["tables"] for p in t["players"]] + answer["byes"]
    assert sorted(seated) == ["ann", "bob", "cal", "dee", "eve"]
    assert len(answer["byes"]) == 1 and [t["table"] for t in answer["tables"]] == [1, 2]


def test_a_member_checks_only_themselves_in_an_organiser_anyone(swiss):
    client = swiss.client(user("ann"))
    assert errors_of(client.post(swiss.url("check-in/"), {"player": "bob"}, format="json"), 403)
    ok(swiss.client(swiss.organiser).post(swiss.url("check-in/"), {"player": "bob"}), 200)
    assert "player" in errors_of(
        swiss.client(swiss.organiser).post(swiss.url("check-in/"), {"player": "zed"})
    )
    assert errors_of(swiss.client(swiss.outsider).post(swiss.url("check-in/"), {}), 403)
    assert swiss.client(user("ann")).post(swiss.url("rounds/"), {}).status_code == 403


def test_a_round_of_four_players_runs_to_its_close_and_the_next_avoids_rematches(swiss):
    check_in(swiss, "ann", "bob", "cal", "dee")
    organiser = swiss.client(swiss.organiser)
    first = ok(organiser.post(swiss.url("rounds/"), {}))
    # The next round waits for this one.
    assert "round" in errors_of(organiser.post(swiss.url("rounds/"), {}), 409)
    play_round(swiss, first)
    # The last confirmation ended the round.
    assert ok(organiser.get(swiss.url("rounds/1/")), 200)["status"] == "closed"
    second = ok(organiser.post(swiss.url("rounds/"), {}))
    met = {frozenset(t["players"]) for t in first["tables"]}
    assert not met & {frozenset(t["players"]) for t in second["tables"]}
    # Winners meet winners.
    winners = {t["players"][0] for t in first["tables"]}
    assert set(second["tables"][0]["players"]) == winners
    rows = ok(organiser.get(swiss.url("rounds/standings/")), 200)
    assert [r["points"] for r in rows] == [3, 3, 0, 0]
    assert {r["player"] for r in rows[:2]} == winners


def test_a_result_is_refused_when_its_players_are_not_the_tables(swiss):
    check_in(swiss, "ann", "bob", "cal", "dee")
    answer = ok(swiss.client(swiss.organiser).post(swiss.url("rounds/"), {}))
    one, two = answer["tables"][0]["players"]
    other = answer["tables"][1]["players"][0]
    assert "placements" in errors_of(report(swiss, one, 1, 1, {one: 1, other: 2}))
    assert "table" in errors_of(report(swiss, other, 1, 1, {one: 1, two: 2}), 403)
    assert "table" in errors_of(report(swiss, one, 1, 9, {one: 1, two: 2}))
    assert "round" in errors_of(report(swiss, one, 7, 1, {one: 1, two: 2}))
    ok(report(swiss, one, 1, 1, {one: 1, two: 2}))
    assert "table" in errors_of(report(swiss, two, 1, 1, {one: 2, two: 1}), 409)


def test_closing_records_unreported_tables_as_the_organiser_says(swiss):
    check_in(swiss, "ann", "bob", "cal", "dee")
    organiser = swiss.client(swiss.organiser)
    answer = ok(organiser.post(swiss.url("rounds/"), {}))
    assert "unreported" in errors_of(
        organiser.post(swiss.url("rounds/1/close/"), {"unreported": "maybe"}, format="json")
    )
    closed = ok(organiser.post(swiss.url("rounds/1/close/"), {"unreported": "draw"}), 200)
    assert closed["status"] == "closed"
    assert [t["status"] for t in closed["tables"]] == ["draw", "draw"]
    rows = ok(organiser.get(swiss.url("rounds/standings/")), 200)
    assert {r["points"] for r in rows} == {1} and len(answer["tables"]) == 2


def test_drops_and_late_arrivals_change_the_next_round(swiss):
    check_in(swiss, "ann", "bob", "cal", "dee")
    organiser = swiss.client(swiss.organiser)
    ok(organiser.post(swiss.url("rounds/"), {}))
    ok(swiss.client(user("dee")).delete(swiss.url("check-in/"), {}, format="json"), 200)
    ok(organiser.post(swiss.url("check-in/"), {"player": "eve"}), 200)
    ok(organiser.post(swiss.url("check-in/"), {"player": "fay"}), 200)
    ok(organiser.post(swiss.url("rounds/1/close/"), {}), 200)
    second = ok(organiser.post(swiss.url("rounds/"), {}))
    seated = sorted([p for t in second["tables"] for p in t["players"]] + second["byes"])
    assert seated == ["ann", "bob", "cal", "eve", "fay"]


@pytest.mark.parametrize("ruleset", [LOS, BR])
def test_free_for_all_leagues_are_seated_in_pods_within_the_games_counts(world, ruleset):
    from rulesets.registry import get_ruleset

    league = world.new_league(ruleset)
    answer = ok(world.client(world.organiser).post(world.url("rounds/", league), {}))
    game = get_ruleset(ruleset)
    sizes = [len(t["players"]) for t in answer["tables"]]
    assert sum(sizes) == 6 and all(game.min_players <= s <= game.max_players for s in sizes)


def test_rounds_are_listed_and_bad_input_names_the_field(swiss):
    organiser = swiss.client(swiss.organiser)
    assert "players" in errors_of(organiser.post(swiss.url("rounds/"), {}), 409)
    assert "minutes" in errors_of(organiser.post(swiss.url("rounds/"), {"minutes": 0}))
    assert "minutes" in errors_of(
        organiser.post(swiss.url("rounds/"), {"minutes": "soon"}, format="json")
    )
    check_in(swiss, "ann", "bob")
    ok(organiser.post(swiss.url("rounds/"), {}))
    listed = ok(organiser.get(swiss.url("rounds/")), 200)
    assert [r["number"] for r in listed] == [1]
    assert organiser.get(swiss.url("rounds/2/")).status_code == 404
    assert Round.objects.get(league=swiss.league).status == "open"


def test_league_night_settings_are_checked(swiss):
    organiser = swiss.client(swiss.organiser)
    assert "bye_points" in errors_of(organiser.patch(swiss.url(), {"bye_points": -1}))
    assert "unreported_tables" in errors_of(
        organiser.patch(swiss.url(), {"unreported_tables": "x"})
    )
    ok(organiser.patch(swiss.url(), {"bye_points": 2, "unreported_tables": "loss"}), 200)
    league = League.objects.get(pk=swiss.league.pk)
    assert (league.bye_points, league.unreported_tables) == (2, "loss")


def test_each_player_hears_their_table_or_their_bye_when_a_round_is_paired(swiss):
    """The pairing reaches the players wherever they are: a notification each, naming the
    table and the opponent, or the bye, with a link to the round's pairings."""
    from notifications.models import Notification
    from notifications.texts import render

    check_in(swiss, "ann", "bob", "cal", "dee", "eve")
    answer = ok(swiss.client(swiss.organiser).post(swiss.url("rounds/"), {}))
    paired = Notification.objects.filter(kind__startswith="league_round")
    for table in answer["tables"]:
        for name in table["players"]:
            (notice,) = paired.filter(recipient=user(name))
            (other,) = [p for p in table["players"] if p != name]
            text = render(notice.kind, notice.params)
            assert f"table {table['table']}, against {other}" in text, text
            assert notice.link.endswith(f"/pairings/{answer['number']}/")
    (bye,) = answer["byes"]
    (notice,) = paired.filter(recipient=user(bye))
    assert "you have a bye" in render(notice.kind, notice.params)
