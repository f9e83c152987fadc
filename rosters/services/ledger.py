"""Money: credits move only through the append-only ledger, each row checked against the
locked gang's balance (services.writes); the ledger's reads; arbitrators' adjustments."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Sum
from django.utils.translation import gettext as _

from rosters.errors import RosterError
from rosters.models import Gang, LedgerEntry
from rosters.services.common import Kind, Reason, _lock, where
from rosters.services.writes import GangWrite, _entry, _refresh_totals

__all__ = ["_post", "_refresh_totals", "adjust_credits", "ledger_balance", "reconcile_credits"]


def _post(gang: Gang, *, amount: int, reason: str, note: str | None, actor, code: str, **more):
    """Append a ledger row. ``gang`` must be locked by the caller; its note's ``code`` and
    ``params`` (rosters/history_lines.py), ``note`` its English (``None``: from the code)."""
    entry = _entry(gang, amount=amount, reason=reason, note=note, actor=actor, code=code, **more)
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
    reward: dict | None = None,
) -> LedgerEntry:
    """A correction or a reward of credits, with why. ``check``: as for
    ``services.purchase_item`` (the access rule asked of the gang as locked). ``note`` is a
    person's words, kept as written; ``reward``: a campaign's reward instead, its ``result``,
    ``campaign`` and ``battle``, which the line and the note name in the reader's language."""
    gang = _lock(gang)
    if check is not None:
        check(gang)
    if reward is None and not note.strip():
        raise RosterError(_("Say why the credits change."), field="note")
    write = GangWrite(gang)
    signed = f"{'+' if amount >= 0 else ''}{amount}"
    if reward is None:
        entry = write.post(
            amount=amount,
            reason=reason,
            note=note,
            actor=actor,
            code="as_written",
            params={"note": note},
        )
        coded = {"code": "credits", "params": {"amount": signed, "note": note}}
    else:
        result = {"code": reward["result"]}
        at = where(battle=reward["battle"], campaign=reward["campaign"])
        entry = write.post(
            amount=amount,
            reason=reason,
            note=None,
            actor=actor,
            code="reward_note",
            params={**reward, "result": result},
        )
        coded = {"code": "reward", "params": {"amount": signed, "result": result, **at}}
    kind = Kind.REWARD if reason == Reason.REWARD else Kind.ADJUSTMENT
    write.event(kind, None, actor=actor, **coded)
    write.send()
    return entry
