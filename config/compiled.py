"""A queryset compiled by the ORM once (per thread and database) and sent again with other ids.

On the hot reads (the gang detail's build, a live table's seat, an action's poll) building the
statement cost the ORM more CPU than the database took to answer it (docs/performance.md,
"Mixed load, second pass" and "Live-play requests, CPU"). The queryset is written as usual
with stand-in ids no row has; ``rows`` sends the same SQL with the real ids in their places,
and the rows come back through the compiler's own converters, as the queryset's iteration
would give them. Per thread, since a compiler belongs to its thread's connection.
"""

from __future__ import annotations

import re
import threading
import weakref
from collections.abc import Callable

from django.db import connections
from django.db.models import QuerySet

# Stand-ins no row has, for the ids a compiled query is sent again with.
STAND_INS = tuple(-(2**62) - n for n in range(1, 9))


class Compiled:
    def __init__(self, queryset: QuerySet, alias: str, stand_ins: tuple[int, ...] = ()):
        self.alias = alias
        self.compiler = queryset.using(alias).query.get_compiler(using=alias)
        self.sql, params = self.compiler.as_sql()
        self.params = list(params)
        self.slots = [[i for i, v in enumerate(self.params) if v == s] for s in stand_ins]
        assert all(self.slots), "each stand-in is a parameter of the statement"

    def rows(self, *ids: int) -> list[tuple]:
        params = list(self.params)
        for slots, value in zip(self.slots, ids, strict=True):
            for i in slots:
                params[i] = value
        with connections[self.alias].cursor() as cursor:
            cursor.execute(self.sql, params)
            found = cursor.fetchall()
        return list(self.compiler.results_iter(results=[found], tuple_expected=True))


_compiled = threading.local()


def per_thread(name, make: Callable[[str], object], alias: str):
    """The query ``name`` of this thread and database, made by ``make(alias)`` the first time."""
    queries = getattr(_compiled, alias, None)
    if queries is None:
        queries = {}
        setattr(_compiled, alias, queries)
    query = queries.get(name)
    if query is None:
        query = queries[name] = make(alias)
    return query


class ConvertedOnce(Compiled):
    """A ``Compiled`` whose rows go through converters looked up once, on its first call: the
    compiler's ``results_iter`` looks them up for every call again (each field's and the
    backend's ``get_db_converters``), which cost the live table's hot reads as much as
    converting their one row (docs/performance.md, "Live-play requests, second pass").
    The same converters, in the same order, as ``results_iter`` applies; for querysets with
    no composite fields (asserted)."""

    _converters: list | None = None

    def _fetch(self, params: list) -> list[tuple]:
        with connections[self.alias].cursor() as cursor:
            cursor.execute(self.sql, params)
            return cursor.fetchall()

    def rows(self, *ids: int) -> list[tuple]:
        found = self._fetch(bind(self, *ids))
        if not found:
            return []
        converters = self._converters
        if converters is None:
            fields = [s[0] for s in self.compiler.select[0 : self.compiler.col_count]]
            assert not self.compiler.has_composite_fields(fields)
            converters = self._converters = list(self.compiler.get_converters(fields).items())
        if not converters:
            return [tuple(row) for row in found]
        connection = self.compiler.connection
        converted = []
        for row in found:
            row = list(row)
            for pos, (convs, expression) in converters:
                value = row[pos]
                for converter in convs:
                    value = converter(value, expression, connection)
                row[pos] = value
            converted.append(tuple(row))
        return converted


# The statements prepared on each driver connection (by name); a closed one drops out.
_prepared: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


