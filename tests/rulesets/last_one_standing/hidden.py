"""What a seat must never see, for the view and event leak checks."""

from __future__ import annotations


def hidden_cards(state: dict, seat: str | None) -> set[str]:
    """Every card the seat may not see: deck contents, other hands (and bodies' cards),
    other players' face-down cards, other players' freshly drawn loot and draft packs."""
    # (the supply and explosion decks hold tile ids and side numbers: only their order is
    # secret, and views show those decks as counts)
    hidden: set[str] = set(state["decks"]["loot"])
    for other, player in state["players"].items():
        if other == seat:
            continue
        hidden |= set(player["hand"])
        hidden |= {s["card"] for s in player["slots"].values() if s and s["face_down"]}
    for decision in state["pending"]:
        if decision.get("seat") != seat:
            hidden |= set(decision.get("cards", []))
    if state["draft"]:
        for other, pack in state["draft"]["packs"].items():
            if other != seat:
                hidden |= set(pack)
    return hidden


def public_cards(state: dict) -> set[str]:
    """Cards anyone may see: face-up equipment, the discard pile, cards out of the game."""
    public = set(state["decks"]["loot_discard"]) | set(state["out_of_game"])
    for player in state["players"].values():
        public |= {s["card"] for s in player["slots"].values() if s and not s["face_down"]}
    return public
