"""Every list and detail endpoint reads in a fixed number of queries, whatever the size."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import UserFactory
from tests.leagues.conftest import LOS, ok

pytestmark = pytest.mark.django_db


def season(world, results: int):
    """``results`` confirmed four-player results and as many waiting ones, in two leagues."""
    players = [UserFactory() for _ in range(8)]
    league = world.new_league(LOS, members=[*world.players, *players])
    names = [p.username for p in [*world.players, *players]]
    for n in range(results):
        four = [names[(n + k) % len(names)] for k in range(4)]
        body = {
            "placements": dict(zip(four, [1, 2, 2, 4], strict=True)),
            "scores": {four[0]: {"kills": n % 3}},
        }
        ok(world.log(world.organiser, body, league))
        ok(world.log(world.organiser, {"placements": {"ann": 1, "bob": 2}}))
        ok(world.log(world.players[2], {"placements": {"cal": 1, "dee": 2}}))
    return league


def endpoints(world, league):
    result = league.results.first()
    return {
        "leagues": "/api/v1/leagues/",
        "league": world.url(league=league),
        "members": world.url("members/", league),
        "results": world.url("matches/", league),
        "result": world.url(f"matches/{result.pk}/", league),
        "standings": world.url("standings/", league),
        "standings.csv": world.url("standings.csv", league),
        "leaderboard": f"/api/v1/rulesets/{LOS}/leaderboard/",
        "player": "/api/v1/players/ann/stats/",
    }


BUDGET = {
    "leagues": 3,  # count, page, organisers
    "league": 2,
    "members": 3,  # league, count, page
    "results": 6,  # league, count, page, participants, confirmations, rating changes
    "result": 4,
    # league; the rows (active members and anyone with a counted result, their standing
    # totals, the results counted) with opponents' strength from one pass over the standing
    # seats, in one statement; head-to-head among the tied, when there are some, one more
    # (#20; test_standings_read_totals_not_results_and_ask_about_ties_only_when_there_are_some)
    "standings": 3,
    "standings.csv": 3,
    "leaderboard": 3,  # count, page, finished matches played (#21)
    "player": 4,  # user, participants, ratings, rating history
}


def count(world, url):
    client = world.client(world.outsider)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200, url
    return len(queries)


def test_query_budgets(world, django_assert_max_num_queries):
    league = season(world, 3)
    client = world.client(world.outsider)
    for name, url in endpoints(world, league).items():
        with django_assert_max_num_queries(BUDGET[name]):
            assert client.get(url).status_code == 200, name


def test_queries_do_not_grow_with_the_season(world):
    small = season(world, 2)
    small_counts = {name: count(world, url) for name, url in endpoints(world, small).items()}
    big = season(world, 12)
    big_counts = {name: count(world, url) for name, url in endpoints(world, big).items()}
    assert big_counts == small_counts


def test_standings_read_totals_not_results_and_ask_about_ties_only_when_there_are_some(world):
    client = world.client(world.outsider)
    url = world.url("standings/")
    queries = {}
    for name, placements in [
        ("untied", {"ann": 1, "bob": 2, "cal": 3}),
        ("tied", {"ann": 2, "bob": 1, "cal": 3}),  # ann and bob level on points now
    ]:
        world.log_counted({"placements": placements})
        with CaptureQueriesContext(connection) as captured:
            body = ok(client.get(url), 200)
        queries[name] = len(captured)
    rows = {r["player"]: r for r in body["rows"]}
    assert (
        rows["ann"]["points"] == rows["bob"]["points"] and body["tie_breakers"][0] == "head_to_head"
    )
    # league; rows and strength in one statement (one pass over the seats); head-to-head
    # about the tied only, a query of its own. Never a read of the results' participants.
    assert queries == {"untied": 2, "tied": 3}
    # Read again, nothing written: strength and head-to-head come from the cache.
    with CaptureQueriesContext(connection) as captured:
        assert ok(client.get(url), 200) == body
    assert len(captured) == 2  # league, rows


def test_standings_with_strength_before_head_to_head_read_the_pairs_twice(world):
    """Strength breaks ties before head-to-head: the groups asked about are those left."""
    world.league.tie_breakers = ["opponents_strength", "head_to_head"]
    world.league.save(update_fields=["tie_breakers"])
    client = world.client(world.outsider)
    url = world.url("standings/")
    world.log_counted({"placements": {"ann": 1, "bob": 2, "cal": 3}})
    world.log_counted({"placements": {"ann": 2, "bob": 1, "cal": 3}})
    with CaptureQueriesContext(connection) as captured:
        body = ok(client.get(url), 200)
    rows = {r["player"]: r for r in body["rows"]}
    assert rows["ann"]["points"] == rows["bob"]["points"]
    assert rows["ann"]["opponents_strength"] == rows["bob"]["opponents_strength"]
    assert len(captured) == 3  # league, rows with strength, head-to-head
    with CaptureQueriesContext(connection) as captured:
        assert ok(client.get(url), 200) == body
    assert len(captured) == 2


# The writes of a result (#20, docs/performance.md "League results, CPU"): each answers with
# the rows it wrote or locked, never reading the result back, and the answer is what a read
# of the result shows right after. Counted with force_authenticate (no token read), in the
# test's transaction (so the service's atomic block is a SAVEPOINT and its RELEASE).
WRITE_BUDGET = {
    # league; savepoint; the named members (the reporter among them: an active member
    # reporting their own game, no organiser or member check); log_result's savepoint,
    # players, match, seats, release; the result; the reporter's confirmation; the
    # notifications of the other players (one INSERT); release
    "log": 12,
    # the result's league check; savepoint; the locks (result, league) with the match and
    # users joined; seats; the confirmation (one INSERT, a repeat ignored); the
    # confirmations; release
    "confirm, still waiting": 7,
    # the same, then the rating: series number (its UPDATE, then its read), ratings, the new
    # player's rating row, the others' update, changes; the result; the totals: the revision,
    # the players' results, totals and pairs deleted and inserted; the result's seats
    # inserted, the opponents' points of its players' seats recomputed; whether it was a
    # league night's last table (leagues/rounds_closing.py); the league's webhooks
    "confirm, counting": 24,
}


def test_writes_of_a_result_answer_what_a_read_shows_in_a_fixed_number_of_queries(
    world, django_assert_max_num_queries
):
    ann, bob, cal = world.players[:3]
    world.log_counted({"placements": {"ann": 1, "bob": 2}})  # the players have ratings already
    body = {
        "placements": {"ann": 1, "bob": 2, "cal": 2},
        "scores": {"ann": {"vp": 12}, "bob": {"vp": 7}},
        "played_at": "2026-01-02T03:04:05.678901+05:30",  # another offset than the server's
    }
    with django_assert_max_num_queries(WRITE_BUDGET["log"]):
        logged = ok(world.log(ann, body))
    url = world.url(f"matches/{logged['id']}/")
    assert logged == ok(world.client(ann).get(url), 200)
    assert logged["confirmations"] == ["ann"] and logged["awaiting"] == ["bob", "cal"]
    confirm = world.url(f"matches/{logged['id']}/confirm/")
    with django_assert_max_num_queries(WRITE_BUDGET["confirm, still waiting"]):
        waiting = ok(world.client(bob).post(confirm), 200)
    assert waiting == ok(world.client(ann).get(url), 200)
    assert waiting["status"] == "reported" and waiting["awaiting"] == ["cal"]
    with django_assert_max_num_queries(WRITE_BUDGET["confirm, counting"]):
        counted = ok(world.client(cal).post(confirm), 200)
    assert counted == ok(world.client(ann).get(url), 200)
    assert counted["status"] == "confirmed" and counted["confirmed_by"] == "cal"
    assert [r["player"] for r in counted["ratings"]] == ["ann", "bob", "cal"]
    # Confirming again changes nothing, and says so with the result as it is.
    assert ok(world.client(cal).post(confirm), 200) == counted


def test_a_confirmation_of_a_disputed_result_answers_what_a_read_shows(world):
    ann, bob, cal = world.players[:3]
    logged = ok(world.log(ann, {"placements": {"ann": 1, "bob": 2, "cal": 3}}))
    url = world.url(f"matches/{logged['id']}/")
    ok(world.client(bob).post(url + "dispute/", {"reason": "I was second"}, format="json"), 200)
    waiting = ok(world.client(cal).post(url + "confirm/"), 200)  # still waits for bob
    assert waiting == ok(world.client(ann).get(url), 200)
    assert waiting["status"] == "disputed" and waiting["awaiting"] == ["bob"]
    counted = ok(world.client(bob).post(url + "confirm/"), 200)  # bob withdraws: it counts
    assert counted == ok(world.client(ann).get(url), 200)
    assert counted["status"] == "confirmed" and counted["disputed_by"] is None
    assert len(counted["ratings"]) == 3