class Statement:
    """One SQL statement with ``%s`` parameters, sent on PostgreSQL as a prepared statement:
    ``PREPARE`` once per connection, then ``EXECUTE name(params...)``. PostgreSQL spent two to
    three times as long planning the live table's short statements as running them
    (pg_stat_statements under ``make load``), and Django sends every statement unprepared
    (its psycopg cursors bind on the client). The plan is PostgreSQL's own cached plan, which
    it replans when a table it reads changes. Elsewhere (SQLite, or a database behind a
    transaction pooler, below) the plain statement.

    A session's prepared statements do not survive a transaction pooler, which hands each
    transaction any server connection: a database configured for one
    (``DISABLE_SERVER_SIDE_CURSORS``, as Django's documentation asks for PgBouncer's
    transaction pooling) is sent the plain statement. ``PREPARE`` goes on the driver's own
    connection, as Django's per-connection setup (its time zone) does, so that a query count
    is the same on a connection's first request as on the next; it is not transactional: a
    rollback keeps it. ``types``: the parameters' SQL types where PostgreSQL cannot infer them
    from the statement (values in a SELECT list), else empty. One per thread and database
    (``per_thread``), like the connection it is prepared on."""

    _numbers = iter(range(1, 2**62))

    def __init__(self, sql: str, params: int, alias: str, types: tuple[str, ...] = ()):
        self.alias, self.sql = alias, sql
        self.prepare = None
        wrapper = connections[alias]
        if wrapper.vendor != "postgresql" or wrapper.settings_dict.get(
            "DISABLE_SERVER_SIDE_CURSORS"
        ):
            return
        assert "%%" not in sql, "no literal % in a statement to prepare"
        pieces = sql.split("%s")
        assert len(pieces) == params + 1 and (not types or len(types) == params)
        numbered = pieces[0] + "".join(f"${n}{p}" for n, p in enumerate(pieces[1:], start=1))
        self.name = name = f"posse_statement_{next(Statement._numbers)}"
        declared = f"({', '.join(types)})" if types else ""
        self.prepare = f"PREPARE {name}{declared} AS {numbered}"
        self.sql = f"EXECUTE {name}({', '.join(['%s'] * params)})" if params else f"EXECUTE {name}"

    def fetchall(self, params: list) -> list[tuple]:
        with connections[self.alias].cursor() as cursor:
            cursor.execute(self._ready(), params)
            return cursor.fetchall()

    def execute(self, params: list) -> None:
        """The statement sent for its effect (no rows to read: a write without RETURNING)."""
        with connections[self.alias].cursor() as cursor:
            cursor.execute(self._ready(), params)

    def _ready(self) -> str:
        """The SQL to send, once the connection it goes on has prepared it."""
        wrapper = connections[self.alias]
        if self.prepare is not None:
            # The health check (CONN_HEALTH_CHECKS) runs at a request's first cursor and
            # replaces a connection the server dropped: run it before looking for this
            # statement's preparation, or EXECUTE would go to a connection that never saw it.
            wrapper.close_if_health_check_failed()
            wrapper.ensure_connection()
            driver = wrapper.connection  # a pool (DB_POOL_SIZE) hands out several in turn
            done = _prepared.get(driver)
            if done is None:
                done = _prepared[driver] = set()
            if self.name not in done:
                with wrapper.wrap_database_errors:
                    driver.execute(self.prepare)
                done.add(self.name)
        return self.sql


class NamedStatement:
    """A ``Statement`` written with ``%(name)s`` parameters, sent with a dict of them."""

    def __init__(self, sql: str, alias: str):
        self.names = re.findall(r"%\((\w+)\)s", sql)
        self.statement = Statement(re.sub(r"%\((\w+)\)s", "%s", sql), len(self.names), alias)

    def fetchall(self, params: dict) -> list[tuple]:
        return self.statement.fetchall([params[name] for name in self.names])


class Prepared(ConvertedOnce):
    """A ``ConvertedOnce`` sent as a prepared ``Statement`` on PostgreSQL."""

    def __init__(self, queryset: QuerySet, alias: str, stand_ins: tuple[int, ...] = ()):
        super().__init__(queryset, alias, stand_ins)
        self.statement = Statement(self.sql, len(self.params), alias)

    def _fetch(self, params: list) -> list[tuple]:
        return self.statement.fetchall(params)


def bind(query: Compiled, *ids) -> list:
    """``query``'s parameters with ``ids`` in the stand-ins' places, for sending its SQL inside
    a statement of one's own (``convert`` then reads its columns back)."""
    params = list(query.params)
    for slots, value in zip(query.slots, ids, strict=True):
        for i in slots:
            params[i] = value
    return params


def convert(query: Compiled, found: list[tuple]) -> list[tuple]:
    """Rows of ``query``'s columns read by a statement of one's own, through its converters."""
    return list(query.compiler.results_iter(results=[found], tuple_expected=True))
