"""Standing seats: what opponents' strength reads (``StandingSeat``, one row per player and
confirmed result of a league), kept with the totals in the same transactions.

Strength is Σ over a player's results of ``scale // opponents`` × the opponents' current
points. Summed over the pairs (``StandingPair.weight`` × the other's points) that is one pass
over every pair of players who met, ~3.5× the league's seats at 10,000 results, and it was
most of the first read of the table after a write (docs/performance.md, "third pass"). Per
seat it is one pass over the seats with no join: ``share × opponents_points``.

Kept, never drifting (the same rules as the totals, ``leagues/summaries.py``):

- A result's seats are written when it starts counting and deleted when it stops (void), in
  the transaction that does it, from its participants.
- ``opponents_points`` depends on other players' points, which change only when one of them
  has a result start or stop counting (the players of that result) or when the points table
  changes. So in the transaction that recomputes those players' totals, the opponents' points
  of *every seat at a result one of them sat at* are recomputed from the totals just written
  (one UPDATE; no delta), and ``rescore_totals`` recomputes all of the league's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from django.db import connection

from leagues.models import StandingSeat, StandingTotals
from leagues.scoring import Entry


def seat_rows(match_id: int, entries: list[Entry], *, scale: int) -> list[tuple]:
    """(match, player, team, share) for each seat of one result."""
    sizes = Counter(e.side for e in entries)
    rows = []
    for e in entries:
        opponents = len(entries) - sizes[e.side]
        rows.append((match_id, e.player, e.team or "", scale // opponents if opponents else 0))
    return rows


_COLUMNS = "league_id, match_id, player_id, team, share, opponents_points"
_INSERT = "INSERT INTO {seat} (" + _COLUMNS + ") VALUES (%s, %s, %s, %s, %s, %s)"
_DELETE = "DELETE FROM {seat} WHERE league_id = %s AND match_id = %s"
# Opponents' points of each seat: the result's points less its side's (a seat without a team
# is a side alone), from the totals, per result by window sums; only the rows whose value
# changes are written. (A correlated subquery per seat, and every seat rewritten, cost ~4.6 ms
# of PostgreSQL per counting confirmation in a league whose two players sat at ~600 seats.)
_OPPONENTS = """
UPDATE {seat} SET opponents_points = x.opp
FROM (
    SELECT s.match_id, s.player_id,
           SUM(t.points) OVER (PARTITION BY s.match_id)
           - SUM(t.points) OVER (
               PARTITION BY s.match_id,
               CASE WHEN s.team = '' THEN 'p' || s.player_id ELSE 't' || s.team END
           ) AS opp
    FROM {seat} s
    JOIN {totals} t ON t.league_id = s.league_id AND t.player_id = s.player_id
    WHERE s.league_id = %s{only}
) x
WHERE {seat}.league_id = %s AND {seat}.match_id = x.match_id
  AND {seat}.player_id = x.player_id AND {seat}.opponents_points <> x.opp
"""
_ONLY = (
    " AND s.match_id IN (SELECT y.match_id FROM {seat} y"
    " WHERE y.league_id = %s AND y.player_id IN ({players}))"
)


def _tables() -> dict[str, str]:
    return {"seat": StandingSeat._meta.db_table, "totals": StandingTotals._meta.db_table}


def write_seats(*, league_id: int, rows: Iterable[tuple]) -> None:
    """Insert the seats (``seat_rows``) of results that start counting (their opponents'
    points are filled by ``refresh_opponents``, which must follow)."""
    rows = [(league_id, *row, 0) for row in rows]
    if not rows:
        return
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql" and len(rows) > 100:  # a rebuild: COPY
            sql = f"COPY {_tables()['seat']} ({_COLUMNS}) FROM STDIN"
            with cursor.cursor.copy(sql) as copy:
                for row in rows:
                    copy.write_row(row)
        else:
            cursor.executemany(_INSERT.format(**_tables()), rows)


def delete_seats(*, league_id: int, match_id: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute(_DELETE.format(**_tables()), [league_id, match_id])


def refresh_opponents(*, league_id: int, players: Iterable[int] | None = None) -> None:
    """Recompute ``opponents_points`` from the current totals for every seat at a result one
    of ``players`` sat at (every seat of the league when None). Called after those players'
    totals were written, in the same transaction."""
    tables = _tables()
    params = [league_id]
    only = ""
    if players is not None:
        players = sorted(set(players))
        if not players:
            return
        only = _ONLY.format(players=", ".join(["%s"] * len(players)), **tables)
        params += [league_id, *players]
    with connection.cursor() as cursor:
        cursor.execute(_OPPONENTS.format(only=only, **tables), [*params, league_id])
