"""Building game positions for rule tests: four players named after their colours (the
seed's examples: blue Polar Zombies on 2, yellow on 6, red on 10, green on 14)."""

from __future__ import annotations

from rulesets.le_dernier_peuple import RULESET
from rulesets.le_dernier_peuple.vp_tokens import empty_purse, exchange

SEATS = ["blue", "yellow", "red", "green"]


def table(
    *,
    seats: list[str] = SEATS,
    active: str = "blue",
    meeples: dict | None = None,
    hands: dict | None = None,
    vp: dict | None = None,
    movement_pile: list[str] | None = None,
    decision: str = "movement",
    seed: int = 0,
) -> dict:
    """A game of ``seats`` where ``active`` takes ``decision`` ("power"/"movement") now.

    Meeples not named stay on their people's card; hands not named are empty; ``vp`` gives
    each seat a VP value paid from the bank; ``movement_pile`` is the pile, top card LAST.
    """
    state = RULESET.new_game(list(seats), {}, seed)
    for seat in seats:
        for card in state["hands"][seat]:
            state["movement_pile"].insert(0, card)
        state["hands"][seat] = []
    for seat, positions in (meeples or {}).items():
        state["meeples"][seat] = list(positions)
    for seat, cards in (hands or {}).items():
        for card in cards:
            pile = "movement_pile" if card.startswith("m") else "power_pile"
            state[pile].remove(card)
        state["hands"][seat] = list(cards)
    for seat, value in (vp or {}).items():
        state["vp"][seat] = empty_purse()
        while value:
            value -= exchange(state["bank"], state["vp"][seat], min(value, 3))
    if movement_pile is not None:
        in_hands = {c for h in state["hands"].values() for c in h}
        rest = [c for c in state["movement_pile"] if c not in movement_pile and c not in in_hands]
        state["movement_pile"] = rest + list(movement_pile)
    state["active"] = active
    state["turn_no"] = 1
    state["last_turn"] = {active: 1}
    state["decision"] = {"kind": decision, "seat": active}
    state["queue"] = []
    return state


def vp(state: dict, seat: str) -> int:
    p = state["vp"][seat]
    return p["1"] + 2 * p["2"] + 3 * p["3"]


def play(state: dict, seat: str, action: dict):
    """Apply and return (new state, events)."""
    resolution = RULESET.apply(state, seat, action)
    return resolution.state, resolution.events


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]
