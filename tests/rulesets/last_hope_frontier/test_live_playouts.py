"""Random battles between random gangs, through ``legal_actions`` + ``apply`` only.

Each battle picks actions with a seeded ``random.Random`` (templates made concrete by
test_live_support.concrete) and checks after every step: the battle ends within a step cap,
wounds never go below zero or above the maximum, no fighter out of action acts or is
targeted, each player's 54 cards are all in their deck, hand, discard pile or the pending
attack, ``apply`` never changes its input, the views never show the other hand, a pending
card or the rng, and the whole battle replays from its seed and actions to the same state.
"""

import json
import pickle
import random
from collections import Counter

import pytest

from rulesets.core.errors import IllegalAction
from rulesets.last_hope_frontier import RULESET
from rulesets.last_hope_frontier.live_cards import card_name
from rulesets.last_hope_frontier.post_game import settle_takedowns
from tests.rulesets.last_hope_frontier.test_live_support import (
    ATTACKS,
    FULL_DECK,
    SEATS,
    cards_in_place,
    concrete,
    random_gang,
)

BATTLES = 200
STEP_CAP = 3000
WEIGHTS = {"end_turn": 0.05, "end_activation": 0.3, "move": 6}


def _weight(entry: dict) -> float:
    if entry["type"] in ATTACKS:
        return 10
    return WEIGHTS.get(entry["type"], 1)


def _check_invariants(state: dict) -> None:
    for f in state["fighters"].values():
        assert 0 <= f["wounds_left"] <= f["stats"]["wounds"]
        assert (f["position"] is not None) == (f["status"] == "in_play")
        assert all(g["shots"] >= 0 for g in f["guns"])
    for seat in SEATS:
        assert cards_in_place(state, seat) == FULL_DECK
        assert len(state["cards"][seat]["hand"]) <= state["hand_size"]
    assert sorted(state["out_of_action"]) == sorted(
        int(k) for k, f in state["fighters"].items() if f["status"] == "out"
    )


def _check_views(state: dict, step: int) -> None:
    """One viewer per step, in rotation: first seat, second seat, a spectator."""
    pending = state["pending"]
    for seat in [[*SEATS, None][step % 3]]:
        seen = RULESET.view(state, seat)
        assert "rng" not in seen and "seed" not in seen
        for owner, pile in seen["cards"].items():
            assert "deck" not in pile
            assert ("hand" in pile) == (owner == seat)
        if pending is not None and pending["attacker_seat"] != seat:
            assert seen["pending"]["attack_card"] is None
        if state["phase"] == "initiative":
            for owner, pledge in seen["initiative"]["pledges"].items():
                assert ("count" in pledge) == (owner == seat)


def _check_acting_fighter(state: dict, seat: str, action: dict) -> None:
    """No fighter acts, or is attacked, when out of action."""
    for key in ("fighter", "target"):
        if key in action:
            f = state["fighters"][str(action[key])]
            assert f["status"] != "out", action
            assert f["status"] == "in_play" or state["phase"] == "deployment", action


# The text (no house rule), all of them, and each battle-changing one alone: a quarter each.
HOUSE_RULES = [
    None,
    {"stat_caps": True, "fists": True, "clothing_vs_dynamite": True},
    {"fists": True},
    {"clothing_vs_dynamite": True},
]


