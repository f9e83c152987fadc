"""Gangs, fighters, equipment, goods and the credits ledger for Last Hope Frontier.

Invariants (each backed by a constraint or a service under a row lock, and a test):
- a gang's ``credits`` equal the sum of its ledger, and never go below zero;
- ledger rows, injuries, advancements and history are append-only;
- equipment keeps the price paid: a catalogue price change never reprices it;
- ``rating`` and ``wealth`` are recomputed from rows inside the transaction that changes them.

One module per concept (catalogue, gangs, history); everyone imports from ``rosters.models``.
"""

from rosters.models.base import STATS, AppendOnly, new_seed
from rosters.models.catalogue import CatalogueItem, CatalogueRevision, GangRules, PriceChange, Role
from rosters.models.gangs import Advancement, Equipment, Fighter, Gang, Goods, Injury
from rosters.models.history import FlipDraw, FlipResolution, GangEvent, KeyedWrite, LedgerEntry

__all__ = [
    "STATS",
    "Advancement",
    "AppendOnly",
    "CatalogueItem",
    "CatalogueRevision",
    "Equipment",
    "Fighter",
    "FlipDraw",
    "FlipResolution",
    "Gang",
    "GangEvent",
    "GangRules",
    "Goods",
    "Injury",
    "KeyedWrite",
    "LedgerEntry",
    "PriceChange",
    "Role",
    "new_seed",
]
