"""Random playouts through the Ruleset protocol only: ``to_move``, ``legal_actions``, ``apply``.

Three engines list concrete actions, played as listed (their lists and objects are part of
the action). Last Hope Frontier lists TEMPLATES with free parameters (docs/rules/
last-hope-frontier.md, "Action shapes"): ``{"min", "max"}`` is a number in that range, a list
is one of its items, ``{"from_hand": true}`` a card in the player's hand. A sampled move may
still be refused (a spot taken, out of reach): the playout samples again, and only applied
actions are counted.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from rulesets.core.errors import IllegalAction
from rulesets.core.protocol import Ruleset

BOARD = 24.0  # Last Hope Frontier: a 2 x 2 foot table, in inches
BASE_RADIUS = 0.5
ATTACKS = {"shoot", "fight", "throw_knife", "throw_dynamite"}
TEMPLATE_GAMES = {"last-hope-frontier"}
TRIES = 30  # samples of one template before the playout picks another entry
STEP_CAP = 3000


@dataclass
class Step:
    seat: str
    action: dict
    before: dict
    after: dict


def concrete(entry: dict, state: dict, seat: str, rnd: random.Random) -> dict:
    """A concrete action from a legal-action entry (returned as it is when already concrete)."""
    if entry.get("type") == "move" and isinstance(entry.get("to", {}).get("x"), dict):
        return _move(entry, state, rnd)
    hand = state.get("cards", {}).get(seat, {}).get("hand", [])
    return {key: _value(value, hand, rnd) for key, value in entry.items()}


def _value(value, hand: list, rnd: random.Random):
    if isinstance(value, dict):
        if set(value) == {"min", "max"}:
            return rnd.uniform(value["min"], value["max"])
        if value == {"from_hand": True}:
            return rnd.choice(hand)
        return {k: _value(v, hand, rnd) for k, v in value.items()}
    if isinstance(value, list):
        return rnd.choice(value)
    return value


def _move(entry: dict, state: dict, rnd: random.Random) -> dict:
    """Mostly straight at the nearest enemy (random walks rarely meet on a 2 x 2 foot table),
    never further than the template's ``max_distance``; the optional declarations are left out."""
    me = state["fighters"][str(entry["fighter"])]
    x, y = me["position"]["x"], me["position"]["y"]
    limit = entry.get("max_distance", 3.5)
    enemies = [
        f["position"]
        for f in state["fighters"].values()
        if f["status"] == "in_play" and f["seat"] != me["seat"]
    ]
    if enemies and rnd.random() < 0.8:
        near = min(enemies, key=lambda p: math.dist((p["x"], p["y"]), (x, y)))
        angle = math.atan2(near["y"] - y, near["x"] - x)
        gap = math.dist((near["x"], near["y"]), (x, y)) - 2 * BASE_RADIUS - 0.05
        reach = min(limit * 0.99, max(0.0, gap))
    else:
        angle, reach = rnd.uniform(0, 2 * math.pi), limit * 0.99 * math.sqrt(rnd.random())
    low, high = BASE_RADIUS, BOARD - BASE_RADIUS
    to = {
        "x": min(high, max(low, x + reach * math.cos(angle))),
        "y": min(high, max(low, y + reach * math.sin(angle))),
    }
    return {"type": "move", "fighter": entry["fighter"], "to": to}


def _weight(entry: dict) -> float:
    """Fights happen (attacks weigh 10) and turns do not end at once (end_turn weighs 0.05)."""
    kind = entry.get("type")
    if kind in ATTACKS:
        return 10.0
    return {"end_turn": 0.05, "end_activation": 0.3, "move": 6.0}.get(kind, 1.0)


def seats_for(game: Ruleset) -> list[str]:
    """A typical table: four players where the game allows it, else as many as it allows."""
    return [f"s{n}" for n in range(1, max(game.min_players, min(4, game.max_players)) + 1)]


def playout(
    game: Ruleset,
    seed: int,
    *,
    apply: Callable[[dict, str, dict], dict] | None = None,
    step_cap: int = STEP_CAP,
) -> Iterator[Step]:
    """One seeded game, yielding every applied action. ``apply(state, seat, action)`` may wrap
    the engine's (to time it); it returns the new state and raises IllegalAction like it."""
    rnd = random.Random(seed)
    templates = game.slug in TEMPLATE_GAMES
    apply = apply or (lambda state, seat, action: game.apply(state, seat, action).state)
    state = game.new_game(seats_for(game), {}, seed)
    for _ in range(step_cap):
        if game.outcome(state) is not None:
            return
        movers = game.to_move(state)
        if not movers:
            return
        seat = rnd.choice(movers)
        legal = game.legal_actions(state, seat)
        if not legal:
            return
        entry = rnd.choices(legal, [_weight(e) for e in legal])[0]
        for _ in range(TRIES if templates else 1):
            action = concrete(entry, state, seat, rnd) if templates else entry
            try:
                new = apply(state, seat, action)
            except IllegalAction:
                continue  # a sampled spot was taken or out of reach: sample again
            yield Step(seat=seat, action=action, before=state, after=new)
            state = new
            break
