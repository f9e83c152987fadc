"""Turn structure: power phase, movement phase, hand limit, decks, play passing on."""

import pytest

from rulesets.core.errors import IllegalAction
from rulesets.le_dernier_peuple import RULESET
from tests.rulesets.le_dernier_peuple.tables import play, table, types


def test_the_power_phase_is_optional():
    """ "a player may discard a 'power' card from their hand [...] and apply its effect\""""
    state = table(hands={"blue": ["p1", "m9"]}, decision="power")
    assert {"type": "skip_power"} in RULESET.legal_actions(state, "blue")
    state, _ = play(state, "blue", {"type": "skip_power"})
    assert state["decision"] == {"kind": "movement", "seat": "blue"}
    assert state["hands"]["blue"] == ["p1", "m9"]


def test_defense_cannot_be_played_in_the_power_phase():
    """ "(except 'Defense')\""""
    state = table(hands={"blue": ["p12", "m9"]}, decision="power")
    assert RULESET.legal_actions(state, "blue") == [{"type": "skip_power"}]
    with pytest.raises(IllegalAction):
        RULESET.apply(state, "blue", {"type": "play_power", "card": "p12"})


def test_a_player_holding_only_defense_is_still_asked_so_nothing_leaks():
    state = table(hands={"red": ["p12"]}, active="blue")
    state, _ = play(state, "blue", {"type": "draw_movement"})
    assert state["active"] == "yellow"
    state, _ = play(state, "yellow", {"type": "draw_movement"})
    assert state["decision"] == {"kind": "power", "seat": "red"}


def test_drawing_two_movement_cards_ends_the_turn():
    """ "Draw 2 'movement' cards and add them to their hand.\""""
    state = table(hands={"blue": ["m9"]})
    state, _ = play(state, "blue", {"type": "draw_movement"})
    assert len(state["hands"]["blue"]) == 3
    assert state["active"] == "yellow"  # "Play then passes to the player's left-hand neighbor."


def test_playing_a_movement_card_discards_it_moves_and_draws_one():
    """ "Discard a 'movement' card to move a meeple [...] and finally draw a new one.\""""
    state = table(hands={"blue": ["m11"]})  # +2
    state, _ = play(
        state, "blue", {"type": "play_movement", "card": "m11", "owner": "blue", "meeple": 0}
    )
    assert state["meeples"]["blue"] == [4, 2]
    assert "m11" in state["movement_discard"]
    assert len([c for c in state["hands"]["blue"] if c.startswith("m")]) == 1


def test_minus_moves_counter_clockwise_across_territory_1():
    """ "-X: Move [...] X spaces counter-clockwise" (the circle closes after 4 x players)."""
    state = table(meeples={"blue": [1, 2]}, hands={"blue": ["m12"]})  # -2
    state, _ = play(
        state, "blue", {"type": "play_movement", "card": "m12", "owner": "blue", "meeple": 0}
    )
    assert state["meeples"]["blue"][0] == 15


def test_light_grey_cards_move_only_your_own_meeples_and_dark_grey_only_opponents():
    """ "light grey": one of your own 2 meeples; "dark grey": an opponent's meeple."""
    state = table(hands={"blue": ["m9", "m13"]})
    actions = RULESET.legal_actions(state, "blue")
    light = {a["owner"] for a in actions if a.get("card") == "m9"}
    dark = {a["owner"] for a in actions if a.get("card") == "m13"}
    assert light == {"blue"}
    assert dark == {"yellow", "red", "green"}


def test_hand_limit_makes_the_player_discard_cards_of_their_choice():
    """ "The hand limit at any time is 7 cards. Beyond that, the player must immediately
    discard the excess card(s) of their choice, without applying their effect.\""""
    hand = ["m1", "m2", "m3", "m4", "m5", "m6"]
    state = table(hands={"blue": hand})
    state, _ = play(state, "blue", {"type": "draw_movement"})
    assert state["decision"] == {"kind": "discard", "seat": "blue", "count": 1}
    assert RULESET.to_move(state) == ["blue"]
    options = RULESET.legal_actions(state, "blue")
    assert len(options) == 8 and all(a["type"] == "discard" for a in options)
    state, _ = play(state, "blue", {"type": "discard", "card": "m2"})
    assert "m2" in state["movement_discard"] and len(state["hands"]["blue"]) == 7
    assert state["active"] == "yellow"


