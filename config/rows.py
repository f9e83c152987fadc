"""One model row by a unique column, as SQL written once.

The hot writes read a row or two by a key before they change anything (the gang of the URL
for its access check, the catalogue item a purchase names). The ORM built
``filter(...).first()`` again on every request, which cost more than PostgreSQL took to
answer it. ``Model.objects.raw`` applies the
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


@cache
def _converters(model: type[Model], alias: str) -> tuple[tuple, ...]:
    """Per concrete field, the converters the ORM's compiler applies to its column (the
    backend's, then the field's: a JSON field's decoding, SQLite's datetimes), each with the
    column expression it is called with."""
    connection = connections[alias]
    found = []
    for field in model._meta.concrete_fields:
        column = field.get_col(model._meta.db_table)
        found.append(
            (
                column,
                tuple(
                    connection.ops.get_db_converters(column) + column.get_db_converters(connection)
                ),
            )
        )
    return tuple(found)


def columns(model: type[Model], alias: str, table: str) -> str:
    """The model's concrete columns in field order, qualified by ``table`` (an alias), as
    ``from_row`` reads them."""
    quote = connections[alias].ops.quote_name
    return ", ".join(f"{table}.{quote(f.column)}" for f in model._meta.concrete_fields)


def from_row(model: type[Model], alias: str, values) -> Model:
    """The instance the ORM would make of a row of ``model``'s concrete columns in field
    order (``columns``), read by SQL of our own: each value through the field's converters."""
    connection = connections[alias]
    converted = []
    for value, (column, converters) in zip(values, _converters(model, alias), strict=True):
        for converter in converters:
            value = converter(value, column, connection)
        converted.append(value)
    return model.from_db(alias, None, converted)
