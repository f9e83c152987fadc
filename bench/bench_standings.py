"""League standings at scale: the endpoint against a plain SQL aggregate of the same rows.

Seasons of 1,000, 10,000 and 100,000 confirmed Last One Standing results among 1,000 players
(3 to 6 players a game, ties included), written in bulk (``bulk_create``; ``COPY`` on
PostgreSQL) into a throwaway database made for the run (Django's test-database machinery:
in-memory SQLite, or ``test_<name>`` on PostgreSQL) and dropped afterwards, then the standing
totals and pairs rebuilt (``rebuild_totals``, as ``manage.py rebuild_standings`` does; timed)
and the tables analysed, as autovacuum would have. Then, interleaved, per size:

- ``GET /api/v1/leagues/{id}/standings/`` through DRF's ``APIClient`` (points per place, five
  tie-breakers, head-to-head included), its queries counted: a fixed number, whatever the size;
  *built* (the cache cleared first: the first read after a write) and *cached* (a read again);
- one ``GROUP BY`` query over the same participants computing points, games, wins and average
  place per player, sorted by points: the least any standings table recomputed from the
  results must cost (the floor).

The figures are ratios of median times. Run: ``.venv/bin/python bench/bench_standings.py``.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

MATCHES = 10_000
SIZES = (1_000, 10_000, 100_000)
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


def _seed(*, matches: int, players: int, prefix: str) -> tuple[object, object]:
    """Bulk-write the season; returns the league id and a user to read it as."""
    from django.db.models import Max
    from django.utils import timezone

    from accounts.models import User
    from leagues.models import League, LeagueMatch, Membership
    from matches.models import Match, Participant

    rng = random.Random(SEED)
    users = User.objects.bulk_create(
        User(username=f"{prefix}{n:04}", password="!") for n in range(players)
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
    # Rating numbers are unique per game across leagues: after the seasons already seeded.
    first = (
        LeagueMatch.objects.filter(ruleset=RULESET).aggregate(m=Max("rating_seq"))["m"] or 0
    ) + 1
    for seq, match in enumerate(rows, start=first):
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
    _bulk(Participant, participants)
    _bulk(LeagueMatch, results)
    return league, organiser


def _bulk(model, objects: list) -> None:
    """A COPY of the rows (100,000 results are ~450,000 participants: COPY takes seconds where
    INSERTs take minutes)."""
    from django.db import connection

    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    table = connection.ops.quote_name(model._meta.db_table)
    sql = f"COPY {table} ({columns}) FROM STDIN"
    with connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
        for obj in objects:
            copy.write_row([f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields])


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


def _analyze() -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def measure(
    *, matches: int = MATCHES, players: int = PLAYERS, runs: int = RUNS, prefix: str = "bench"
) -> dict:
    """Seed one league and measure it in the current (throwaway) database."""
    from django.core.cache import cache
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext
    from rest_framework.test import APIClient

    from leagues.models import StandingPair
    from leagues.summaries import rebuild_totals

    started = time.perf_counter()
    league, reader = _seed(matches=matches, players=players, prefix=prefix)
    league_id = league.pk
    seeded = time.perf_counter() - started
    # The rows were written in bulk, past the services: the totals come from the rebuild
    # (what `manage.py rebuild_standings` and the data migration run).
    started = time.perf_counter()
    rebuild_totals(league=league)
    rebuilt = time.perf_counter() - started
    _analyze()
    client = APIClient()
    client.force_authenticate(reader)
    url = f"/api/v1/leagues/{league_id}/standings/"

    def endpoint():
        response = client.get(url, secure=True)  # secure: no HTTPS redirect when DEBUG is off
        assert response.status_code == 200, response.content[:300]
        return response.json()

    def built():
        cache.clear()
        return endpoint()

    def counted(fn) -> int:
        reset_queries()  # each request clears the log: the context must start from an empty one
        with CaptureQueriesContext(connection) as queries:
            fn()
        return len(queries)  # now: the next request clears the log it reads from

    built_queries, cached_queries = counted(built), counted(endpoint)
    times = {"built": [], "cached": [], "sql": []}
    table = aggregate = None
    floor = lambda: _sql_aggregate(league_id)  # noqa: E731
    for fn in (built, endpoint, floor):
        fn()  # warm up: imports, the database's pages
    for _ in range(runs):  # interleaved, so that drift hits all three
        for name, fn in (("built", built), ("cached", endpoint), ("sql", floor)):
            start = time.perf_counter()
            value = fn()
            times[name].append(time.perf_counter() - start)
            if name == "sql":
                aggregate = value
            else:
                table = value
    built_time, cached_time, sql_time = (statistics.median(times[k]) for k in times)

    # The two agree on what they both compute.
    by_name = {row["player"]: row for row in table["rows"]}
    names = dict(
        type(reader).objects.filter(username__startswith=prefix).values_list("pk", "username")
    )
    for player_id, points, played, won, _ in aggregate:
        row = by_name[names[player_id]]
        assert (row["points"], row["played"], row["won"] + row["drawn"]) == (points, played, won)
    return {
        "matches": matches,
        "players": players,
        "participants": sum(r[2] for r in aggregate),
        "pairs": StandingPair.objects.filter(league_id=league_id).count(),
        "database": connection.vendor,
        "queries": built_queries,
        "cached_queries": cached_queries,
        "built_seconds": built_time,
        "cached_seconds": cached_time,
        "sql_seconds": sql_time,
        "ratio_built": built_time / sql_time,
        "ratio_cached": cached_time / sql_time,
        "seed_seconds": seeded,
        "rebuild_seconds": rebuilt,
        "warnings": len(table["warnings"]),
        "runs": runs,
    }


def row_of(result: dict) -> dict:
    """The markdown cells of one size's figures."""
    n = result["matches"]
    return {
        "figure": f"standings, {n:,} results × {result['players']:,} players, vs plain SQL "
        "aggregate",
        "ratio": f"{result['ratio_cached']:.2f}× read again (cached); "
        f"{result['ratio_built']:.2f}× first read after a write (built)",
        "method": (
            f"median of {result['runs']} GET leagues/{{id}}/standings/ via APIClient (built: "
            f"{result['queries']} queries, cache cleared first; cached: "
            f"{result['cached_queries']} queries), 5 tie-breakers, interleaved with one "
            f"GROUP BY query over the results (the floor); {result['database']}"
        ),
        "absolute": (
            f"built {result['built_seconds'] * 1000:.0f} ms, cached "
            f"{result['cached_seconds'] * 1000:.0f} ms, SQL {result['sql_seconds'] * 1000:.0f} "
            f"ms; {result['participants']:,} rows, {result['pairs']:,} pairs; totals rebuilt in "
            f"{result['rebuild_seconds']:.1f} s (seeded in {result['seed_seconds']:.0f} s)"
        ),
    }


def main(*, sizes=SIZES, players: int = PLAYERS, runs: int = RUNS) -> dict:
    """Run in a test database of its own (created, migrated, then dropped); print one
    markdown row per size and return the figures (``rows``: one dict per size)."""
    _setup_django()
    from django.conf import settings
    from django.db import connection
    from django.test.utils import override_settings

    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    results = []
    try:
        # DEBUG off as in production (DEBUG logs every query); the test client's host allowed.
        hosts = [*settings.ALLOWED_HOSTS, "testserver"]
        with override_settings(DEBUG=False, ALLOWED_HOSTS=hosts):
            for n, matches in enumerate(sizes):
                size_runs = runs if matches < 100_000 else max(3, runs - 2)
                result = measure(matches=matches, players=players, runs=size_runs, prefix=f"b{n}x")
                results.append(result)
                cells = row_of(result)
                print("| " + " | ".join(cells.values()) + " |", flush=True)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    return {"rows": [{**row_of(r), "data": r} for r in results]}


if __name__ == "__main__":
    # Run as a script, bench/ is first on the path, and bench/http.py would hide the standard
    # library's http: put the project root there instead.
    sys.path[0] = str(Path(__file__).resolve().parent.parent)
    main()
