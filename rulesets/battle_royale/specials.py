"""Special-action cards (variant): 'the seven are shuffled and three are laid open on the
table. Everyone may perform one of the special actions during their turn. To do so you must
always sacrifice a number of warriors.'

Decisions: the three open cards stay for the whole game and anyone may use them (at most one
special action per turn). A special action is taken at the start of the turn, before the
movement card is played, so that the movement bonuses apply to that card. The player pays
first: they pick, one by one, the tiles their sacrificed warriors leave (``sacrifice``);
sacrificed warriors are eliminated. Nobody may sacrifice their last warrior on the island.
"""

from __future__ import annotations

from rulesets.battle_royale import battle, catalogue, doom, movement_cards
from rulesets.battle_royale.board import (
    add,
    capitalised,
    colour_of,
    label,
    on_island,
    remove,
    to_graveyard,
    total,
)
from rulesets.core.rng import Rng


def lay_open(state: dict, rng: Rng) -> None:
    state["specials"] = rng.shuffled(sorted(catalogue.specials()))[:3]


def usable(state: dict, seat: str, special: str) -> bool:
    """May the seat start this special action now? Once per turn, before the card, paid
    without its last warrior, and only when it would do something."""
    turn = state["turn"]
    if turn["stage"] != "play" or turn["special_used"] or state["pending"]:
        return False
    card = catalogue.specials()[special]
    if on_island(state, colour_of(state, seat)) <= card["cost"]:
        return False
    effect = card["effect"]
    if effect.get("doom") == "battle_royale" and battle.blocked(state):
        return False
    if "reinforce" in effect:
        room = state["capacity"] - total(state, state["flag"])
        return state["reserve"][colour_of(state, seat)] > 0 and room > 0
    return True


def start(state: dict, seat: str, special: str, events: list) -> None:
    card = catalogue.specials()[special]
    state["turn"]["special_used"] = True
    state["pending"] = {"kind": "sacrifice", "left": card["cost"], "special": special}
    events.append(
        {
            "type": "special_action",
            "seat": seat,
            "special": special,
            "text": f"{capitalised(colour_of(state, seat))} uses {card['name']}, sacrificing "
            f"{card['cost']} warrior(s).",
        }
    )


def sacrifice_tiles(state: dict, seat: str) -> list[list[int]]:
    colour = colour_of(state, seat)
    return [list(map(int, t.split(","))) for t, w in state["board"].items() if w.get(colour)]


def sacrifice(state: dict, seat: str, tile: str, rng: Rng, events: list) -> None:
    colour = colour_of(state, seat)
    remove(state, tile, colour)
    to_graveyard(state, colour)
    pending = state["pending"]
    pending["left"] -= 1
    events.append(
        {
            "type": "sacrifice",
            "tile": tile,
            "colour": colour,
            "text": f"{capitalised(colour)} sacrifices a warrior on {label(tile)}.",
        }
    )
    if pending["left"] == 0:
        state["pending"] = None
        take_effect(state, seat, pending["special"], rng, events)


def take_effect(state: dict, seat: str, special: str, rng: Rng, events: list) -> None:
    """Carry out the special action once its warriors are sacrificed (effects from the data)."""
    effect = catalogue.specials()[special]["effect"]
    turn = state["turn"]
    turn["bonus_warriors"] += effect.get("extra_warriors", 0)
    turn["bonus_steps"] += effect.get("extra_steps", 0)
    if "doom" in effect:
        doom.carry_out(state, effect["doom"], rng, events)
    if "reinforce" in effect:
        colour = colour_of(state, seat)
        room = state["capacity"] - total(state, state["flag"])
        n = min(effect["reinforce"], state["reserve"][colour], room)
        state["reserve"][colour] -= n
        add(state, state["flag"], colour, n)
        events.append(
            {
                "type": "reinforcements",
                "colour": colour,
                "count": n,
                "text": f"{n} {colour} warrior(s) from the reserve join the flag tile.",
            }
        )
    if effect.get("redraw"):
        state["discards"][seat].extend(state["hands"][seat])
        state["hands"][seat] = []
        movement_cards.draw_up(state, seat, rng, events)
        events.append(
            {
                "type": "redraw",
                "seat": seat,
                "text": f"{capitalised(colour_of(state, seat))} discards their hand and "
                "draws a new one.",
            }
        )
