"""A queryset compiled by the ORM once (per thread and database) and sent again with other ids.

On the hot reads (the gang detail's build, a live table's seat, an action's poll) building the
statement cost the ORM more CPU than the database took to answer it (docs/performance.md,
"Mixed load, second pass" and "Live-play requests, CPU"). The queryset is written as usual
with stand-in ids no row has; ``rows`` sends the same SQL with the real ids in their places,
and the rows come back through the compiler's own converters, as the queryset's iteration
would give them. Per thread, since a compiler belongs to its thread's connection.
"""

from __future__ import annotations

import threading
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
