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
    "standings": 3,  # league, members, participants of confirmed results
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
