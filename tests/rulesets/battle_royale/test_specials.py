"""Special-action cards (variant): three open, once per turn, paid with warriors."""

import pytest

from rulesets.battle_royale import catalogue
from rulesets.core.errors import IllegalAction
from tests.rulesets.battle_royale.helpers import (
    STRIP,
    R,
    act,
    card,
    doom,
    game,
    hand,
    put,
    rigged,
)

BASE = {"2,1": {"red": 1, "blue": 1, "green": 1}, "0,2": {"red": 3}}


def table(*specials: str, board: dict | None = None) -> dict:
    state = put(game(3, rows=STRIP, special_actions=True), {**BASE, **(board or {})})
    state["specials"] = list(specials)
    return hand(state, "ann", "2x2", "3x1", "1x4", "3x2")


def use(state: dict, special: str, *tiles: tuple[int, int]) -> tuple[dict, list]:
    actions = [{"type": "special_action", "card": special}]
    actions += [{"type": "sacrifice", "tile": list(t)} for t in tiles]
    return act(state, "ann", *actions)


def test_seven_special_actions_of_which_three_lie_open():
    """'The seven are shuffled and three are laid open on the table.'"""
    assert len(catalogue.specials()) == 7
    state = game(3, special_actions=True)
    assert len(state["specials"]) == 3 and set(state["specials"]) <= set(catalogue.specials())
    assert game(3)["specials"] == []
    assert len({tuple(game(3, seed=s, special_actions=True)["specials"]) for s in range(6)}) > 1


def test_a_special_action_is_paid_by_sacrificing_warriors_chosen_tile_by_tile():
    """'To do so you must always sacrifice a number of warriors.'"""
    state = table("call_to_arms")
    state, _ = act(state, "ann", {"type": "special_action", "card": "call_to_arms"})
    assert state["pending"] == {"kind": "sacrifice", "left": 2, "special": "call_to_arms"}
    assert R.legal_actions(state, "ann") == [
        {"type": "sacrifice", "tile": [2, 1]},
        {"type": "sacrifice", "tile": [0, 2]},
    ]
    with pytest.raises(IllegalAction, match="no warrior"):
        R.apply(state, "ann", {"type": "sacrifice", "tile": [4, 2]})
    with pytest.raises(IllegalAction, match="sacrifice"):
        R.apply(state, "ann", card("2x2"))
    state, _ = act(state, "ann", *[{"type": "sacrifice", "tile": [0, 2]}] * 2)
    assert state["board"]["0,2"] == {"red": 1}
    assert state["eliminated"] == {"red": 2}
    assert all(not s for s in state["spoils"].values())


def test_one_special_action_per_turn_and_only_before_the_movement_card():
    """'Everyone may perform one of the special actions during their turn.'"""
    state = table("rally", "steer")
    state, _ = use(state, "rally", (0, 2))
    assert all(a["type"] == "play_card" for a in R.legal_actions(state, "ann"))
    with pytest.raises(IllegalAction, match="already used"):
        R.apply(state, "ann", {"type": "special_action", "card": "steer"})
    state = table("rally")
    state, _ = act(state, "ann", card("2x2"))
    with pytest.raises(IllegalAction, match="before you play"):
        R.apply(state, "ann", {"type": "special_action", "card": "rally"})


def test_the_open_cards_stay_and_the_next_player_may_use_the_same_one():
    state = table("rally", board={"4,2": {"blue": 2}})
    state, _ = use(state, "rally", (0, 2))
    assert state["specials"] == ["rally"]
    state["rng"] = rigged(doom("battle_royale"))  # no tile to fight on
    state, _ = act(state, "ann", card("2x2"), {"type": "end_movement"})
    assert {"type": "special_action", "card": "rally"} in R.legal_actions(state, "bob")


