"""Random playouts: hundreds of games per player count, across every variant and layout.

A seeded ``random.Random(i)`` picks among ``legal_actions``; every game must end with a valid
result, warriors are conserved at every step, ``apply`` never changes its input, views never
show a hand or the dice, and replaying seed + actions gives the same state byte for byte.
"""

from __future__ import annotations

import json
import os
import pickle
import random

import pytest

from rulesets.battle_royale.board import NEUTRAL, WARRIORS_PER_PLAYER
from rulesets.battle_royale.results import check_placements
from tests.rulesets.battle_royale.helpers import SEATS, R

# 100 games per player count (300 in all: 75 per variant, 150 per layout) keeps the whole
# directory near 15 s of CPU on this 2-core machine; BATTLE_ROYALE_PLAYOUTS=500 is a soak.
GAMES_PER_COUNT = int(os.environ.get("BATTLE_ROYALE_PLAYOUTS", "100"))
VARIANTS = [
    {},
    {"talents": True},
    {"special_actions": True},
    {"talents": True, "special_actions": True},
]
LAYOUTS = ["first_game", "full"]
# The text (no house rule), each house rule alone, both: a quarter of the games each.
HOUSE_RULES = [
    None,
    {"own_warriors_eliminated": True},
    {"eliminator_must_move": True},
    {"own_warriors_eliminated": True, "eliminator_must_move": True},
]
STEP_CAP = 5000
HIDDEN_EVENT_KEYS = {"hand", "hands", "deck", "decks", "rng"}


def options_for(i: int) -> dict:
    options = {**VARIANTS[i % 4], "layout": LAYOUTS[(i // 4) % 2], "first_seat": SEATS[i % 3 % 2]}
    house_rules = HOUSE_RULES[(i // 8) % 4]
    return {**options, "house_rules": house_rules} if house_rules else options


def assert_conserved(state: dict) -> None:
    """On the island + in anyone's war spoils + eliminated (+ reserve) = 22 per colour, and
    the neutral warriors placed at the start are all somewhere too."""
    totals = dict(state["reserve"])
    for pile in [*state["board"].values(), *state["spoils"].values(), state["eliminated"]]:
        for colour, n in pile.items():
            totals[colour] = totals.get(colour, 0) + n
    expected = dict.fromkeys(state["colours"].values(), WARRIORS_PER_PLAYER)
    if state["neutral_start"]:
        expected[NEUTRAL] = state["neutral_start"]
    assert totals == expected


def assert_capacity(state: dict) -> None:
    turn = state["turn"]
    if state["pending"] or (turn and turn["moving"]):
        return  # a warrior passing over a full tile, or a push being chosen
    assert all(sum(w.values()) <= state["capacity"] for w in state["board"].values())


def assert_views_hide_hands(state: dict) -> None:
    for seat in [*state["seats"], None]:
        view = R.view(state, seat)
        assert not {"rng", "decks", "hands"} & set(view)
        assert view["hand"] == (state["hands"][seat] if seat else None)
        json.dumps(view)


def assert_outcome_valid(state: dict) -> None:
    outcome = R.outcome(state)
    assert outcome is not None
    assert set(outcome.placements) == set(state["seats"])
    check_placements(outcome.placements)
    assert outcome.winners == [s for s in state["order"] if outcome.placements[s] == 1]
    R.check_result(placements=outcome.placements, scores=outcome.scores)
    alive = [s for s in state["seats"] if outcome.scores[s]["warriors"]]
    assert set(alive) <= set(outcome.winners) or state["result"]["reason"] == "flag_tile"
    if alive:
        assert set(outcome.winners) <= set(alive)


def play(players: int, i: int, deep: bool) -> tuple[dict, list, dict]:
    seats, options = SEATS[:players], options_for(i)
    state = R.new_game(seats, options, i)
    rnd = random.Random(i)
    log: list[tuple[str, str, dict | None]] = []
    for n in range(STEP_CAP):
        if R.outcome(state) is not None:
            return state, log, options
        (seat,) = R.to_move(state)
        actions = R.legal_actions(state, seat)
        assert 0 < len(actions) < 100
        checking = deep or n % 7 == 0
        before = pickle.dumps(state) if checking else None
        if rnd.random() < 0.002:
            log.append(("resign", seat, None))
            res = R.resign(state, seat)
        else:
            action = rnd.choice(actions)
            log.append(("apply", seat, action))
            res = R.apply(state, seat, action)
        if checking:
            assert pickle.dumps(state) == before, "apply changed its input"
            assert all(not HIDDEN_EVENT_KEYS & set(e) for e in res.events)
            assert all(isinstance(e["text"], str) and e["type"] for e in res.events)
        if n % 23 == 0:
            assert_views_hide_hands(res.state)
        state = res.state
        assert_conserved(state)
        assert_capacity(state)
    pytest.fail(f"game {i} with {players} players did not end in {STEP_CAP} actions")


def replay(players: int, seed: int, options: dict, log: list) -> dict:
    state = R.new_game(SEATS[:players], options, seed)
    for kind, seat, action in log:
        state = (R.resign(state, seat) if kind == "resign" else R.apply(state, seat, action)).state
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_a_valid_result_and_conserve_every_warrior(players):
    reasons = set()
    for i in range(GAMES_PER_COUNT):
        state, log, options = play(players, i, deep=i < 4)
        assert_outcome_valid(state)
        reasons.add(state["result"]["reason"])
        if i % 10 == 0:
            again = replay(players, i, options, log)
            assert json.dumps(again, sort_keys=True) == json.dumps(state, sort_keys=True)
    assert reasons == {"last_one_standing", "flag_tile"}


def test_every_listed_action_is_accepted_and_every_refused_step_is_unlisted():
    """Cross-check of ``legal_actions`` against ``apply`` on positions from random games."""
    checked = 0
    for i in range(6):
        state = R.new_game(SEATS[: 2 + i % 3], options_for(i), 100 + i)
        rnd = random.Random(i)
        for n in range(400):
            if R.outcome(state) is not None:
                break
            (seat,) = R.to_move(state)
            actions = R.legal_actions(state, seat)
            if n % 9 == 0:
                for action in actions:
                    R.apply(state, seat, action)
                if state["phase"] == "play" and state["turn"]["stage"] == "move":
                    checked += 1
                    for tile in state["board"]:
                        x, y = map(int, tile.split(","))
                        for d in "NESW":
                            probe = {"type": "step", "warrior_from": [x, y], "direction": d}
                            try:
                                R.apply(state, seat, probe)
                                accepted = True
                            except Exception:
                                accepted = False
                            assert accepted == (probe in actions)
            state = R.apply(state, seat, rnd.choice(actions)).state
    assert checked > 10
