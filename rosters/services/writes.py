"""What one roster write adds to a locked gang — its ledger row, new kit, kit disposed of,
history lines — and the gang's totals, as one statement on PostgreSQL (data-modifying
``WITH`` clauses); through the ORM and ``_refresh_totals`` elsewhere.

Why: a purchase was eight statements (docs/performance.md, "Roster writes, third pass"),
each costing the ORM more Python to build and PostgreSQL more to plan than to run. The
rows are the same either way; the rules are kept as they were:

- the ledger row's balance is checked against the locked gang's credits before anything is
  sent (``post``), so two requests cannot both spend the same credits;
- the totals are recomputed from the rows, never from deltas: the kit is summed over the
  rows as they are after the statement (its snapshot cannot see its own clauses' rows, so
  the rows it adds and disposes of are taken into the sum by name: ``_sums``);
- kit is disposed of only where it is still held (``disposal = ''`` in the UPDATE): a row
  read before the lock (revisions.lock_and_read) that another write disposed of since makes
  the whole write a refusal, rolled back with its transaction.

No model signal is skipped: none listens to ledger rows or history lines, and the
revisions' receivers ignore saves with ``update_fields`` and ``bulk_create`` (the lock
bumps the revision).
"""

from __future__ import annotations

from functools import cache as memoise

from django.db import connections, router
from django.utils import timezone

from config.compiled import NamedStatement, per_thread
from rosters.errors import InsufficientCredits, RosterError
from rosters.models import Equipment, Fighter, Gang, GangEvent, Goods, LedgerEntry
from rosters.services.common import _new_event


def _entry(gang: Gang, *, amount: int, reason: str, note: str, actor, field: str = "amount"):
    """A new ledger row (not saved yet), its balance checked against the credits of ``gang``,
    which the caller has locked; the gang's credits move to that balance."""
    balance = gang.credits + amount
    if balance < 0:
        raise InsufficientCredits(needed=-amount, available=gang.credits, field=field)
    entry = LedgerEntry(
        gang=gang, amount=amount, reason=reason, balance_after=balance, note=note, actor=actor
    )
    gang.credits = balance
    return entry


def _sums(alias: str, *, added: str | None = None, disposed: str | None = None) -> tuple:
    """The sums the totals are made of, as subqueries over the gang's rows (``%(gang)s``):
    hire costs of its active fighters, prices paid for the kit it holds, market values of its
    unsold goods.

    ``added`` and ``disposed`` name the WITH clauses of a statement that also inserts kit or
    disposes of it (each returning ``id, price_paid``: services.writes): the kit is then
    summed over the rows as they are after that statement, since its snapshot cannot see
    what its own clauses write."""
    quote = connections[alias].ops.quote_name

    def column(model, name):
        return quote(model._meta.get_field(name).column)

    def table(model):
        return quote(model._meta.db_table)

    def total(model, value, where, more=""):
        rows = f"FROM {table(model)} WHERE {column(model, 'gang')} = %(gang)s AND {where}"
        if not more:
            return f"(SELECT COALESCE(SUM({column(model, value)}), 0) {rows})"
        summed = f"SELECT {column(model, value)} AS v {rows}{more}"
        return f"(SELECT COALESCE(SUM(k.v), 0) FROM ({summed}) k)"

    held, more = f"{column(Equipment, 'disposal')} = ''", ""
    if disposed:
        more += f" AND {quote(Equipment._meta.pk.column)} NOT IN (SELECT id FROM {disposed})"
    if added:
        more += f" UNION ALL SELECT {column(Equipment, 'price_paid')} FROM {added}"
    fighters = total(Fighter, "hire_cost", f"{column(Fighter, 'status')} = %(active)s")
    kit = total(Equipment, "price_paid", held, more)
    goods = total(Goods, "market_value", f"{column(Goods, 'sold_at')} IS NULL")
    return fighters, kit, goods


@memoise
def _totals_sql(alias: str) -> str:
    """``_refresh_totals`` as one statement: the three sums as subqueries of the gang's UPDATE,
    the new totals returned. The ORM spent three aggregates and a save on it (~0.5 ms of a
    purchase's ~4.5: docs/performance.md, "Mixed load, second pass")."""
    quote = connections[alias].ops.quote_name

    def column(name):
        return quote(Gang._meta.get_field(name).column)

    fighters, kit, goods = _sums(alias)
    rating, wealth = column("rating"), column("wealth")
    return (
        f"UPDATE {quote(Gang._meta.db_table)} SET {column('credits')} = %(credits)s, "
        f"{column('updated_at')} = %(now)s, "
        f"{rating} = {fighters} + {kit}, "
        f"{wealth} = {fighters} + {kit} + %(credits)s + {goods} "
        f"WHERE {quote(Gang._meta.pk.column)} = %(gang)s RETURNING {rating}, {wealth}"
    )


