"""Playing a mission to its end, for the mission tests: random players (legal templates made
concrete at random) and the greedy bot, checking the invariants after every step.

Invariants: the battle ends within a step cap; every loot token is taken at most once, by a
seat of the battle, and only ever changes from free to taken; held points only grow; the
points a seat has never fall (a takedown is never undone); the deployment stayed inside the
mission's zones; the views carry the mission but never the rng or the other hand.
"""

from __future__ import annotations

import pickle
import random

from rulesets.core.errors import IllegalAction
from rulesets.last_hope_frontier import RULESET
from rulesets.last_hope_frontier.bot import lhf_greedy
from rulesets.last_hope_frontier.live_missions import deployment_zone, points
from tests.rulesets.last_hope_frontier.test_live_support import SEATS, concrete, random_gang

STEP_CAP = 4000
WEIGHTS = {"end_turn": 0.05, "end_activation": 0.3, "move": 6, "pick_up": 40}


def new_battle(key: str, seed: int) -> dict:
    rnd = random.Random(seed)
    gangs = {"x": random_gang(rnd, 1, 1), "y": random_gang(rnd, 101, 2)}
    return RULESET.new_game(list(SEATS), {"gangs": gangs, "mission": key}, rnd.randrange(2**63))


def _random_choice(state: dict, seat: str, rnd: random.Random) -> dict | None:
    legal = RULESET.legal_actions(state, seat)
    assert legal
    entry = rnd.choices(legal, [WEIGHTS.get(e["type"], 10) for e in legal])[0]
    for _ in range(30):
        action = concrete(entry, state, seat, rnd)
        try:
            RULESET.apply(state, seat, action)
        except IllegalAction:
            continue
        return action
    return None


def _bot_choice(state: dict, seat: str, rnd: random.Random) -> dict | None:
    def accepts(action: dict) -> bool:
        try:
            RULESET.apply(state, seat, action)
        except IllegalAction:
            return False
        return True

    legal = RULESET.legal_actions(state, seat)
    action = lhf_greedy(view=RULESET.view(state, seat), legal=legal, accepts=accepts, rnd=rnd)
    if action is None or not accepts(action):
        return _random_choice(state, seat, rnd)
    return action


def check_step(before: dict, after: dict) -> None:
    old, new = before["mission"], after["mission"]
    for a, b in zip(old["loot"], new["loot"], strict=True):
        assert a["taken_by"] in (None, b["taken_by"])
        assert b["taken_by"] in (None, *SEATS)
    for seat in SEATS:
        assert new["held"][seat] >= old["held"][seat]
        assert points(after, seat) >= points(before, seat)
        assert "rng" not in RULESET.view(after, seat)
        assert "mission" in RULESET.view(after, seat)
    if before["phase"] == "deployment":
        for fid, f in after["fighters"].items():
            if before["fighters"][fid]["status"] == "reserve" and f["status"] == "in_play":
                zone = deployment_zone(after, f["seat"])
                for axis in ("x", "y"):
                    assert zone[axis]["min"] - 1e-6 <= f["position"][axis] <= zone[axis]["max"]


def play(key: str, seed: int, *, bot: bool) -> tuple[dict, list, str]:
    """The battle played to its end: (final state, script, who set up first)."""
    rnd = random.Random(seed * 7919 + 1)
    state = new_battle(key, seed)
    script, first = [], None
    choose = _bot_choice if bot else _random_choice
    for _ in range(STEP_CAP):
        if RULESET.outcome(state) is not None:
            return state, script, first
        seat = rnd.choice(RULESET.to_move(state))
        action = choose(state, seat, rnd)
        if action is None:
            continue
        if state["phase"] == "deployment" and first is None:
            first = state["active"]
        after = RULESET.apply(state, seat, action).state
        check_step(state, after)
        script.append((seat, action))
        state = after
    raise AssertionError(f"{key} battle {seed} did not end within {STEP_CAP} steps")


def replay(key: str, seed: int, script: list) -> dict:
    state = new_battle(key, seed)
    for seat, action in script:
        state = RULESET.apply(state, seat, action).state
    return pickle.loads(pickle.dumps(state))
