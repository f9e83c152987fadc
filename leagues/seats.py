"""Standing seats: what opponents' strength reads (``StandingSeat``, one row per player and
confirmed result of a league), kept with the totals in the same transactions.

Strength is Σ over a player's results of ``scale // opponents`` × the opponents' current
points. Summed over the pairs (``StandingPair.weight`` × the other's points) that is one pass
over every pair of players who met, ~3.5× the league's seats at 10,000 results, and it was
most of the first read of the table after a write (docs/performance.md, "Standings"). Per
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
# Opponents: another player, not on the seat's team (a seat without a team is a side alone).
_OPPONENTS = """
UPDATE {seat} SET opponents_points = COALESCE((
    SELECT SUM(t.points) FROM {seat} o
    JOIN {totals} t ON t.league_id = o.league_id AND t.player_id = o.player_id
    WHERE o.league_id = {seat}.league_id AND o.match_id = {seat}.match_id
      AND o.player_id <> {seat}.player_id AND ({seat}.team = '' OR o.team <> {seat}.team)
), 0)
WHERE league_id = %s{only}
"""
_ONLY = (
    " AND match_id IN (SELECT x.match_id FROM {seat} x"
    " WHERE x.league_id = %s AND x.player_id IN ({players}))"
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
        if len(rows) > 100:  # a rebuild: COPY
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
        cursor.execute(_OPPONENTS.format(only=only, **tables), params)
