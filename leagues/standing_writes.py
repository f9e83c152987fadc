"""The rows ``leagues/summaries.py`` recomputes, written: a confirmation's few totals and pairs
by statements written once, a rebuild's whole league of pairs by ``COPY``.

The ORM's ``delete()`` and ``bulk_create()`` cost ~0.4 to 0.7 ms of CPU each to build (and
``bulk_create`` read the new ids back, which nothing uses) for statements of a few rows, on
every counting confirmation (docs/performance.md, "third pass").
"""

from __future__ import annotations

from django.db import connection

from leagues.models import StandingPair, StandingTotals

_DELETE_TOTALS = "DELETE FROM {table} WHERE league_id = %s AND player_id IN ({players})"
_DELETE_PAIRS = (
    "DELETE FROM {table} WHERE league_id = %s AND player_id IN ({players})"
    " AND other_id IN ({players})"
)
_INSERT = "INSERT INTO {table} ({columns}) VALUES ({marks})"
_PAIR_COLUMNS = ("league_id", "player_id", "other_id", "weight", "head_to_head")


def replace_rows(*, league_id: int, players: set[int], totals: list[dict], pairs: dict) -> None:
    """``players``' totals rows (``summaries.row_values``' dicts) and the pairs between two of
    them ({(player, other): [weight, head_to_head]}) replaced by those given. Only the pairs of
    these players: the results read are all those one of them played, so every result two of
    them shared is among them."""
    ids = sorted(players)
    marks = ", ".join(["%s"] * len(ids))
    json = StandingTotals._meta.get_field("place_counts")
    columns = ("league_id", *totals[0]) if totals else ()
    rows = []
    for values in totals:
        values = {
            **values,
            "place_counts": json.get_db_prep_save(values["place_counts"], connection),
        }
        rows.append([league_id, *(values[c] for c in columns[1:])])
    totals_table, pairs_table = StandingTotals._meta.db_table, StandingPair._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(_DELETE_TOTALS.format(table=totals_table, players=marks), [league_id, *ids])
        if rows:
            cursor.executemany(_insert(totals_table, columns), rows)
        cursor.execute(
            _DELETE_PAIRS.format(table=pairs_table, players=marks), [league_id, *ids, *ids]
        )
        if pairs:
            cursor.executemany(
                _insert(pairs_table, _PAIR_COLUMNS),
                [[league_id, a, b, w, h] for (a, b), (w, h) in pairs.items()],
            )


def _insert(table: str, columns: tuple) -> str:
    marks = ", ".join(["%s"] * len(columns))
    return _INSERT.format(table=table, columns=", ".join(columns), marks=marks)


def write_all_pairs(*, league_id: int, pairs: dict) -> None:
    """A whole league's pairs (hundreds of thousands in a big season): ``COPY`` on PostgreSQL,
    where INSERTs of that many rows take minutes; ``bulk_create`` elsewhere."""
    if connection.vendor != "postgresql":
        StandingPair.objects.bulk_create(
            (
                StandingPair(league_id=league_id, player_id=a, other_id=b, weight=w, head_to_head=h)
                for (a, b), (w, h) in pairs.items()
            ),
            batch_size=5000,
        )
        return
    meta = StandingPair._meta
    names = ["league", "player", "other", "weight", "head_to_head"]
    columns = ", ".join(connection.ops.quote_name(meta.get_field(n).column) for n in names)
    sql = f"COPY {connection.ops.quote_name(meta.db_table)} ({columns}) FROM STDIN"
    with connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
        for (player, other), (weight, head_to_head) in pairs.items():
            copy.write_row((league_id, player, other, weight, head_to_head))
