"""A resolution batch's writes — the match row, the settled actions, the new events — as one
statement on PostgreSQL (data-modifying ``WITH`` clauses), three through the ORM elsewhere.

Why: under the match row lock every statement is a round trip the next move waits for, and
the ORM's ``save``/``update``/``bulk_create`` cost more Python to build than the SQL they
send (docs/performance.md, "Turns, third pass"). The three writes touch different rows, so
doing them in one statement changes nothing but the number of round trips. No model signal
is involved (the matches app has no receivers), so the ORM path and this one are the same
writes.
"""

from __future__ import annotations

from django.db import connection

from matches.models import Match, MatchAction, MatchEvent

MATCH_FIELDS = ("state", "version", "status", "outcome", "finished_at", "last_event_seq")
ACTION_FIELDS = ("status", "reason", "version_after", "resolved_at")


def write_batch(
    *, match: Match | None, settled: list[MatchAction], events: list[MatchEvent]
) -> None:
    """Write ``match`` (its MATCH_FIELDS; None: the row is unchanged), the ``settled``
    actions' ACTION_FIELDS and insert ``events``."""
    if connection.vendor != "postgresql":
        return _write_with_orm(match=match, settled=settled, events=events)
    clauses: list[str] = []
    params: list = []
    if match is not None:
        sql, values = _update_match(match)
        clauses.append(sql)
        params += values
    if settled:
        sql, values = _update_actions(settled)
        clauses.append(sql)
        params += values
    if events:
        sql, values = _insert_events(events)
        clauses.append(sql)
        params += values
    if not clauses:
        return
    *first, last = clauses
    statement = last
    if first:
        statement = "WITH " + ", ".join(f"w{n} AS ({s})" for n, s in enumerate(first)) + " " + last
    with connection.cursor() as cursor:
        cursor.execute(statement, params)


def _write_with_orm(
    *, match: Match | None, settled: list[MatchAction], events: list[MatchEvent]
) -> None:
    if match is not None:
        match.save(update_fields=list(MATCH_FIELDS))
    if len(settled) == 1:
        # bulk_update's CASE expressions cost ~4 ms of Python to build for a single row; a
        # plain UPDATE by id says the same.
        action = settled[0]
        MatchAction.objects.filter(pk=action.pk).update(
            **{name: getattr(action, name) for name in ACTION_FIELDS}
        )
    elif settled:
        MatchAction.objects.bulk_update(settled, list(ACTION_FIELDS))
    if events:
        MatchEvent.objects.bulk_create(events)


def _quote(name: str) -> str:
    return connection.ops.quote_name(name)


def _prep(model_field, instance, *, add: bool = False):
    return model_field.get_db_prep_save(model_field.pre_save(instance, add), connection)


def _update_match(match: Match) -> tuple[str, list]:
    fields = [Match._meta.get_field(name) for name in MATCH_FIELDS]
    assignments = ", ".join(f"{_quote(f.column)} = %s" for f in fields)
    sql = f"UPDATE {_quote(Match._meta.db_table)} SET {assignments} WHERE id = %s"
    return sql, [_prep(f, match) for f in fields] + [match.pk]


def _update_actions(settled: list[MatchAction]) -> tuple[str, list]:
    fields = [MatchAction._meta.get_field(name) for name in ACTION_FIELDS]
    # Casts in every row: a VALUES list of NULLs has no type of its own.
    casts = ["bigint"] + [f.db_type(connection) for f in fields]
    row = "(" + ", ".join(f"%s::{cast}" for cast in casts) + ")"
    names = ", ".join(["id", *(f.column for f in fields)])
    assignments = ", ".join(f"{_quote(f.column)} = v.{_quote(f.column)}" for f in fields)
    table = _quote(MatchAction._meta.db_table)
    sql = (
        f"UPDATE {table} AS a SET {assignments} "
        f"FROM (VALUES {', '.join([row] * len(settled))}) AS v({names}) WHERE a.id = v.id"
    )
    params: list = []
    for action in settled:
        params += [action.pk, *(_prep(f, action) for f in fields)]
    return sql, params


def _insert_events(events: list[MatchEvent]) -> tuple[str, list]:
    fields = [f for f in MatchEvent._meta.concrete_fields if not f.primary_key]
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    columns = ", ".join(_quote(f.column) for f in fields)
    sql = (
        f"INSERT INTO {_quote(MatchEvent._meta.db_table)} ({columns}) "
        f"VALUES {', '.join([row] * len(events))}"
    )
    params: list = []
    for event in events:
        params += [_prep(f, event, add=True) for f in fields]
    return sql, params