def _play(battle: int) -> tuple[dict, list, Counter]:
    rnd = random.Random(battle)
    gangs = {"x": random_gang(rnd, 1, 1), "y": random_gang(rnd, 101, 2)}
    if battle % 4 == 1:  # a last stand: the battered survivors of a long campaign
        for gang in gangs.values():
            gang["fighters"] = gang["fighters"][: rnd.randint(1, 2)]
            for f in gang["fighters"]:
                f["stats"]["wounds"] = rnd.randint(1, 3)
    options = {"gangs": gangs, "turn_limit": rnd.randint(4, 6), "hand_size": rnd.choice([3, 5])}
    if HOUSE_RULES[(battle // 4) % 4]:
        options["house_rules"] = HOUSE_RULES[(battle // 4) % 4]
    seed = rnd.randrange(2**63)
    state = RULESET.new_game(list(SEATS), options, seed)
    script = []
    kinds = Counter()
    resign_at = rnd.randrange(400) if rnd.random() < 0.05 else None
    watch_input = battle % 2 == 0  # every step of half the battles: pickling costs time
    for step in range(STEP_CAP):
        if RULESET.outcome(state) is not None:
            break
        if step == resign_at:
            seat = rnd.choice(SEATS)
            state = RULESET.resign(state, seat).state
            script.append((seat, None))
            continue
        seat = rnd.choice(RULESET.to_move(state))
        legal = RULESET.legal_actions(state, seat)
        assert legal and len(legal) < 100
        entry = rnd.choices(legal, [_weight(e) for e in legal])[0]
        before = pickle.dumps(state) if watch_input else None
        for _ in range(30):
            action = concrete(entry, state, seat, rnd)
            try:
                resolution = RULESET.apply(state, seat, action)
            except IllegalAction:
                assert action != entry, f"a listed concrete action was refused: {entry}"
                continue  # a sampled spot was taken or out of reach: sample again
            assert before is None or pickle.dumps(state) == before, "apply changed its input"
            break
        else:
            continue
        _check_acting_fighter(state, seat, action)
        if state["pending"] is None and resolution.state["pending"] is not None:
            secret = resolution.state["pending"]["attack_card"]
            for event in resolution.events:
                assert card_name(secret) not in event["text"] and secret not in event.values()
        for event in resolution.events:
            assert isinstance(event["type"], str) and event["text"].endswith(".")
        kinds[action["type"]] += 1
        state = resolution.state
        script.append((seat, action))
        _check_invariants(state)
        _check_views(state, step)
    else:
        pytest.fail(f"battle {battle} did not end within {STEP_CAP} steps")
    return state, script, kinds, (options, seed)


def _canonical(data):
    """What the matches app stores and feeds back: JSON with sorted keys."""
    return json.loads(json.dumps(data, sort_keys=True, allow_nan=False))


def _replay(options: dict, seed: int, script: list) -> dict:
    """Replay as the matches app does: every state and action through canonical JSON."""
    state = _canonical(RULESET.new_game(list(SEATS), _canonical(options), seed))
    for seat, action in script:
        if action is None:
            resolution = RULESET.resign(state, seat)
        else:
            resolution = RULESET.apply(state, seat, _canonical(action))
        state = _canonical(resolution.state)
    return state


def test_random_battles_end_keep_every_invariant_and_replay_identically():
    endings, kinds = Counter(), Counter()
    for battle in range(BATTLES):
        state, script, used, (options, seed) = _play(battle)
        kinds += used
        result = state["result"]
        endings[result["reason"]] += 1
        outcome = RULESET.outcome(state)
        assert sorted(outcome.placements.values()) in ([1, 2], [1, 1])
        assert outcome.winners == ([] if result["winner"] is None else [result["winner"]])
        RULESET.check_result(placements=outcome.placements, scores=outcome.scores)
        report = RULESET.battle_report(state)
        settle_takedowns(report["takedowns"], died=[])  # the post-game reads it as it is
        assert _canonical(state) == state  # plain JSON data
        if battle % 4 == 0:  # replay a quarter of them (the replay is half the cost)
            replayed = _replay(options, seed, script)
            assert json.dumps(replayed, sort_keys=True) == json.dumps(state, sort_keys=True)
    # The playouts really exercise the game, not only the end-turn button.
    assert endings["wiped_out"] and endings["turn_limit"]
    for kind in ("shoot", "fight", "defend", "move", "reload", "drink", "throw_dynamite"):
        assert kinds[kind] > 0, kind
