"""Money and totals: credits move only through the append-only ledger, and rating and wealth
are recomputed from the rows (never from deltas) in the same transaction."""

from __future__ import annotations

from functools import cache as memoise

from django.db import connections, router, transaction
from django.db.models import Sum
from django.utils import timezone

from rosters.errors import (
    InsufficientCredits,
    RosterError,
)
from rosters.models import (
    Equipment,
    Fighter,
    Gang,
    Goods,
    LedgerEntry,
)
from rosters.services.common import Kind, Reason, _event, _lock


def _post(gang: Gang, *, amount: int, reason: str, note: str, actor, field: str = "amount"):
    """Append a ledger row. ``gang`` must be locked by the caller."""
    balance = gang.credits + amount
    if balance < 0:
        raise InsufficientCredits(needed=-amount, available=gang.credits, field=field)
    entry = LedgerEntry.objects.create(
        gang=gang, amount=amount, reason=reason, balance_after=balance, note=note, actor=actor
    )
    gang.credits = balance
    return entry


@memoise
def _totals_sql(alias: str) -> str:
    """``_refresh_totals`` as one statement: the three sums as subqueries of the gang's UPDATE,
    the new totals returned. The ORM spent three aggregates and a save on it (~0.5 ms of a
    purchase's ~4.5: docs/performance.md, "Mixed load, second pass")."""
    quote = connections[alias].ops.quote_name

    def column(model, name):
        return quote(model._meta.get_field(name).column)

    def table(model):
        return quote(model._meta.db_table)

    def total(model, value, where):
        return (
            f"(SELECT COALESCE(SUM({column(model, value)}), 0) FROM {table(model)} "
            f"WHERE {column(model, 'gang')} = %(gang)s AND {where})"
        )

    fighters = total(Fighter, "hire_cost", f"{column(Fighter, 'status')} = %(active)s")
    kit = total(Equipment, "price_paid", f"{column(Equipment, 'disposal')} = ''")
    goods = total(Goods, "market_value", f"{column(Goods, 'sold_at')} IS NULL")
    rating, wealth = column(Gang, "rating"), column(Gang, "wealth")
    return (
        f"UPDATE {table(Gang)} SET {column(Gang, 'credits')} = %(credits)s, "
        f"{column(Gang, 'updated_at')} = %(now)s, "
        f"{rating} = {fighters} + {kit}, "
        f"{wealth} = {fighters} + {kit} + %(credits)s + {goods} "
        f"WHERE {quote(Gang._meta.pk.column)} = %(gang)s RETURNING {rating}, {wealth}"
    )


def _refresh_totals(gang: Gang) -> None:
    """Recompute rating and wealth from the rows, never from deltas, and save the gang (its
    credits, as ``_post`` left them, included). One statement (``_totals_sql``).

    Rating = hire cost of active fighters + price paid for equipment the gang holds.
    Wealth = rating + credits + market value of unsold goods.
    """
    alias = router.db_for_write(Gang)
    connection = connections[alias]
    now = timezone.now()
    gang.updated_at = now
    params = {
        "gang": gang.pk,
        "active": Fighter.Status.ACTIVE,
        "credits": gang.credits,
        "now": Gang._meta.get_field("updated_at").get_db_prep_value(now, connection),
    }
    with connection.cursor() as cursor:
        cursor.execute(_totals_sql(alias), params)
        gang.rating, gang.wealth = cursor.fetchone()


def ledger_balance(gang: Gang) -> int:
    return LedgerEntry.objects.filter(gang=gang).aggregate(t=Sum("amount"))["t"] or 0


def reconcile_credits() -> list[dict]:
    """Every gang whose stored credits differ from its ledger's sum (should be none)."""
    sums = dict(
        LedgerEntry.objects.values_list("gang").annotate(t=Sum("amount")).values_list("gang", "t")
    )
    return [
        {"gang": gang_id, "credits": credits, "ledger": sums.get(gang_id, 0)}
        for gang_id, credits in Gang.objects.values_list("id", "credits")
        if credits != sums.get(gang_id, 0)
    ]


@transaction.atomic
def adjust_credits(
    *, gang: Gang, amount: int, note: str, actor, reason: str = Reason.ADJUSTMENT
) -> LedgerEntry:
    gang = _lock(gang)
    if not note.strip():
        raise RosterError("Say why the credits change.", field="note")
    entry = _post(gang, amount=amount, reason=reason, note=note, actor=actor)
    kind = Kind.REWARD if reason == Reason.REWARD else Kind.ADJUSTMENT
    _event(gang, kind, f"{'+' if amount >= 0 else ''}{amount} credits: {note}", actor=actor)
    _refresh_totals(gang)
    return entry
