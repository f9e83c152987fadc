"""The rows ``leagues/summaries.py`` recomputes, written: a confirmation's few totals and pairs
through the ORM, a rebuild's whole league of pairs by ``COPY`` (psycopg's own), where INSERTs
of hundreds of thousands of rows take minutes (docs/performance.md, "Standings").
"""

from __future__ import annotations

from django.db import connection

from leagues.models import StandingPair, StandingTotals


def replace_rows(*, league_id: int, players: set[int], totals: list[dict], pairs: dict) -> None:
    """``players``' totals rows (``summaries.row_values``' dicts) and the pairs between two of
    them ({(player, other): [weight, head_to_head]}) replaced by those given. Only the pairs of
    these players: the results read are all those one of them played, so every result two of
    them shared is among them."""
    ids = sorted(players)
    StandingTotals.objects.filter(league_id=league_id, player_id__in=ids).delete()
    StandingTotals.objects.bulk_create(
        StandingTotals(league_id=league_id, **values) for values in totals
    )
    StandingPair.objects.filter(league_id=league_id, player_id__in=ids, other_id__in=ids).delete()
    StandingPair.objects.bulk_create(
        StandingPair(league_id=league_id, player_id=a, other_id=b, weight=w, head_to_head=h)
        for (a, b), (w, h) in pairs.items()
    )


def write_all_pairs(*, league_id: int, pairs: dict) -> None:
    """A whole league's pairs (hundreds of thousands in a big season) by ``COPY``."""
    meta = StandingPair._meta
    names = ["league", "player", "other", "weight", "head_to_head"]
    columns = ", ".join(connection.ops.quote_name(meta.get_field(n).column) for n in names)
    sql = f"COPY {connection.ops.quote_name(meta.db_table)} ({columns}) FROM STDIN"
    with connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
        for (player, other), (weight, head_to_head) in pairs.items():
            copy.write_row((league_id, player, other, weight, head_to_head))
