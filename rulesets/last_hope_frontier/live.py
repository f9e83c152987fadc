"""Live play: a Last Hope Frontier battle refereed by the server, action by action.

The protocol methods of ``RULESET`` (ruleset.py) delegate here. The rules themselves live in
the rule modules (shot, damage, combat, dynamite, weapons, movement, wounds, items,
initiative); the live modules only keep the table, the turn and the cards:

- ``live_setup``: options and gangs, decks and hands, first-turn initiative, deployment;
- ``live_turns``: turns, activations passing on, the end of the battle;
- ``live_activation``: activating, moving, horse, whiskey and hooch, reloading;
- ``live_attacks``: the shot with secret cards, combat, thrown knife, dynamite;
- ``live_missions`` and ``live_loot``: a mission's zones, markers, loot, points and end;
- ``live_legal``: who is to move and the legal actions (with templates);
- ``live_view``: views, the outcome, the battle report for the campaign.
"""

from __future__ import annotations

import pickle

from rulesets.core.errors import IllegalAction
from rulesets.core.protocol import Resolution
from rulesets.core.rng import Rng
from rulesets.last_hope_frontier import live_activation, live_attacks, live_loot, live_setup
from rulesets.last_hope_frontier.live_gangs import gang_name
from rulesets.last_hope_frontier.live_legal import legal_actions, to_move
from rulesets.last_hope_frontier.live_turns import finish, settle
from rulesets.last_hope_frontier.live_view import battle_report, outcome, view

__all__ = [
    "apply",
    "battle_report",
    "legal_actions",
    "new_game",
    "outcome",
    "resign",
    "to_move",
    "view",
]

# action type -> (phase in which it is taken, handler)
HANDLERS = {
    "spend_rabbits_feet": ("initiative", live_setup.pledge_feet),
    "deploy": ("deployment", live_setup.deploy),
    "use_town_map": ("deployment", live_setup.use_town_map),
    "activate": ("battle", live_activation.activate),
    "end_activation": ("battle", live_activation.end_activation),
    "end_turn": ("battle", live_activation.end_turn),
    "move": ("battle", live_activation.move),
    "mount": ("battle", live_activation.mount),
    "dismount": ("battle", live_activation.dismount),
    "drink": ("battle", live_activation.drink),
    "reload": ("battle", live_activation.reload),
    "shoot": ("battle", live_attacks.shoot),
    "fight": ("battle", live_attacks.fight),
    "throw_knife": ("battle", live_attacks.throw_knife),
    "throw_dynamite": ("battle", live_attacks.throw_dynamite),
    "defend": ("battle", live_attacks.defend),
    "pick_up": ("battle", live_loot.pick_up),
}

PHASE_NAMES = {
    "initiative": "while the initiative is decided",
    "deployment": "while the gangs set up",
    "battle": "once the battle has begun",
}


def new_game(seats: list[str], options: dict, seed: int) -> dict:
    return live_setup.new_game(seats, options, seed)


def _copy(state: dict) -> dict:
    """A deep copy, so ``apply`` never touches its input (the state is plain data built by
    this engine; a pickle round trip copies it faster than ``copy.deepcopy``)."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


def apply(state: dict, seat: str, action: dict) -> Resolution:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction('An action is an object with a "type", such as "move".')
    entry = HANDLERS.get(action["type"])
    if entry is None:
        raise IllegalAction(f"Unknown action type {action['type'][:40]!r}.")
    if state["phase"] == "over":
        raise IllegalAction("The battle is over.")
    waiting = to_move(state)
    if seat not in waiting:
        names = " and ".join(gang_name(state, s) for s in waiting) or "nobody"
        raise IllegalAction(f"It is not your decision now: waiting for {names}.")
    phase, handler = entry
    if phase != state["phase"]:
        raise IllegalAction(f"You cannot {action['type']} {PHASE_NAMES[state['phase']]}.")
    if state["pending"] is not None and action["type"] != "defend":
        raise IllegalAction("Choose a card to defend with first.")
    new = _copy(state)
    rng = Rng(new["rng"])
    events: list[dict] = []
    handler(new, seat, action, rng, events)
    settle(new, rng, events)
    new["rng"] = rng.state
    return Resolution(new, events)


def resign(state: dict, seat: str) -> Resolution:
    """The seat concedes: the other gang wins at once."""
    if seat not in state["seats"]:
        raise IllegalAction("Only a player of this battle can concede it.")
    if state["phase"] == "over":
        raise IllegalAction("The battle is already over.")
    new = _copy(state)
    events: list[dict] = []
    finish(new, "resigned", events, resigned=seat)
    return Resolution(new, events)