def _gang_params(gang: Gang, connection) -> dict:
    """The totals statement's parameters for ``gang``, stamped updated now."""
    now = timezone.now()
    gang.updated_at = now
    return {
        "gang": gang.pk,
        "active": Fighter.Status.ACTIVE,
        "credits": gang.credits,
        "now": Gang._meta.get_field("updated_at").get_db_prep_value(now, connection),
    }


def _refresh_totals(gang: Gang) -> None:
    """Recompute rating and wealth from the rows, never from deltas, and save the gang (its
    credits, as ``_post`` left them, included). One statement (``_totals_sql``).

    Rating = hire cost of active fighters + price paid for equipment the gang holds.
    Wealth = rating + credits + market value of unsold goods.
    """
    alias = router.db_for_write(Gang)
    connection = connections[alias]
    params = _gang_params(gang, connection)
    statement = per_thread(
        "gang totals", lambda alias: NamedStatement(_totals_sql(alias), alias), alias
    )
    ((gang.rating, gang.wealth),) = statement.fetchall(params)


class GangWrite:
    """The rows a service writes to ``gang`` (locked by it), sent with the totals by ``send``."""

    def __init__(self, gang: Gang):
        self.gang = gang
        self.entry: LedgerEntry | None = None
        self.added: list[Equipment] = []
        self.disposed: list[tuple[Equipment, str]] = []
        self.events: list[GangEvent] = []

    def post(self, *, amount: int, reason: str, note: str, actor, field: str = "amount"):
        """The ledger row (one per write), checked against the locked balance now."""
        assert self.entry is None, "one ledger row per write"
        self.entry = _entry(
            self.gang, amount=amount, reason=reason, note=note, actor=actor, field=field
        )
        return self.entry

    def add(self, equipment: list[Equipment]) -> list[Equipment]:
        self.added += equipment
        return equipment

    def dispose(self, equipment: Equipment, disposal: str, *, field: str = "equipment") -> None:
        """``equipment`` leaves the gang (sold, used...) if it is still held when written;
        if not, ``send`` refuses the write, naming ``field``."""
        equipment.disposal = disposal
        equipment.disposed_at = timezone.now()
        self.disposed.append((equipment, field))

    def event(self, kind: str, text: str, *, actor=None, fighter: Fighter | None = None):
        self.events.append(_new_event(self.gang, kind, text, actor=actor, fighter=fighter))

    def send(self) -> None:
        alias = router.db_for_write(Gang)
        if connections[alias].vendor == "postgresql":
            self._send_one(alias)
        else:
            self._send_with_orm()

    def _send_with_orm(self) -> None:
        if self.entry is not None:
            self.entry.save()
        if self.added:
            Equipment.objects.bulk_create(self.added)
        for equipment, field in self.disposed:
            still_held = Equipment.objects.filter(pk=equipment.pk, disposal="")
            if not still_held.update(
                disposal=equipment.disposal, disposed_at=equipment.disposed_at
            ):
                raise _gone(equipment, field)
        for event in self.events:
            event.save()
        _refresh_totals(self.gang)

    def _send_one(self, alias: str) -> None:
        connection = connections[alias]
        gang = self.gang
        params = _gang_params(gang, connection)
        if self.entry is not None:
            params.update(_values("l", [self.entry], connection))
        params.update(_values("a", self.added, connection))
        params.update(_values("e", self.events, connection))
        for n, (equipment, _field) in enumerate(self.disposed):
            params[f"d{n}_id"] = equipment.pk
            params[f"d{n}_disposal"] = equipment.disposal
            params[f"d{n}_at"] = _prep(Equipment, "disposed_at", equipment, connection)
        shape = (self.entry is not None, len(self.added), len(self.disposed), len(self.events))
        if max(shape[1:]) <= PREPARED_ROWS:
            statement = per_thread(
                f"roster write {shape}",
                lambda alias: NamedStatement(_statement(alias, *shape), alias),
                alias,
            )
            (row,) = statement.fetchall(params)
        else:
            with connection.cursor() as cursor:
                cursor.execute(_statement(alias, *shape), params)
                row = cursor.fetchone()
        gang.rating, gang.wealth, entry_id, added_ids, disposed, event_ids = row
        disposed = set(disposed or ())
        for equipment, field in self.disposed:
            if equipment.pk not in disposed:
                raise _gone(equipment, field)  # the transaction's rollback undoes the rest
        if self.entry is not None:
            _saved(self.entry, entry_id, alias)
        for equipment, pk in zip(self.added, added_ids or [], strict=True):
            _saved(equipment, pk, alias)
        for event, pk in zip(self.events, event_ids or [], strict=True):
            _saved(event, pk, alias)


def _gone(equipment: Equipment, field: str) -> RosterError:
    return RosterError(f"That {equipment.item.name.lower()} is no longer the gang's.", field=field)


def _saved(instance, pk: int, alias: str) -> None:
    instance.pk = pk
    instance._state.adding, instance._state.db = False, alias


def _inserted(model) -> list:
    return [f for f in model._meta.concrete_fields if not f.primary_key]