def test_nobody_may_sacrifice_their_last_warrior():
    state = table("detonator", board={"0,2": {"red": 2}})  # red has 3: the cost is 3
    assert {"type": "special_action", "card": "detonator"} not in R.legal_actions(state, "ann")
    with pytest.raises(IllegalAction):
        R.apply(state, "ann", {"type": "special_action", "card": "detonator"})


def test_only_an_open_special_action_can_be_used():
    state = table("rally")
    with pytest.raises(IllegalAction, match="not face up"):
        R.apply(state, "ann", {"type": "special_action", "card": "steer"})
    plain = hand(game(3), "ann", "2x2", "3x1", "1x4", "3x2")
    with pytest.raises(IllegalAction, match="without special-action"):
        R.apply(plain, "ann", {"type": "special_action", "card": "rally"})


def test_rally_moves_one_warrior_more_and_forced_march_one_step_more():
    state, _ = use(table("rally"), "rally", (0, 2))
    state, _ = act(state, "ann", card("2x2"))
    assert (state["turn"]["warriors"], state["turn"]["steps"]) == (3, 2)
    state, _ = use(table("forced_march"), "forced_march", (0, 2))
    state, _ = act(state, "ann", card("2x2"))
    assert (state["turn"]["warriors"], state["turn"]["steps"]) == (2, 3)


def test_call_to_arms_starts_a_battle_royale_now():
    state, events = use(
        table("call_to_arms", board={"4,2": {"red": 2, "blue": 1}}), "call_to_arms", (0, 2), (0, 2)
    )
    assert state["spoils"]["ann"] == {"blue": 1}
    assert "battle_royale" in [e["type"] for e in events]
    assert state["turn"]["stage"] == "play"  # the movement card still follows


def test_detonator_sets_off_an_explosion_now():
    state = table("detonator", board={"0,2": {"red": 4}})
    state["eliminator"] = "4,2"
    state, _ = use(state, "detonator", (0, 2), (0, 2), (0, 2))
    assert "4,2" not in state["board"]


def test_steer_moves_the_eliminator_now():
    state, _ = use(table("steer"), "steer", (0, 2))
    assert state["pending"]["kind"] == "eliminator"
    state, _ = act(state, "ann", {"type": "move_eliminator", "to": [3, 2]})
    assert state["eliminator"] == "3,2" and state["turn"]["stage"] == "play"


def test_reinforcements_bring_reserve_warriors_onto_the_flag_tile_as_far_as_there_is_room():
    state = table("reinforcements")
    reserve = state["reserve"]["red"]
    state, _ = use(state, "reinforcements", (0, 2))
    assert state["board"]["2,1"] == {"red": 3, "blue": 1, "green": 1}
    assert state["reserve"]["red"] == reserve - 2
    state = table("reinforcements", board={"2,1": {"red": 1, "blue": 2, "green": 1}})
    state, _ = use(state, "reinforcements", (0, 2))
    assert state["board"]["2,1"]["red"] == 2  # one place left
    state = table("reinforcements", board={"2,1": {"red": 1, "blue": 3, "green": 1}})
    assert {"type": "special_action", "card": "reinforcements"} not in R.legal_actions(state, "ann")


def test_new_orders_discard_the_hand_and_draw_a_new_one():
    state = table("new_orders")
    state["rng"] = rigged()
    state, _ = use(state, "new_orders", (0, 2))
    assert len(state["hands"]["ann"]) == 4
    assert set(state["hands"]["ann"]).isdisjoint({"2x2", "3x1", "1x4", "3x2"})
    assert sorted(state["discards"]["ann"]) == ["1x4", "2x2", "3x1", "3x2"]


def test_a_battle_royale_special_is_not_offered_when_battles_are_forbidden():
    state = put(game(2, rows=STRIP, special_actions=True), {"2,1": {"red": 3, "blue": 1}})
    state["specials"] = ["call_to_arms"]
    assert all(a["type"] == "play_card" for a in R.legal_actions(state, "ann"))
