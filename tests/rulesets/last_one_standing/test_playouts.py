"""Random playouts through legal_actions + apply at every player count and in every mode.

Every game must end with a valid outcome (a generous step cap fails the test), cards are
conserved, ``apply`` never mutates its input, views and events never leak hidden cards, and a
replay from seed and actions gives the same state byte for byte. The chooser favours shooting
and finishing sub-steps so games stay short enough for the suite's time budget; the game is
ended by the rules alone (eliminations and island explosions), never by a round cap.

By default (the rulebook's text, no storm) every game ends too: the bare island's explosion
(``island_events.bare_island``) is what ends the games nobody loots to their end. Each house
rule is played on as well: all of them together (the game as it was before they became house
rules) and each one alone.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from rulesets.last_one_standing import RULESET, catalogue
from rulesets.last_one_standing.character import hand_limit
from rulesets.last_one_standing.house_rules import DISCARD_AT_ONCE, HOUSE_RULES

from .hidden import hidden_cards, public_cards

STEP_CAP = 5000
WEIGHTS = {
    "shoot": 8,
    "use_item": 3,
    "move": 3,
    "step": 2,
    "end_move": 1,
    "reload": 2,
    "end_turn": 0.3,
    "done": 3,
    "equip": 2,
    "unequip": 0.2,
    "discard": 1,
    "give": 0.3,
}
CONFIGS = (
    [("standard", n, 12) for n in range(2, 9)]
    + [("duos", n, 12) for n in (4, 6, 8)]
    + [("deathmatch", n, 8) for n in range(2, 9)]
)  # 176 games
ALL_ON = {rule.key: True for rule in HOUSE_RULES}
HOUSE_CONFIGS = (
    [(mode, n, 2, ALL_ON) for mode, n, _ in CONFIGS]
    + [("standard", n, 3, {rule.key: True}) for rule in HOUSE_RULES for n in (2, 5)]
    + [("duos", 4, 3, {rule.key: True}) for rule in HOUSE_RULES]
)
CARD_ID = re.compile(r'"([a-z_]+#\d+)"')


def all_cards(state: dict) -> Counter:
    cards = [*state["decks"]["loot"], *state["decks"]["loot_discard"], *state["out_of_game"]]
    for player in state["players"].values():
        cards += player["hand"]
        cards += [s["card"] for s in player["slots"].values() if s]
    for decision in state["pending"]:
        cards += decision.get("cards", [])
    if state["draft"]:
        for pack in state["draft"]["packs"].values():
            cards += pack
    return Counter(cards)


def check_invariants(state: dict, expected: Counter) -> None:
    assert all_cards(state) == expected, "a card was created or lost"
    moving = state["turn"]["seat"] if state["turn"] and state["turn"]["move"] else None
    spots = Counter()
    pending_seats = {s for d in state["pending"] for s in (d.get("seats") or [d["seat"]])}
    for seat, player in state["players"].items():
        assert 0 <= player["health"] <= 10
        if player["alive"] and player["hex"]:
            assert player["health"] > 0
            assert player["hex"] in state["terrain"], "standing on a removed hex"
            if seat != moving:
                spots[player["hex"]] += 1
            # Deathmatch players keep their cards when they fall, so between dropping in again
            # and the end of their next turn they may hold more: checked at turn ends instead.
            # By the text the hand limit holds "before ending your turn" (checked at turn
            # ends): mid-turn a player may hold more, and so may a Duos teammate revived with
            # the cards they fell with. House rule discard_at_once: at every step.
            at_once = DISCARD_AT_ONCE in state["house_rules"]
            if seat not in pending_seats and state["options"]["mode"] != "deathmatch" and at_once:
                assert len(player["hand"]) <= hand_limit(player)
        weight = sum(catalogue.card(s["card"])["weight"] for s in player["slots"].values() if s)
        assert player["weight"] == weight
    assert all(n == 1 for n in spots.values()), "two players end on one hex"


def check_hand_limit_at_turn_ends(before: dict, after: dict) -> None:
    """Every mode, Deathmatch too: "you must reduce your hand down to 5 cards by discarding
    before ending your turn" - whoever just ended a turn standing holds no more than the limit."""
    for seat, player in after["players"].items():
        ended = player["turns_taken"] > before["players"][seat]["turns_taken"]
        if ended and player["alive"] and player["hex"]:
            assert len(player["hand"]) <= hand_limit(player), f"{seat} ended a turn over the limit"


