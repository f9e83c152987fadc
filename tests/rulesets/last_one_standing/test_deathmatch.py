"""Drafting Deathmatch."""

from rulesets.last_one_standing import RULESET

from .helpers import act, arena, field, take_card, types

SEATS = ["a", "b", "c"]


def test_each_player_is_dealt_7_cards_and_the_draft_runs_until_everyone_holds_5():
    """Rulebook: "Before dropping in deal 7 cards to each player. Take one card and pass the
    remainder
    to the left. Continue this way until everyone has 5 cards.\""""
    state = RULESET.new_game(SEATS, {"mode": "deathmatch"}, 2)
    assert state["phase"] == "draft"
    assert {s: len(p) for s, p in state["draft"]["packs"].items()} == {"a": 7, "b": 7, "c": 7}
    assert set(RULESET.to_move(state)) == set(SEATS)  # secret, simultaneous picks
    first_packs = {s: list(p) for s, p in state["draft"]["packs"].items()}
    for seat in SEATS:
        state, _ = act(state, seat, RULESET.legal_actions(state, seat)[0])
    # passed to the left: b now holds what was left of a's pack
    assert sorted(state["draft"]["packs"]["b"]) == sorted(first_packs["a"][1:])
    assert sorted(state["draft"]["packs"]["a"]) == sorted(first_packs["c"][1:])
    while state["phase"] == "draft":
        seat = RULESET.to_move(state)[0]
        state, events = act(state, seat, RULESET.legal_actions(state, seat)[-1])
    assert all(len(state["players"][s]["hand"]) == 5 for s in SEATS)
    assert len(state["decks"]["loot_discard"]) == 3 * 2  # the leftovers
    assert state["phase"] == "drop_in" and RULESET.to_move(state) == ["a"]
    assert "draft_over" in types(events)


def test_another_players_draft_picks_are_hidden():
    state = RULESET.new_game(SEATS, {"mode": "deathmatch"}, 2)
    state, _ = act(state, "a", RULESET.legal_actions(state, "a")[0])
    seen = RULESET.view(state, "b")
    assert seen["players"]["a"]["hand_count"] == 1 and "hand" not in seen["players"]["a"]
    assert seen["draft"]["pack"] == state["draft"]["packs"]["b"]
    assert "packs" not in seen["draft"]


def _deathmatch(rounds=5):
    return arena(
        field(5),
        {"a": (0, 0), "b": (1, 0), "c": (-3, 0)},
        mode="deathmatch",
        options={"rounds": rounds, "storm_rounds": 0},
    )


def test_the_eliminated_keep_their_cards_and_drop_in_again_at_the_end_of_the_round():
    """Rulebook: "If you are eliminated, do not discard your cards, rather perform a drop in at
    the end
    of the round.\""""
    state = _deathmatch()
    state["players"]["b"]["health"] = 1
    state["players"]["b"]["hand"] = ["bandage#1"]
    state, _ = act(
        state, "a", {"type": "shoot", "slot": "light", "attack": "primary", "target": "b"}
    )
    b = state["players"]["b"]
    assert not b["alive"] and b["hand"] == ["bandage#1"] and b["slots"]["light"]
    assert state["players"]["a"]["kills"] == 1
    state, _ = act(state, "a", {"type": "end_turn"})
    state, _ = act(state, "c", {"type": "end_turn"})
    assert state["phase"] == "respawn" and RULESET.to_move(state) == ["b"]
    state, _ = act(state, "b", RULESET.legal_actions(state, "b")[0])
    b = state["players"]["b"]
    assert b["alive"] and b["health"] == 10 and b["hand"] == ["bandage#1"]
    assert state["phase"] == "play" and state["round"] == 2 and "b" in state["order"]


def test_the_hand_limit_holds_at_every_turn_end_for_a_player_back_from_elimination():
    """Rulebook: "If you have more than 5 cards in your hand ... you must reduce your hand
    down to 5 cards by discarding before ending your turn" - in Deathmatch too, where "If you
    are eliminated, do not discard your cards": b falls holding 8 and drops in with them, and
    its next turn cannot end before it is down to 5."""
    state = _deathmatch()
    state["players"]["b"]["health"] = 1
    eight = [f"bandage#{n}" for n in range(1, 7)] + ["medkit#1", "medkit#2"]
    state["players"]["b"]["hand"] = [take_card(state, card) for card in eight]
    state, _ = act(
        state, "a", {"type": "shoot", "slot": "light", "attack": "primary", "target": "b"}
    )
    state, _ = act(state, "a", {"type": "end_turn"})
    state, _ = act(state, "c", {"type": "end_turn"})
    state, _ = act(state, "b", RULESET.legal_actions(state, "b")[0])  # drops in again
    assert len(state["players"]["b"]["hand"]) == 8
    while RULESET.to_move(state) != ["b"]:
        state, _ = act(state, RULESET.to_move(state)[0], {"type": "end_turn"})
    state, _ = act(state, "b", {"type": "end_turn"})
    assert RULESET.to_move(state) == ["b"]
    assert {a["type"] for a in RULESET.legal_actions(state, "b")} == {"discard"}
    for card in eight[:3]:
        assert state["turn"]["seat"] == "b"
        state, _ = act(state, "b", {"type": "discard", "card": card})
    assert len(state["players"]["b"]["hand"]) == 5
    assert state["turn"] is None or state["turn"]["seat"] != "b"  # now the turn passes


def test_the_match_lasts_5_or_10_rounds_and_the_most_kills_wins():
    """Rulebook: "Choose between a 5 or 10 round match ... Highest at the end of round 5 or 10
    (depending on how long you chose) wins.\""""
    for rounds in (5, 10):
        state = _deathmatch(rounds)
        state["players"]["c"]["kills"] = 2
        state["players"]["a"]["kills"] = 1
        while RULESET.outcome(state) is None:
            seat = RULESET.to_move(state)[0]
            state, _ = act(state, seat, {"type": "end_turn"})
        assert state["round"] == rounds
        result = RULESET.outcome(state)
        assert result.winners == ["c"]
        assert result.placements == {"c": 1, "a": 2, "b": 3}
        assert result.scores["c"] == {"kills": 2}
