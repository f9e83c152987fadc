"""Money: credits move only through the append-only ledger, each row checked against the
locked gang's balance (services.writes); the ledger's reads; arbitrators' adjustments."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Sum

from rosters.errors import RosterError
from rosters.models import Gang, LedgerEntry
from rosters.services.common import Kind, Reason, _lock
from rosters.services.writes import GangWrite, _entry, _refresh_totals

__all__ = ["_post", "_refresh_totals", "adjust_credits", "ledger_balance", "reconcile_credits"]


def _post(
    gang: Gang, *, amount: int, reason: str, note: str, actor, field: str = "amount", **coded
):
    """Append a ledger row. ``gang`` must be locked by the caller; ``coded``: its note's
    ``code`` and ``params`` (rosters/history_lines.py)."""
    entry = _entry(gang, amount=amount, reason=reason, note=note, actor=actor, field=field, **coded)
    entry.save()
    return entry


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
    *,
    gang: Gang | int,
    amount: int,
    note: str,
    actor,
    reason: str = Reason.ADJUSTMENT,
    check=None,
) -> LedgerEntry:
    """A correction or a reward of credits, with why. ``check``: as for
    ``services.purchase_item`` (the access rule asked of the gang as locked)."""
    gang = _lock(gang)
    if check is not None:
        check(gang)
    if not note.strip():
        raise RosterError("Say why the credits change.", field="note")
    write = GangWrite(gang)
    entry = write.post(amount=amount, reason=reason, note=note, actor=actor)
    kind = Kind.REWARD if reason == Reason.REWARD else Kind.ADJUSTMENT
    write.event(kind, f"{'+' if amount >= 0 else ''}{amount} credits: {note}", actor=actor)
    write.send()
    return entry
