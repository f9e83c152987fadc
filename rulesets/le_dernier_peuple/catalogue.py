"""The components the seed does not print, kept as data (data/*.json): the 40 movement cards,
the 12 power cards, which people sits on which territory card, the Draw symbols, the VP bank.

Card ids ("m1".."m40", "p1".."p12") follow the fixed lists, never a shuffle, so an id names a
card without telling anything about deck order.
"""

from __future__ import annotations

import json
from pathlib import Path

_DATA = Path(__file__).parent / "data"


def _load(name: str):
    return json.loads((_DATA / name).read_text(encoding="utf-8"))


_BOARD = _load("board.json")

MOVEMENT_CARDS: dict[str, dict] = {c["id"]: c for c in _load("movement_cards.json")}
POWER_CARDS: dict[str, dict] = {c["id"]: c for c in _load("power_cards.json")}
PEOPLES: list[dict] = _BOARD["peoples"]  # seat i (in turn order) plays PEOPLES[i]
DRAW_SYMBOLS: frozenset[int] = frozenset(_BOARD["draw_symbols"])
VP_TOKENS: dict[str, int] = dict(_BOARD["vp_tokens"])
TERRITORY_CARDS: int = _BOARD["territory_cards"]


def movement_cards_for(players: int) -> list[str]:
    """ "Keep only the movement cards matching the orange indicator for that player count.
    Example: for a 4-player game, use movement cards marked 3+ (3 players and up) and 4+ (4
    players and up)": a card marked k+ is used when at least k people play, and the base cards
    carry no mark (``"marking": null``): they are in every game."""
    return [cid for cid, card in MOVEMENT_CARDS.items() if smallest_count(card) <= players]


def smallest_count(card: dict) -> int:
    """The fewest players a movement card is used with: 2 (the least the game allows) for an
    unmarked base card, k for a card marked "k+"."""
    marking = card["marking"]
    return 2 if marking is None else int(marking.rstrip("+"))


def power_deck() -> list[str]:
    """ "Shuffle the 12 power cards": one card of each of the twelve powers."""
    return list(POWER_CARDS)


def is_movement(card_id: str) -> bool:
    return card_id in MOVEMENT_CARDS


def is_power(card_id: str) -> bool:
    return card_id in POWER_CARDS


def power_of(card_id: str) -> str | None:
    card = POWER_CARDS.get(card_id)
    return card["power"] if card else None


def movement_label(card: dict) -> str:
    """How the card face reads: "7", "+2", "-1", "+3 (+2 +1)"."""
    if card["effect"] == "teleport":
        return str(card["to"])
    if card["effect"] == "move":
        return f"{card['by']:+d}"
    return f"{card['by'] + card['then']:+d} ({card['by']:+d} {card['then']:+d})"


def _face(card_id: str) -> dict:
    if card_id in MOVEMENT_CARDS:
        card = MOVEMENT_CARDS[card_id]
        return {"kind": "movement", **card, "label": movement_label(card)}
    return {"kind": "power", **POWER_CARDS[card_id]}


_FACES = {card_id: _face(card_id) for card_id in [*MOVEMENT_CARDS, *POWER_CARDS]}


def card_face(card_id: str) -> dict:
    """The public face of a card: what a client shows for a card in a hand or a discard pile."""
    return dict(_FACES[card_id])


def card_name(card_id: str) -> str:
    """A short name for event texts: "movement card 9 (light grey)", "Thief"."""
    if card_id in MOVEMENT_CARDS:
        card = MOVEMENT_CARDS[card_id]
        return f"movement card {movement_label(card)} ({card['shade']} grey)"
    return POWER_CARDS[card_id]["name"]
