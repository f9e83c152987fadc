"""League standings at scale: the endpoint against a plain SQL aggregate of the same rows.

A season of 10,000 confirmed Last One Standing results among 1,000 players (3 to 6 players a
game, ties included), written with ``bulk_create`` into a throwaway database made for the run
(Django's test-database machinery: in-memory SQLite, or ``test_<name>`` on PostgreSQL) and
dropped afterwards. Then:

- ``GET /api/v1/leagues/{id}/standings/`` through DRF's ``APIClient`` (points per place, five
  tie-breakers, head-to-head included), its queries counted: a fixed number, whatever the size;
- one ``GROUP BY`` query over the same participants computing points, games, wins and average
  place per player, sorted by points: the least any standings table must cost.

The figure is the ratio of their median times: what ranking, tie-breakers and serialising
cost on top of reading the rows. Run: ``.venv/bin/python bench/bench_standings.py``.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

MATCHES = 10_000
PLAYERS = 1_000
RUNS = 5
SEED = 10
RULESET = "last-one-standing"
TABLE = {"1": 10, "2": 6, "3": 4, "4": 2, "5": 1}
TIE_BREAKERS = ["head_to_head", "wins", "average_placement", "opponents_strength", "most_kills"]


def _setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()  # harmless when already done


def _seed(*, matches: int, players: int) -> tuple[int, object]:
    """Bulk-write the season; returns the league id and a user to read it as."""
    from django.utils import timezone

    from accounts.models import User
    from leagues.models import League, LeagueMatch, Membership
    from matches.models import Match, Participant

    rng = random.Random(SEED)
    users = User.objects.bulk_create(
        User(username=f"bench{n:04}", password="!") for n in range(players)
    )
    organiser = users[0]
    league = League.objects.create(
        name="Bench season",
        ruleset=RULESET,
        created_by=organiser,
        points_table=TABLE,
        tie_breakers=TIE_BREAKERS,
    )
    league.organisers.add(organiser)
    Membership.objects.bulk_create(
        # Members who accepted their invitation: only active members are in the table.
        Membership(league=league, player=u, via="invitation", status="active")
        for u in users
    )
    now = timezone.now()
    rows = Match.objects.bulk_create(
        (
            Match(ruleset=RULESET, live=False, status="reported", played_at=now, outcome={})
            for _ in range(matches)
        ),
        batch_size=2000,
    )
    participants, results = [], []
    for seq, match in enumerate(rows, start=1):
        table = rng.sample(users, rng.randint(3, 6))
        keys = [rng.randint(0, len(table) - 1) for _ in table]  # equal keys: a tie
        for seat, (user, key) in enumerate(zip(table, keys, strict=True), start=1):
            participants.append(
                Participant(
                    match=match,
                    player=user,
                    seat=f"s{seat}",
                    placement=1 + sum(1 for k in keys if k < key),
                    scores={"kills": rng.randint(0, 3)},
                )
            )
        results.append(
            LeagueMatch(
                league=league,
                match=match,
                ruleset=RULESET,
                status="confirmed",
                reported_by=organiser,
                confirmed_by=organiser,
                confirmed_at=now,
                rating_seq=seq,
            )
        )
    Participant.objects.bulk_create(participants, batch_size=5000)
    LeagueMatch.objects.bulk_create(results, batch_size=5000)
    return league, organiser


SQL = """
SELECT p.player_id,
       SUM(CASE p.placement {cases} ELSE 0 END) AS points,
       COUNT(*) AS played,
       SUM(CASE WHEN p.placement = 1 THEN 1 ELSE 0 END) AS won,
       AVG(p.placement) AS average_placement