def choose(rnd: random.Random, actions: list[dict]) -> dict:
    return rnd.choices(actions, [WEIGHTS.get(a["type"], 1) for a in actions])[0]


def options_of(mode: str, house_rules: dict | None) -> dict:
    options = {} if mode == "standard" else {"mode": mode}
    return {**options, "house_rules": house_rules} if house_rules else options


def play(
    mode: str, players: int, seed: int, *, thorough: bool, house_rules: dict | None = None
) -> tuple[dict, list]:
    seats = [f"s{i}" for i in range(players)]
    options = options_of(mode, house_rules)
    state = RULESET.new_game(seats, options, seed)
    expected = all_cards(state)
    rnd = random.Random(seed)
    log = []
    for step in range(STEP_CAP):
        if RULESET.outcome(state) is not None:
            return state, log
        movers = RULESET.to_move(state)
        assert movers, "nobody to move in a running game"
        seat = rnd.choice(movers)
        actions = RULESET.legal_actions(state, seat)
        assert actions, f"{seat} must decide but has no legal action"
        assert len(actions) < 150
        action = choose(rnd, actions)
        before = json.dumps(state, sort_keys=True) if thorough or step % 40 == 0 else None
        result = RULESET.apply(state, seat, action)
        if before is not None:
            assert json.dumps(state, sort_keys=True) == before, "apply mutated its input"
        check_hand_limit_at_turn_ends(state, result.state)
        if thorough or step % 10 == 0:
            check_invariants(result.state, expected)
            # one viewer a step, in turn: every seat and the spectator are checked all game
            viewer = [*seats, None][step % (len(seats) + 1)]
            shown = set(CARD_ID.findall(json.dumps(RULESET.view(result.state, viewer))))
            assert not shown & hidden_cards(result.state, viewer), "a view leaks a card"
        for event in result.events:
            assert isinstance(event["text"], str) and event["text"]
            if "card" in event:
                assert event["card"] in public_cards(result.state) | public_cards(state)
        log.append((seat, action))
        state = result.state
    pytest.fail(f"{mode} game with {players} players (seed {seed}, {house_rules}) did not end")


def replay(mode: str, players: int, seed: int, log: list, house_rules: dict | None) -> dict:
    seats = [f"s{i}" for i in range(players)]
    state = RULESET.new_game(seats, options_of(mode, house_rules), seed)
    for seat, action in log:
        state = RULESET.apply(state, seat, action).state
    return state


@pytest.mark.parametrize(("mode", "players", "games"), CONFIGS)
def test_random_playouts_end_with_a_valid_outcome(mode, players, games):
    check_playouts(mode, players, games, None)


@pytest.mark.parametrize(("mode", "players", "games", "house_rules"), HOUSE_CONFIGS)
def test_random_playouts_with_house_rules_end_with_a_valid_outcome(
    mode, players, games, house_rules
):
    check_playouts(mode, players, games, house_rules)


def check_playouts(mode: str, players: int, games: int, house_rules: dict | None) -> None:
    for seed in range(games):
        state, log = play(
            mode, players, 1000 * players + seed, thorough=seed == 0, house_rules=house_rules
        )
        result = RULESET.outcome(state)
        seats = set(state["seats"])
        assert set(result.placements) == seats
        RULESET.check_result(placements=result.placements, scores=result.scores)
        assert set(result.winners) <= seats
        assert all(result.placements[w] == 1 for w in result.winners)
        if mode == "duos":
            assert set(result.teams) == seats
            teams = {result.teams[w] for w in result.winners}
            assert len(teams) <= 1
        if mode == "standard":
            assert len(result.winners) <= 1
        if mode == "deathmatch":
            assert state["round"] == 5
        if seed == 0:
            again = replay(mode, players, 1000 * players + seed, log, house_rules)
            assert json.dumps(again, sort_keys=True) == json.dumps(state, sort_keys=True)
