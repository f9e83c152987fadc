"""A resolution batch's writes — the match row, the settled actions, the new events — as one
statement (data-modifying ``WITH`` clauses).

Why: under the match row lock every statement is a round trip the next move waits for
(docs/performance.md, "The one hand-written write"). The three writes touch different rows,
so doing them in one statement changes nothing but the number of round trips. No model
signal is involved (the matches app has no receivers). The one piece of hand-written SQL
write the project keeps: tests/matches/test_turn_queries.py holds its rows equal to what
``save``/``update``/``bulk_create`` would write.
"""

from __future__ import annotations

from functools import cache, lru_cache

from django.db import DEFAULT_DB_ALIAS, connections

from matches.models import Match, MatchAction, MatchEvent

MATCH_FIELDS = ("state", "version", "status", "outcome", "finished_at", "last_event_seq")
ACTION_FIELDS = ("status", "reason", "version_after", "resolved_at")


def write_batch(
    *, match: Match | None, settled: list[MatchAction], events: list[MatchEvent]
) -> None:
    """Write ``match`` (its MATCH_FIELDS; None: the row is unchanged), the ``settled``
    actions' ACTION_FIELDS and insert ``events``."""
    conn = connections[DEFAULT_DB_ALIAS]  # the wrapper itself: no proxy lookup per value
    if match is None and not settled and not events:
        return
    params: list = []
    if match is not None:
        params += [*_values(conn, match, _fields(Match, MATCH_FIELDS)), match.pk]
    action_fields = _fields(MatchAction, ACTION_FIELDS)
    for action in settled:
        params += [action.pk, *_values(conn, action, action_fields)]
    event_fields = _fields(MatchEvent, None)
    for event in events:
        params += _values(conn, event, event_fields, add=True)
    with conn.cursor() as cursor:
        cursor.execute(_statement(match is not None, len(settled), len(events)), params)


@cache
def _fields(model, names: tuple[str, ...] | None) -> tuple:
    """The fields written, in the statement's order (None: every column but the id)."""
    if names is None:
        return tuple(f for f in model._meta.concrete_fields if not f.primary_key)
    return tuple(model._meta.get_field(name) for name in names)


def _values(conn, instance, fields, *, add: bool = False) -> list:
    return [f.get_db_prep_save(f.pre_save(instance, add), conn) for f in fields]


# The statement depends only on how many rows the batch writes (1 action and 1-3 events for
# nearly every move), so its text is built once per shape, not once per batch.
@lru_cache(maxsize=256)
def _statement(match: bool, actions: int, events: int) -> str:
    quote = connections[DEFAULT_DB_ALIAS].ops.quote_name  # PostgreSQL's quoting, always
    clauses = []
    if match:
        fields = _fields(Match, MATCH_FIELDS)
        assignments = ", ".join(f"{quote(f.column)} = %s" for f in fields)
        clauses.append(f"UPDATE {quote(Match._meta.db_table)} SET {assignments} WHERE id = %s")
    if actions:
        fields = _fields(MatchAction, ACTION_FIELDS)
        # Casts in every row: a VALUES list of NULLs has no type of its own.
        conn = connections[DEFAULT_DB_ALIAS]
        casts = ["bigint"] + [f.db_type(conn) for f in fields]
        row = "(" + ", ".join(f"%s::{cast}" for cast in casts) + ")"
        names = ", ".join(["id", *(f.column for f in fields)])
        assignments = ", ".join(f"{quote(f.column)} = v.{quote(f.column)}" for f in fields)
        clauses.append(
            f"UPDATE {quote(MatchAction._meta.db_table)} AS a SET {assignments} "
            f"FROM (VALUES {', '.join([row] * actions)}) AS v({names}) WHERE a.id = v.id"
        )
    if events:
        fields = _fields(MatchEvent, None)
        row = "(" + ", ".join(["%s"] * len(fields)) + ")"
        columns = ", ".join(quote(f.column) for f in fields)
        clauses.append(
            f"INSERT INTO {quote(MatchEvent._meta.db_table)} ({columns}) "
            f"VALUES {', '.join([row] * events)}"
        )
    *first, last = clauses
    if not first:
        return last
    return "WITH " + ", ".join(f"w{n} AS ({s})" for n, s in enumerate(first)) + " " + last