def test_an_empty_movement_pile_is_reshuffled_from_its_discard_pile():
    """ "if the 'movement' card draw pile is empty, it is immediately reshuffled\""""
    state = table(hands={"blue": ["m9"]})
    state["movement_discard"] = state["movement_pile"]
    state["movement_pile"] = []
    state, events = play(state, "blue", {"type": "draw_movement"})
    assert "reshuffled" in types(events)
    assert len(state["hands"]["blue"]) == 3


def test_with_both_piles_empty_a_draw_gives_nothing():
    state = table(hands={"blue": ["m9"]})
    state["movement_discard"], state["movement_pile"] = [], []
    state, events = play(state, "blue", {"type": "draw_movement"})
    assert state["hands"]["blue"] == ["m9"]
    assert [e["count"] for e in events if e["type"] == "cards_drawn"] == [0]


def test_landing_on_a_draw_symbol_gives_a_power_card():
    """ "A player's meeple lands on a territory card showing a 'Draw' symbol (for example,
    territory card No. 4), that player draws a 'power' card.\""""
    state = table(hands={"blue": ["m11"]})  # 2 + 2 = 4
    state, events = play(
        state, "blue", {"type": "play_movement", "card": "m11", "owner": "blue", "meeple": 0}
    )
    assert "draw_symbol" in types(events)
    assert len([c for c in state["hands"]["blue"] if c.startswith("p")]) == 1


def test_a_meeple_pushed_onto_a_draw_symbol_makes_its_owner_draw():
    """Decision: "that player" is the owner of the meeple that landed."""
    state = table(meeples={"yellow": [3, 6]}, hands={"blue": ["m13"]})  # +1 dark
    state, _ = play(
        state, "blue", {"type": "play_movement", "card": "m13", "owner": "yellow", "meeple": 0}
    )
    assert [c for c in state["hands"]["yellow"] if c.startswith("p")]
    assert not [c for c in state["hands"]["blue"] if c.startswith("p")]


def test_an_empty_power_pile_is_reshuffled_from_discarded_power_cards():
    state = table(hands={"blue": ["m11"]})
    state["power_discard"], state["power_pile"] = state["power_pile"], []
    state, events = play(
        state, "blue", {"type": "play_movement", "card": "m11", "owner": "blue", "meeple": 0}
    )
    assert any(e["type"] == "reshuffled" and e["deck"] == "power" for e in events)


def test_speed_gives_two_consecutive_turns():
    """Speed: "Play 2 consecutive turns.\""""
    state = table(hands={"blue": ["p8"]}, decision="power")
    state, _ = play(state, "blue", {"type": "play_power", "card": "p8"})
    state, events = play(state, "blue", {"type": "draw_movement"})
    assert state["active"] == "blue" and "extra_turn" in types(events)
    state, _ = play(state, "blue", {"type": "draw_movement"})
    assert state["active"] == "yellow"


def test_club_makes_the_target_skip_their_next_turn():
    """Club: "The player of your choice must skip their next turn.\""""
    state = table(hands={"blue": ["p9"]}, decision="power")
    state, _ = play(state, "blue", {"type": "play_power", "card": "p9", "target": "yellow"})
    state, events = play(state, "blue", {"type": "draw_movement"})
    assert state["active"] == "red" and "turn_skipped" in types(events)
    for seat in ("red", "green", "blue"):
        state, _ = play(state, seat, {"type": "draw_movement"})
    assert state["active"] == "yellow"  # only the next turn was skipped


def test_a_player_pushed_onto_a_draw_symbol_with_7_cards_discards_out_of_turn():
    """ "The hand limit at any time is 7 cards": the owner of the pushed meeple discards."""
    full = ["m1", "m2", "m3", "m4", "m5", "m6", "m7"]
    state = table(meeples={"yellow": [3, 6]}, hands={"blue": ["m13"], "yellow": full})
    state, _ = play(
        state, "blue", {"type": "play_movement", "card": "m13", "owner": "yellow", "meeple": 0}
    )
    assert state["decision"] == {"kind": "discard", "seat": "yellow", "count": 1}
    assert RULESET.to_move(state) == ["yellow"]
    (drawn,) = [c for c in state["hands"]["yellow"] if c.startswith("p")]
    state, _ = play(state, "yellow", {"type": "discard", "card": drawn})
    assert state["hands"]["yellow"] == full
    assert state["active"] == "yellow"  # blue drew its card and play passed on
