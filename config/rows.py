"""One model row by a unique column, as SQL written once.

The hot writes read a row or two by a key before they change anything (the gang of the URL
for its access check, the catalogue item a purchase names). The ORM built
``filter(...).first()`` again on every request, which cost more than PostgreSQL took to
answer it (docs/performance.md, "Mixed load, second pass"). ``Model.objects.raw`` applies the
fields' converters, so the instance is the one the ORM would have made (every concrete field
loaded, nothing related).
"""

from __future__ import annotations

from functools import cache

from django.db import connections, router
from django.db.models import Model


@cache
def _sql(model: type[Model], field: str, alias: str) -> str:
    quote = connections[alias].ops.quote_name
    columns = ", ".join(quote(f.column) for f in model._meta.concrete_fields)
    column = quote(model._meta.get_field(field).column)
    return f"SELECT {columns} FROM {quote(model._meta.db_table)} WHERE {column} = %s"


BIGINT = range(-(2**63), 2**63)


def row_by(model: type[Model], field: str, value):
    """The ``model`` row whose ``field`` (unique) equals ``value``, or None; None too for an
    integer no 64-bit column holds (a client's id of 30 digits: the ORM's lookups answer
    "nothing" there as well, where a database would raise)."""
    if isinstance(value, int) and value not in BIGINT:
        return None
    alias = router.db_for_read(model)
    found = list(model.objects.db_manager(alias).raw(_sql(model, field, alias), [value]))
    return found[0] if found else None