def _prep(model, name: str, instance, connection):
    field = model._meta.get_field(name)
    return field.get_db_prep_save(field.pre_save(instance, False), connection)


def _values(prefix: str, rows: list, connection) -> dict:
    """The parameters of ``rows``' INSERT, named ``{prefix}{row}_{column}``; each field's
    ``pre_save`` as the ORM's insert calls it (the ``at`` of a new row is set here)."""
    params = {}
    for n, row in enumerate(rows):
        for field in _inserted(type(row)):
            value = field.get_db_prep_save(field.pre_save(row, True), connection)
            params[f"{prefix}{n}_{field.column}"] = value
    return params


# Writes of up to this many rows of each kind (a purchase, a sale: one or two) are sent as
# prepared statements (config/compiled.py): PostgreSQL planned a purchase's statement for
# 0.33 ms and a sale's for 0.45, as long as it ran them (pg_stat_statements under `make
# load`). A larger write is sent as it is, rather than prepared for one use per connection.
PREPARED_ROWS = 4


@memoise
def _statement(alias: str, entry: bool, added: int, disposed: int, events: int) -> str:
    """The statement of a write of this shape: its clauses, then the totals' UPDATE, which
    returns the new rating and wealth, the new rows' ids and the ids of the rows disposed of
    (a write that changes nothing but the totals is ``_refresh_totals``)."""
    quote = connections[alias].ops.quote_name
    clauses = []
    if entry:
        clauses.append(("l", _insert_sql(LedgerEntry, "l", 1, quote)))
    if added:
        clauses.append(("a", _insert_sql(Equipment, "a", added, quote, "price_paid")))
    if disposed:
        clauses.append(("d", _dispose_sql(disposed, quote)))
    if events:
        clauses.append(("e", _insert_sql(GangEvent, "e", events, quote)))
    fighters, kit, goods = _sums(
        alias, added="a" if added else None, disposed="d" if disposed else None
    )

    def column(name):
        return quote(Gang._meta.get_field(name).column)

    rating, wealth = column("rating"), column("wealth")
    # Each sum once (the clause ``s``, read twice: materialised), read by scalar subqueries:
    # PostgreSQL planned that ~30% faster than an ``UPDATE ... FROM s`` join.
    clauses.append(("s", f"SELECT {fighters} AS f, {kit} AS k, {goods} AS g"))
    clauses.append(
        (
            "t",
            f"UPDATE {quote(Gang._meta.db_table)} SET {column('credits')} = %(credits)s, "
            f"{column('updated_at')} = %(now)s, {rating} = (SELECT s.f + s.k FROM s), "
            f"{wealth} = (SELECT s.f + s.k + s.g FROM s) + %(credits)s "
            f"WHERE {quote(Gang._meta.pk.column)} = %(gang)s RETURNING {rating}, {wealth}",
        )
    )
    with_ = ", ".join(f"{name} AS ({sql})" for name, sql in clauses)
    return (
        f"WITH {with_} SELECT t.{rating}, t.{wealth}, "
        f"{'(SELECT id FROM l)' if entry else 'NULL'}, "
        f"{'ARRAY(SELECT id FROM a ORDER BY id)' if added else 'NULL'}, "
        f"{'ARRAY(SELECT id FROM d)' if disposed else 'NULL'}, "
        f"{'ARRAY(SELECT id FROM e ORDER BY id)' if events else 'NULL'} FROM t"
    )


def _insert_sql(model, prefix: str, rows: int, quote, *returning: str) -> str:
    fields = _inserted(model)
    values = ", ".join(
        "(" + ", ".join(f"%({prefix}{n}_{f.column})s" for f in fields) + ")" for n in range(rows)
    )
    names = ", ".join(quote(f.column) for f in fields)
    back = ", ".join([quote(model._meta.pk.column), *(quote(r) for r in returning)])
    return f"INSERT INTO {quote(model._meta.db_table)} ({names}) VALUES {values} RETURNING {back}"


def _dispose_sql(rows: int, quote) -> str:
    """Each row's disposal, only where it is still held (see the module's docstring)."""
    column = {
        name: quote(Equipment._meta.get_field(name).column)
        for name in ("disposal", "disposed_at", "gang", "price_paid")
    }
    pk = quote(Equipment._meta.pk.column)
    values = ", ".join(
        f"(%(d{n}_id)s::bigint, %(d{n}_disposal)s::varchar, %(d{n}_at)s::timestamptz)"
        for n in range(rows)
    )
    return (
        f"UPDATE {quote(Equipment._meta.db_table)} AS x SET {column['disposal']} = v.disposal, "
        f"{column['disposed_at']} = v.at FROM (VALUES {values}) AS v(id, disposal, at) "
        f"WHERE x.{pk} = v.id AND x.{column['gang']} = %(gang)s AND x.{column['disposal']} = '' "
        f"RETURNING x.{pk}, x.{column['price_paid']}"
    )
