"""Write responses as plain dicts, from the rows the write made: what ``EquipmentSerializer``
and ``LedgerEntrySerializer`` write, without building their fields on every request (a
purchase's ModelSerializer cost ~0.25 ms of its ~2.4: docs/performance.md, "Roster writes,
third pass"). Tests keep each equal to its serializer, key for key
(tests/rosters/test_one_statement_writes.py)."""

from __future__ import annotations

from rosters.models import Equipment, LedgerEntry
from rosters.selectors import _dt


def equipment(row: Equipment) -> dict:
    item = row.item
    return {
        "id": row.pk,
        "item": item.slug,
        "name": item.name,
        "kind": item.kind,
        "fighter": row.fighter_id,
        "price_paid": row.price_paid,
        "market_value": item.price,
        "catalogue_revision": row.catalogue_revision,
        "acquired_at": _dt(row.acquired_at),
        "disposal": row.disposal,
        "disposed_at": _dt(row.disposed_at),
    }


def ledger_entry(entry: LedgerEntry) -> dict:
    return {
        "id": entry.pk,
        "amount": entry.amount,
        "reason": entry.reason,
        "balance_after": entry.balance_after,
        "note": entry.note,
        "actor": entry.actor.username if entry.actor_id is not None else None,
        "at": _dt(entry.at),
    }
