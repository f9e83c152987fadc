"""The order of play as data: a queue of steps run one after the other until a player has a
decision to take (discard down to 7, choose a riposte, play Defense, the next phase).

Keeping what is left to do in the state (``state["queue"]``) lets a turn stop in the middle
for an out-of-turn decision and go on afterwards, and keeps replays byte-identical.
"""

from __future__ import annotations

from rulesets.core.rng import Rng
from rulesets.le_dernier_peuple.decks import HAND_LIMIT, seat_over_hand_limit, step_draw
from rulesets.le_dernier_peuple.defense import step_offer_defense
from rulesets.le_dernier_peuple.end_of_game import check_end
from rulesets.le_dernier_peuple.events import step_event, step_event_vp
from rulesets.le_dernier_peuple.landing import step_land
from rulesets.le_dernier_peuple.movement import step_move
from rulesets.le_dernier_peuple.powers import step_power_effect
from rulesets.le_dernier_peuple.repositioning import step_reposition
from rulesets.le_dernier_peuple.turns import step_end_turn, step_movement_phase

STEPS = {
    "draw": step_draw,
    "move": step_move,
    "land": step_land,
    "event": step_event,
    "offer_defense": step_offer_defense,
    "event_vp": step_event_vp,
    "reposition": step_reposition,
    "power_effect": step_power_effect,
    "movement_phase": step_movement_phase,
    "end_turn": step_end_turn,
}


def run(state: dict, rng: Rng, events: list) -> None:
    """Run queued steps until a decision is pending or the game is over.

    Before every step the hand limit is checked ("at any time"), and after every step the
    12 VP condition ("as soon as").
    """
    while not state["over"] and state["decision"] is None:
        over = seat_over_hand_limit(state)
        if over is not None:
            excess = len(state["hands"][over]) - HAND_LIMIT
            state["decision"] = {"kind": "discard", "seat": over, "count": excess}
            return
        if not state["queue"]:
            return
        step = state["queue"].pop(0)
        STEPS[step["do"]](state, step, rng, events)
        if check_end(state, events):
            return
