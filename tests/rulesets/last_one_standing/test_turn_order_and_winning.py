"""Turn order by weight, and Winning the Game."""

from rulesets.last_one_standing import RULESET

from .helpers import act, arena, equip, field


def end(state, seat):
    return act(state, seat, {"type": "end_turn"})[0]


def test_the_lighter_you_are_the_sooner_your_turn_in_the_next_round():
    """Rulebook: "The lighter you are the sooner your turn in the next round will be.\""""
    state = arena(field(5), {"a": (0, 0), "b": (2, 0), "c": (-2, 0)})
    equip(state, "a", "lmg#1", "heavy")  # weight 4
    equip(state, "b", "pistol#1", "long")  # weight 1
    for seat in ("a", "b", "c"):
        state = end(state, seat)
    assert state["round"] == 2 and state["order"] == ["c", "b", "a"]


def test_equal_weights_keep_the_order_of_the_round_before():
    """Product decision for ties: the earlier player of the previous round stays earlier."""
    state = arena(field(5), {"a": (0, 0), "b": (2, 0), "c": (-2, 0)})
    for seat in ("a", "b", "c"):
        state = end(state, seat)
    assert state["order"] == ["a", "b", "c"]


def test_the_last_player_standing_wins_and_the_others_place_by_when_they_fell():
    """Rulebook: "Last One Standing ends as soon as there is only 1 player remaining on the
    board.\""""
    state = arena(field(5), {"a": (0, 0), "b": (1, 0), "c": (-1, 0)})
    state["players"]["c"]["health"] = 1
    state, _ = act(
        state, "a", {"type": "shoot", "slot": "light", "attack": "primary", "target": "c"}
    )
    assert RULESET.outcome(state) is None
    state["players"]["b"]["health"] = 2
    state = end(state, "a")
    state = end(state, "b")
    # round 2: a reloads the crowbar (face up since it struck) and strikes b
    state, _ = act(state, "a", {"type": "reload"})
    state, _ = act(state, "a", {"type": "done"})
    state, events = act(
        state, "a", {"type": "shoot", "slot": "light", "attack": "primary", "target": "b"}
    )
    result = RULESET.outcome(state)
    assert result.winners == ["a"]
    assert result.placements == {"a": 1, "b": 2, "c": 3}
    assert result.scores == {"a": {"kills": 2}, "b": {"kills": 0}, "c": {"kills": 0}}
    assert state["phase"] == "over" and RULESET.to_move(state) == []
    assert events[-1]["type"] == "game_over"


def test_if_the_last_players_are_eliminated_together_nobody_wins_and_they_share_the_place():
    """Rulebook: "If the last players are all eliminated together, then you must all accept the
    bitter
    taste of defeat.\""""
    state = arena(field(5), {"a": (0, 0), "b": (3, 0), "c": (3, 1)})
    state["players"]["a"]["health"] = 1
    state["players"]["b"]["health"] = 3
    state["players"]["c"]["health"] = 3
    state["players"]["a"]["hex"] = "3,-1"  # next to both of them
    state["players"]["a"]["hand"] = ["grenade#1"]
    state, _ = act(state, "a", {"type": "use_item", "card": "grenade#1", "target": "b"})
    result = RULESET.outcome(state)
    assert result.winners == []
    assert result.placements == {"a": 1, "b": 1, "c": 1}


def test_a_resigning_player_leaves_and_in_a_two_player_game_the_other_wins():
    state = arena(field(5), {"a": (0, 0), "b": (3, 0)})
    result = RULESET.resign(state, "a")
    assert RULESET.outcome(result.state).winners == ["b"]
    assert RULESET.outcome(result.state).placements == {"b": 1, "a": 2}


def test_in_a_multiplayer_game_a_resigning_player_is_out_and_play_goes_on():
    state = arena(field(5), {"a": (0, 0), "b": (3, 0), "c": (-3, 0)})
    state = RULESET.resign(state, "a").state
    assert RULESET.outcome(state) is None
    assert RULESET.to_move(state) == ["b"]
    assert state["players"]["a"]["hex"] is None
    assert RULESET.legal_actions(state, "a") == []


def test_max_rounds_ends_the_game_with_the_survivors_sharing_first_place():
    """Product option for capped games (options.max_rounds)."""
    state = arena(field(5), {"a": (0, 0), "b": (3, 0)}, options={"max_rounds": 1})
    state = end(state, "a")
    state = end(state, "b")
    result = RULESET.outcome(state)
    assert result.winners == ["a", "b"] and result.placements == {"a": 1, "b": 1}
