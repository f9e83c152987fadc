"""Rounds and turns: "During each turn you will choose and perform 2 of the following actions";
"the lighter you are the sooner your turn in the next round will be."
"""

from __future__ import annotations

from rulesets.core.house_rules import house_rule_on
from rulesets.core.messages import said
from rulesets.core.rng import Rng
from rulesets.last_one_standing import deathmatch, drop_in
from rulesets.last_one_standing.house_rules import STORM
from rulesets.last_one_standing.island_events import bare_island, mark_next_side, storm
from rulesets.last_one_standing.looting import queue_discard
from rulesets.last_one_standing.winning import check_game_over, finish

ACTIONS_PER_TURN = 2


def next_order(state: dict) -> list[str]:
    """Lighter players go sooner. Ties keep the order of the round before (round 1: seat
    order, "Play will proceed clockwise"); players back in the game (revived, dropped in
    again) come after the others of their weight, in seat order."""
    previous = [s for s in state["order"] if s in state["seats"]]
    rest = [s for s in state["seats"] if s not in previous]
    candidates = [
        s for s in previous + rest if state["players"][s]["alive"] and state["players"][s]["hex"]
    ]
    return sorted(candidates, key=lambda s: state["players"][s]["weight"])


def start_round(state: dict, number: int, events: list) -> None:
    state["phase"] = "play"
    state["round"] = number
    state["order"] = (
        next_order(state)
        if number > 1
        else [
            s for s in state["seats"] if state["players"][s]["alive"] and state["players"][s]["hex"]
        ]
    )
    state["turn_index"] = -1
    state["turn"] = None
    events.append(
        {
            "type": "round",
            "round": number,
            "order": list(state["order"]),
            "text": f"Round {number} begins: {', '.join(state['order']) or 'nobody'} "
            "in that order.",
            **(
                said("round", number=number, order=list(state["order"]))
                if state["order"]
                else said("round_nobody", number=number)
            ),
        }
    )


def start_turn(state: dict, seat: str, events: list) -> None:
    state["turn"] = {
        "seat": seat,
        "actions": ACTIONS_PER_TURN,
        "move": None,
        "moved": False,
        "heavy_fired": False,
        "no_loot": False,
        "bonus_points": 0,
    }
    events.append(
        {"type": "turn", "seat": seat, "text": f"It is {seat}'s turn.", **said("turn", seat=seat)}
    )


def _turn_over(state: dict) -> bool:
    turn = state["turn"]
    if turn is None:
        return True
    player = state["players"][turn["seat"]]
    if not player["alive"] or not player["hex"]:
        return True
    return turn["actions"] <= 0 and turn["move"] is None


def advance(state: dict, rng: Rng, events: list) -> None:
    """Move play on after an action: close finished turns, rounds and drop-ins."""
    while not check_game_over(state, events):
        if state["phase"] in ("drop_in", "respawn"):
            if not _advance_drop_in(state, rng, events):
                return
            continue
        if state["phase"] != "play" or state["pending"] or not _turn_over(state):
            return
        if _over_the_hand_limit(state):
            return
        if state["turn"] is not None:
            state["players"][state["turn"]["seat"]]["turns_taken"] += 1
            state["turn"] = None
        state["turn_index"] += 1
        order = state["order"]
        while state["turn_index"] < len(order) and not _can_play(state, order[state["turn_index"]]):
            state["turn_index"] += 1
        if state["turn_index"] < len(order):
            start_turn(state, order[state["turn_index"]], events)
        else:
            end_round(state, rng, events)


def _over_the_hand_limit(state: dict) -> bool:
    """Rulebook: "you must reduce your hand down to 5 cards by discarding before ending your
    turn": checked at every turn end in every mode, so a Deathmatch player who fell holding
    more (and kept them) discards at the end of the next turn. True while a discard waits."""
    turn = state["turn"]
    if turn is None or not _can_play(state, turn["seat"]):
        return False
    queue_discard(state, turn["seat"])
    return bool(state["pending"])


def _can_play(state: dict, seat: str) -> bool:
    return state["players"][seat]["alive"] and bool(state["players"][seat]["hex"])


def _advance_drop_in(state: dict, rng: Rng, events: list) -> bool:
    """Returns False while a seat still has to choose where to drop in."""
    queue = state["drop_queue"]
    while queue:
        seat = queue[0]
        player = state["players"][seat]
        if player["resigned"]:
            queue.pop(0)
        elif not drop_in.drop_hexes(state):
            queue.pop(0)
            player["alive"] = False  # nowhere to land: try again at the end of the next round
            events.append(
                {
                    "type": "no_drop",
                    **said("no_drop", seat=seat),
                    "seat": seat,
                    "text": f"There is nowhere left for {seat} to drop in.",
                }
            )
        else:
            return False
    if state["phase"] == "drop_in":
        mark_next_side(
            state, rng, events
        )  # "After everyone has Dropped-In, flip over the first Island Explosion card"
        start_round(state, 1, events)
    else:
        start_round(state, state["round"] + 1, events)
    return True


def end_round(state: dict, rng: Rng, events: list) -> None:
    """End of round: the storm (house rule; if due) or the bare island's explosion, weapons
    usable again, Deathmatch drop-ins and the round limits."""
    if house_rule_on(state, STORM):
        storm(state, rng, events)
    else:
        bare_island(state, rng, events)
    if check_game_over(state, events):
        return
    for seat in state["seats"]:
        state["players"][seat]["used"] = {}
    options = state["options"]
    limit = options["rounds"] if options["mode"] == "deathmatch" else options["max_rounds"]
    if limit and state["round"] >= limit:
        events.append(
            {
                "type": "last_round",
                "text": f"Round {state['round']} was the last.",
                **said("last_round", number=state["round"]),
            }
        )
        finish(state, events)
        return
    if options["mode"] == "deathmatch":
        queue = deathmatch.respawn_queue(state)
        if queue:
            state["phase"] = "respawn"
            state["drop_queue"] = queue
            state["turn"] = None
            return
    start_round(state, state["round"] + 1, events)
