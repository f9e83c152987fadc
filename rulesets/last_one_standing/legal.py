"""Who decides now, and every action they may submit."""

from __future__ import annotations

from rulesets.last_one_standing import (
    deathmatch,
    drop_in,
    duos,
    hexes,
    island_events,
    items,
    looting,
    reload,
    shooting,
)
from rulesets.last_one_standing.movement import can_stop_here, step_options

PENDING_ACTIONS = {
    "loot": looting.loot_actions,
    "discard": looting.discard_actions,
    "rearrange": reload.rearrange_actions,
    "trade": duos.trade_actions,
    "reposition": shooting.reposition_actions,
    "supply_drop": island_events.supply_drop_actions,
}


def deciders(decision: dict) -> list[str]:
    if decision["kind"] == "trade":
        return [s for s in decision["seats"] if s not in decision["done"]]
    return [decision["seat"]]


def to_move(state: dict) -> list[str]:
    phase = state["phase"]
    if phase == "draft":
        return deathmatch.waiting(state)
    if phase in ("drop_in", "respawn"):
        return state["drop_queue"][:1]
    if phase != "play":
        return []
    if state["pending"]:
        return deciders(state["pending"][0])
    return [state["turn"]["seat"]] if state["turn"] else []


def legal_actions(state: dict, seat: str) -> list[dict]:
    if seat not in to_move(state):
        return []
    phase = state["phase"]
    if phase == "draft":
        return deathmatch.pick_actions(state, seat)
    if phase in ("drop_in", "respawn"):
        return drop_in.drop_actions(state)
    if state["pending"]:
        return PENDING_ACTIONS[state["pending"][0]["kind"]](state, seat)
    turn = state["turn"]
    if turn["move"] is not None:
        steps = [{"type": "step", "hex": list(hexes.coords(h))} for h in step_options(state, seat)]
        return steps + ([{"type": "end_move"}] if can_stop_here(state, seat) else [])
    actions: list[dict] = []
    if turn["actions"] > 0:
        if not turn["heavy_fired"]:
            actions.append({"type": "move"})
        actions += shooting.shoot_actions(state, seat)
        actions += items.item_actions(state, seat)
        actions.append({"type": "reload"})
    actions.append({"type": "end_turn"})
    return actions
