"""The movement phase: the played card's warriors each take up to its number of steps.

'Warriors move orthogonally, one at a time, and the same warrior not twice in a turn. Warriors
may not jump over holes and may not pass over the same tile more than once.' You may move
fewer warriors, or take fewer steps, or both.

A warrior moves step by step (``step``) and stops with ``end_warrior`` (or by itself when its
steps are used up); only then does it 'end' on a tile, so only then can it push. Warriors of
one colour on a tile are interchangeable: ``turn["spent"]`` counts, per tile, the active
player's warriors that already moved this turn, so that none moves twice.
"""

from __future__ import annotations

from rulesets.battle_royale import messages as say
from rulesets.battle_royale import pushing, talents
from rulesets.battle_royale.board import (
    add,
    capitalised,
    colour_of,
    count,
    grid_neighbours,
    in_grid,
    is_tile,
    key,
    label,
    neighbour,
    pos,
    remove,
)
from rulesets.battle_royale.movement_cards import card, describe
from rulesets.core.messages import said, word

DIRECTION_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}


def play_card(state: dict, seat: str, card_id: str, events: list) -> None:
    """'Each player chooses a card': it sets how many warriors may take how many steps."""
    turn = state["turn"]
    state["hands"][seat].remove(card_id)
    state["discards"][seat].append(card_id)
    face = card(card_id)
    turn["card"] = card_id
    turn["warriors"] = face["warriors"] + talents.effect(state, seat, "extra_warriors", 0)
    turn["warriors"] += turn["bonus_warriors"]
    turn["steps"] = face["steps"] + talents.effect(state, seat, "extra_steps", 0)
    turn["steps"] += turn["bonus_steps"]
    turn["stage"] = "move"
    events.append(
        {
            "type": "card_played",
            "seat": seat,
            "card": card_id,
            "text": f"{capitalised(colour_of(state, seat))} plays {describe(card_id)}: up to "
            f"{turn['warriors']} warrior(s), {turn['steps']} step(s) each.",
            **said(
                "card_played",
                colour=say.colour(colour_of(state, seat), capital=True),
                card=say.card(face),
                warriors=said("warriors", n=turn["warriors"]),
                steps=said("steps", n=turn["steps"]),
            ),
        }
    )


def unmoved(state: dict, tile: str) -> int:
    """The active player's warriors on ``tile`` that have not moved this turn."""
    turn = state["turn"]
    colour = colour_of(state, turn["seat"])
    return count(state, tile, colour) - turn["spent"].get(tile, 0)


def step_refusal(state: dict, tile: str, direction: str) -> str | None:
    """Why the warrior on ``tile`` may not step ``direction`` now, or None when it may."""
    turn = state["turn"]
    moving = turn["moving"]
    if moving is not None and moving["at"] != tile:
        return "Finish the warrior that is moving (end_warrior) before you move another one."
    if moving is None:
        if turn["moved"] >= turn["warriors"]:
            return "Your card lets you move no more warriors this turn."
        if unmoved(state, tile) < 1:
            return "You have no warrior on that tile that has not moved yet this turn."
        path = [tile]
    else:
        path = moving["path"]
    x, y = neighbour(tile, direction)
    if not in_grid(state, x, y):
        return "A warrior may not step off the island."
    if not is_tile(state, key(x, y)):
        return "A warrior may not step into a hole or jump over it."
    if key(x, y) in path:
        return "A warrior may not pass over the same tile twice in one turn."
    return None


def steps_for(state: dict, seat: str) -> list[dict]:
    """Every legal step: the moving warrior's, or the first step of a warrior that has not
    moved yet (at most 22 tiles x 4 directions). The same rules as ``step_refusal``, written
    for speed because it runs for every decision of the movement phase."""
    turn = state["turn"]
    board = state["board"]
    moving = turn["moving"]
    if moving is not None:
        starts = [(moving["at"], set(moving["path"]))]
    elif turn["moved"] < turn["warriors"]:
        colour = colour_of(state, seat)
        spent = turn["spent"]
        starts = [(t, {t}) for t, w in board.items() if w.get(colour, 0) > spent.get(t, 0)]
    else:
        starts = []
    around = grid_neighbours(*state["size"])
    found = []
    for tile, path in starts:
        x, y = pos(tile)
        for direction, target in around[tile]:
            if target in board and target not in path:
                found.append({"type": "step", "warrior_from": [x, y], "direction": direction})
    return found


def step(state: dict, tile: str, direction: str, events: list) -> None:
    """Move one warrior one tile; it ends by itself when its steps are used up."""
    turn = state["turn"]
    colour = colour_of(state, turn["seat"])
    if turn["moving"] is None:
        turn["moving"] = {"at": tile, "path": [tile], "steps_used": 0}
    moving = turn["moving"]
    target = key(*neighbour(tile, direction))
    remove(state, tile, colour)
    add(state, target, colour)
    moving["at"] = target
    moving["path"].append(target)
    moving["steps_used"] += 1
    moving["direction"] = direction
    events.append(
        {
            "type": "step",
            "colour": colour,
            "from": tile,
            "to": target,
            "text": f"A {colour} warrior steps {DIRECTION_NAMES[direction]} from {label(tile)} "
            f"to {label(target)}.",
            **said(
                "step",
                colour=say.colour(colour),
                direction=word(direction),
                **{"from": label(tile), "to": label(target)},
            ),
        }
    )
    if moving["steps_used"] >= turn["steps"]:
        end_warrior(state, events)


def end_warrior(state: dict, events: list) -> None:
    """The warrior ends on its tile; 'if a warrior ends on a full tile' it pushes."""
    turn = state["turn"]
    moving = turn["moving"]
    turn["moving"] = None
    turn["moved"] += 1
    tile = moving["at"]
    turn["spent"][tile] = turn["spent"].get(tile, 0) + 1
    colour = colour_of(state, turn["seat"])
    pushing.arrive(state, tile, moving["direction"], colour, True, events)


def movement_over(state: dict) -> bool:
    turn = state["turn"]
    return turn["moving"] is None and turn["moved"] >= turn["warriors"]


def close(state: dict) -> None:
    """After the movement phase the card's extra action follows."""
    turn = state["turn"]
    turn["stage"] = "extra"
    turn["moving"] = None
    turn["spent"] = {}
