"""The loot cards as data (``data/cards.json``) and the questions the rules ask about them.

A physical card in the state is the string ``"<kind>#<n>"`` (e.g. ``"pistol#3"``): unique, so
a hand is a list of strings, and the kind is readable by whoever may see the card. Views never
show the string of a card the viewer may not see.
"""

from __future__ import annotations

import json
from pathlib import Path

_DATA = json.loads((Path(__file__).parent / "data" / "cards.json").read_text())

RARITIES: dict[str, dict] = _DATA["rarities"]
SLOTS: dict[str, dict] = _DATA["slots"]
SLOT_NAMES: tuple[str, ...] = tuple(SLOTS)
CARDS: dict[str, dict] = {c["key"]: c for c in _DATA["cards"]}
EQUIPMENT_TYPES = ("weapon", "armour", "backpack", "apparel")
# Setup only: "Remove all Crowbar and AED cards from the Loot deck."
LEAVE_GAME_WHEN_DISCARDED = frozenset(k for k, c in CARDS.items() if c.get("setup_only"))


def kind(card_id: str) -> str:
    return card_id.split("#", 1)[0]


def card(card_id: str) -> dict:
    return CARDS[kind(card_id)]


def is_card_id(value: object) -> bool:
    return isinstance(value, str) and kind(value) in CARDS


def name(card_id: str) -> str:
    return card(card_id)["name"]


def loot_deck() -> list[str]:
    """Every card of the loot deck, in catalogue order (the game shuffles it)."""
    return [
        f"{key}#{n}"
        for key, c in CARDS.items()
        if not c.get("setup_only")
        for n in range(1, c["copies"] + 1)
    ]


def is_equipment(card_id: str) -> bool:
    """Weapons, backpacks, armour and apparel go on the character mat; the rest stays in hand."""
    return card(card_id)["type"] in EQUIPMENT_TYPES


def is_weapon(card_id: str) -> bool:
    return card(card_id)["type"] == "weapon"


def is_heavy(card_id: str) -> bool:
    return is_weapon(card_id) and card(card_id)["class"] == "heavy"


def equips_face_down(card_id: str) -> bool:
    """Rulebook: "Weapons and armor are equipped face down" (loaded); backpacks and apparel face
    up."""
    return card(card_id)["type"] in ("weapon", "armour")


def fits(card_id: str, slot: str) -> bool:
    c = card(card_id)
    tag = f"weapon:{c['class']}" if c["type"] == "weapon" else c["type"]
    return slot in SLOTS and tag in SLOTS[slot]["accepts"]


def slots_for(card_id: str) -> list[str]:
    return [s for s in SLOT_NAMES if fits(card_id, s)]


def attack(card_id: str, which: str) -> dict | None:
    """The Primary Fire or Secondary Attack profile of a weapon card."""
    c = card(card_id)
    return c.get(which) if which in ("primary", "secondary") else None
