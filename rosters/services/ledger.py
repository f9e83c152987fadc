"""Money and totals: credits move only through the append-only ledger, and rating and wealth
are recomputed from the rows (never from deltas) in the same transaction."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Sum

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


def _refresh_totals(gang: Gang) -> None:
    """Recompute rating and wealth from the rows, never from deltas, and save the gang.

    Rating = hire cost of active fighters + price paid for equipment the gang holds.
    Wealth = rating + credits + market value of unsold goods.
    """
    fighters = (
        Fighter.objects.filter(gang=gang, status=Fighter.Status.ACTIVE).aggregate(
            t=Sum("hire_cost")
        )["t"]
        or 0
    )
    kit = Equipment.objects.filter(gang=gang, disposal="").aggregate(t=Sum("price_paid"))["t"] or 0
    goods = (
        Goods.objects.filter(gang=gang, sold_at__isnull=True).aggregate(t=Sum("market_value"))["t"]
        or 0
    )
    gang.rating = fighters + kit
    gang.wealth = gang.rating + gang.credits + goods
    gang.save(update_fields=["credits", "rating", "wealth", "updated_at"])


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