FROM matches_participant p
JOIN leagues_leaguematch r ON r.match_id = p.match_id
WHERE r.league_id = %s AND r.status = 'confirmed'
GROUP BY p.player_id
ORDER BY points DESC, won DESC, average_placement ASC
"""


def _sql_aggregate(league_id: int) -> list[tuple]:
    from django.db import connection

    cases = " ".join(f"WHEN {int(place)} THEN {int(points)}" for place, points in TABLE.items())
    with connection.cursor() as cursor:
        cursor.execute(SQL.format(cases=cases), [league_id])
        return cursor.fetchall()


def _timed(fn, runs: int) -> tuple[float, object]:
    fn()  # warm up: imports, caches, the database's pages
    times, value = [], None
    for _ in range(runs):
        start = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), value


def measure(*, matches: int = MATCHES, players: int = PLAYERS, runs: int = RUNS) -> dict:
    """Seed and measure in the current (throwaway) database."""
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext
    from rest_framework.test import APIClient

    from leagues.summaries import rebuild_totals

    started = time.perf_counter()
    league, reader = _seed(matches=matches, players=players)
    league_id = league.pk
    seeded = time.perf_counter() - started
    # The rows were written in bulk, past the services: the totals come from the rebuild
    # (what `manage.py rebuild_standings` and the data migration run).
    started = time.perf_counter()
    rebuild_totals(league=league)
    rebuilt = time.perf_counter() - started
    client = APIClient()
    client.force_authenticate(reader)
    url = f"/api/v1/leagues/{league_id}/standings/"

    def endpoint():
        response = client.get(url, secure=True)  # secure: no HTTPS redirect when DEBUG is off
        assert response.status_code == 200, response.content[:300]
        return response.json()

    reset_queries()  # each request clears the log: the context must start from an empty one
    with CaptureQueriesContext(connection) as queries:
        endpoint()
    query_count = len(queries)  # now: the next request clears the log it reads from
    api_time, table = _timed(endpoint, runs)
    sql_time, aggregate = _timed(lambda: _sql_aggregate(league_id), runs)

    # The two agree on what they both compute.
    by_name = {row["player"]: row for row in table["rows"]}
    names = dict(
        type(reader).objects.filter(username__startswith="bench").values_list("pk", "username")
    )
    for player_id, points, played, won, _ in aggregate:
        row = by_name[names[player_id]]
        assert (row["points"], row["played"], row["won"] + row["drawn"]) == (points, played, won)
    return {
        "matches": matches,
        "players": players,
        "participants": sum(r[2] for r in aggregate),
        "database": connection.vendor,
        "queries": query_count,
        "api_seconds": api_time,
        "sql_seconds": sql_time,
        "ratio": api_time / sql_time if sql_time else float("nan"),
        "seed_seconds": seeded,
        "rebuild_seconds": rebuilt,
        "warnings": len(table["warnings"]),
    }


def main(*, matches: int = MATCHES, players: int = PLAYERS, runs: int = RUNS) -> dict:
    """Run in a test database of its own (created, migrated, then dropped); print one
    markdown row and return the figures."""
    _setup_django()
    from django.conf import settings
    from django.db import connection
    from django.test.utils import override_settings

    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        # DEBUG off as in production (DEBUG logs every query); the test client's host allowed.
        hosts = [*settings.ALLOWED_HOSTS, "testserver"]
        with override_settings(DEBUG=False, ALLOWED_HOSTS=hosts):
            result = measure(matches=matches, players=players, runs=runs)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    result["ratio_value"] = result["ratio"]
    result.update(
        figure=f"standings, {matches:,} results × {players:,} players, vs plain SQL aggregate",
        ratio=f"{result['ratio']:.1f}×",
        method=(
            f"median of {runs} GET leagues/{{id}}/standings/ via APIClient ({result['queries']} "
            f"queries, 5 tie-breakers) / median of one GROUP BY query; {result['database']}"
        ),
        absolute=(
            f"endpoint {result['api_seconds'] * 1000:.0f} ms, SQL "
            f"{result['sql_seconds'] * 1000:.0f} ms, {result['participants']:,} rows"
        ),
    )
    cells = [result["figure"], result["ratio"], result["method"], result["absolute"]]
    print("| " + " | ".join(cells) + " |", flush=True)
    return result


if __name__ == "__main__":
    # Run as a script, bench/ is first on the path, and bench/http.py would hide the standard
    # library's http: put the project root there instead.
    sys.path[0] = str(Path(__file__).resolve().parent.parent)
    main()
