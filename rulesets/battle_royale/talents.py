"""Talent cards (variant): eight shuffled, players + 1 drawn and laid open; the player to the
right of the starting player picks first and the picking goes on counter-clockwise.

Turn order is clockwise, so "to the right of the starting player" is the seat that plays last
in a round, and counter-clockwise picking walks the turn order backwards: the starting player
picks last. The card nobody picks is set aside, face up.
"""

from __future__ import annotations

from rulesets.battle_royale import catalogue
from rulesets.battle_royale.board import capitalised, colour_of
from rulesets.core.rng import Rng


def effect(state: dict, seat: str, name: str, default):
    """The value a seat's talent gives an effect key, or ``default`` without that talent."""
    talent = state["talents"].get(seat)
    if talent is None:
        return default
    return catalogue.talents()[talent]["effect"].get(name, default)


def holder(state: dict, name: str) -> str | None:
    """The seat whose talent has the effect ``name`` (every talent card exists once)."""
    for seat, talent in state["talents"].items():
        if talent and name in catalogue.talents()[talent]["effect"]:
            return seat
    return None


def open_draft(state: dict, rng: Rng) -> None:
    """Shuffle the eight talents, lay players + 1 open, and fix the counter-clockwise order."""
    offer = rng.shuffled(sorted(catalogue.talents()))[: len(state["seats"]) + 1]
    state["draft"] = {"offer": offer, "order": list(reversed(state["order"]))}
    state["phase"] = "draft"


def drafting_seat(state: dict) -> str | None:
    draft = state.get("draft")
    if state["phase"] != "draft" or not draft or not draft["order"]:
        return None
    return draft["order"][0]


def pick(state: dict, seat: str, talent: str, events: list) -> None:
    """The seat takes one open talent card; when everyone has one the rest is set aside."""
    draft = state["draft"]
    draft["offer"].remove(talent)
    draft["order"].pop(0)
    state["talents"][seat] = talent
    name = catalogue.talents()[talent]["name"]
    events.append(
        {
            "type": "talent_picked",
            "seat": seat,
            "talent": talent,
            "text": f"{capitalised(colour_of(state, seat))} takes the talent {name}.",
        }
    )
