"""Duos Mode: teams, and trading with a teammate after a move (the AED is in ``items``)."""

from __future__ import annotations

from rulesets.core.errors import IllegalAction, InvalidInput
from rulesets.core.messages import said
from rulesets.last_one_standing import hexes
from rulesets.last_one_standing.character import teammates
from rulesets.last_one_standing.looting import queue_discard

DUOS_PLAYER_COUNTS = (4, 6, 8)


def make_teams(seats: list[str], given: object) -> dict[str, str]:
    """Rulebook: "If you are playing with an even number of players (4, 6, or 8) You can play as
    duos."

    Teams are seat pairs (1st+2nd, 3rd+4th, ...) unless ``options.teams`` lists the pairs.
    """
    if len(seats) not in DUOS_PLAYER_COUNTS:
        raise InvalidInput("options.mode", "Duos needs 4, 6 or 8 players.")
    if given is None:
        pairs = [seats[i : i + 2] for i in range(0, len(seats), 2)]
    else:
        ok = isinstance(given, list) and all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(s, str) for s in p)
            for p in given
        )
        flat = [s for p in given for s in p] if ok else []
        if not ok or sorted(flat) != sorted(seats):
            raise InvalidInput(
                "options.teams", "List pairs of seats; every seat in exactly one pair."
            )
        pairs = given
    return {seat: f"team-{n}" for n, pair in enumerate(pairs, start=1) for seat in pair}


def maybe_open_trade(state: dict, seat: str, events: list) -> None:
    """Rulebook: "Trading: If you end a movement action adjacent to your teammate, you may trade any
    number of your Loot Cards with each other." Both teammates may give cards from their hands;
    the trade closes when both say done."""
    here = state["players"][seat]["hex"]
    for mate in teammates(state, seat):
        there = state["players"][mate]["hex"]
        if not state["players"][mate]["alive"] or not there or hexes.distance(here, there) != 1:
            continue
        if state["players"][seat]["hand"] or state["players"][mate]["hand"]:
            state["pending"].append({"kind": "trade", "seats": [seat, mate], "done": []})
            events.append(
                {
                    "type": "trade",
                    **said("trade", seat=seat, mate=mate),
                    "seats": [seat, mate],
                    "text": f"{seat} and {mate} may trade loot cards.",
                }
            )


def trade_actions(state: dict, seat: str) -> list[dict]:
    return [{"type": "give", "card": c} for c in state["players"][seat]["hand"]] + [
        {"type": "done"}
    ]


def apply_trade(state: dict, seat: str, action: dict, events: list) -> None:
    decision = state["pending"][0]
    mate = next(s for s in decision["seats"] if s != seat)
    if action["type"] == "give":
        card = action.get("card")
        if card not in state["players"][seat]["hand"]:
            raise IllegalAction("Give a card from your hand.")
        state["players"][seat]["hand"].remove(card)
        state["players"][mate]["hand"].append(card)
        events.append(
            {
                "type": "give",
                **said("give", seat=seat, mate=mate),
                "seat": seat,
                "to": mate,
                "text": f"{seat} gives a card to {mate}.",
            }
        )
        return
    if action["type"] != "done":
        raise IllegalAction("Give a card to your teammate, or say you are done trading.")
    decision["done"].append(seat)
    if len(decision["done"]) == len(decision["seats"]):
        state["pending"].pop(0)
        for trader in reversed(decision["seats"]):
            queue_discard(state, trader)
