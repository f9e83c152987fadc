"""Setup, Player Setup, Cards and the Drop-In."""

import pytest

from rulesets.core.errors import IllegalAction, InvalidInput
from rulesets.last_one_standing import RULESET, catalogue, hexes
from rulesets.last_one_standing.island import TERRAIN

from .helpers import act


def _seats(n):
    return [f"p{i}" for i in range(n)]


def test_each_player_starts_on_10_health_with_a_face_up_crowbar_and_weight_0():
    """Rulebook: "1 Health Token (place on '10') / 1 Crowbar Card (place face-up on the Light
    Weapon slot)
    / 1 Weight Token (place on '0' of the Weight Track)\""""
    state = RULESET.new_game(_seats(3), {}, 1)
    for player in state["players"].values():
        assert player["health"] == 10
        assert player["weight"] == 0
        assert catalogue.kind(player["slots"]["light"]["card"]) == "crowbar"
        assert player["slots"]["light"]["face_down"] is False
        assert player["hand"] == []
        assert [s for s, held in player["slots"].items() if held] == ["light"]


def test_crowbar_and_aed_cards_are_not_in_the_loot_deck_which_is_shuffled():
    """Rulebook: "Remove all Crowbar and AED cards from the Loot deck. Shuffle the Loot, Supply
    Drop and
    Island Explosion decks.\""""
    a = RULESET.new_game(_seats(4), {}, 1)
    b = RULESET.new_game(_seats(4), {}, 2)
    kinds = {catalogue.kind(c) for c in a["decks"]["loot"]}
    assert "crowbar" not in kinds and "aed" not in kinds
    assert sorted(a["decks"]["loot"]) == sorted(catalogue.loot_deck())
    assert a["decks"]["loot"] != b["decks"]["loot"]
    assert (
        a["decks"]["supply"] != b["decks"]["supply"]
        or a["decks"]["explosion"] != b["decks"]["explosion"]
    )
    assert sorted(a["decks"]["explosion"]) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]


def test_duos_players_each_receive_an_aed_card():
    """Rulebook: "Special Note: If you are playing DUOS mode, each player receives an AED card.\""""
    state = RULESET.new_game(_seats(4), {"mode": "duos"}, 1)
    for player in state["players"].values():
        assert [catalogue.kind(c) for c in player["hand"]] == ["aed"]


def test_drop_in_goes_in_seat_order_onto_free_plains_that_are_not_loot_crates():
    """Rulebook: "Place your character onto any Plains space. You cannot start on a Loot Crate."
    "Play
    will proceed clockwise.\""""
    state = RULESET.new_game(_seats(3), {}, 5)
    assert RULESET.to_move(state) == ["p0"]
    assert RULESET.legal_actions(state, "p1") == []
    options = RULESET.legal_actions(state, "p0")
    spots = [hexes.key(*a["hex"]) for a in options]
    assert spots and all(
        state["terrain"][h] == "plains" and h not in state["crates"] for h in spots
    )
    crate = next(iter(state["crates"]))
    with pytest.raises(IllegalAction):
        act(state, "p0", {"type": "drop_in", "hex": list(hexes.coords(crate))})
    forest = next(h for h, t in state["terrain"].items() if t == "forest")
    with pytest.raises(IllegalAction):
        act(state, "p0", {"type": "drop_in", "hex": list(hexes.coords(forest))})
    state, _ = act(state, "p0", options[0])
    assert RULESET.to_move(state) == ["p1"]
    assert options[0] not in RULESET.legal_actions(state, "p1")  # the hex is taken now


def test_after_everyone_dropped_in_the_first_explosion_card_marks_a_side_and_round_1_starts():
    """Rulebook: "After everyone has "Dropped-In", flip over the first Island Explosion card and
    place
    the Island Explosion markers on the side of the map indicated on the card.\""""
    state = RULESET.new_game(_seats(2), {}, 5)
    assert state["marked_side"] is None
    for seat in ("p0", "p1"):
        state, events = act(state, seat, RULESET.legal_actions(state, seat)[0])
    assert state["marked_side"] in range(1, 7)
    assert state["decks"]["explosion_discard"][-1] == state["marked_side"]
    assert state["phase"] == "play" and state["round"] == 1
    assert RULESET.to_move(state) == ["p0"]  # round 1 follows seat order
    assert "marked" in [e["type"] for e in events]


@pytest.mark.parametrize(
    ("seats", "options", "field"),
    [
        (["a"], {}, "players"),
        ([f"p{i}" for i in range(9)], {}, "players"),
        (["a", "a"], {}, "players"),
        (["a", "b"], {"mode": "solo"}, "options.mode"),
        (["a", "b", "c"], {"mode": "duos"}, "options.mode"),
        (["a", "b"], {"mode": "duos"}, "options.mode"),
        (
            ["a", "b", "c", "d"],
            {"mode": "duos", "teams": [["a", "b"], ["c", "a"]]},
            "options.teams",
        ),
        (["a", "b"], {"mode": "deathmatch", "rounds": 7}, "options.rounds"),
        (["a", "b"], {"storm_rounds": -1}, "options.storm_rounds"),
        (["a", "b"], {"max_rounds": 0}, "options.max_rounds"),
        (["a", "b"], {"colour": "red"}, "options.colour"),
        (["a", "b"], {"rounds": 5}, "options.rounds"),
        (["a", "b"], {"mode": "deathmatch", "max_rounds": 3}, "options.max_rounds"),
        (["a", "b"], "fast", "options"),
        ("ab", {}, "players"),
    ],
)
def test_bad_player_counts_and_options_are_refused_naming_the_field(seats, options, field):
    with pytest.raises(InvalidInput) as error:
        RULESET.new_game(seats, options, 1)
    assert error.value.field == field


def test_same_seed_same_island_and_decks():
    assert RULESET.new_game(_seats(5), {}, 9) == RULESET.new_game(_seats(5), {}, 9)


def test_terrain_rules_table_matches_the_rulebook():
    """Forest and Desert cost 2; Water needs a Scuba Suit (swim), Walls Climbing Gear (climb)."""
    assert TERRAIN["forest"]["cost"] == TERRAIN["desert"]["cost"] == 2
    assert TERRAIN["plains"]["cost"] == 1
    assert TERRAIN["water"]["needs"] == "swim" and TERRAIN["wall"]["needs"] == "climb"
