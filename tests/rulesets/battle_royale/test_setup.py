"""Setup: the island, the warriors, the cards, the first player."""

import pytest

from rulesets.battle_royale import catalogue
from rulesets.battle_royale.layout import tiles_of
from rulesets.core.errors import InvalidInput
from tests.rulesets.battle_royale.helpers import SEATS, R, game


def test_ruleset_is_registered_with_its_slug_and_player_counts():
    from rulesets.registry import get_ruleset

    assert get_ruleset("battle-royale") is R
    assert (R.slug, R.min_players, R.max_players, R.live) == ("battle-royale", 2, 4, True)


def test_the_eliminator_starts_under_the_middle_tile_which_is_the_flag_tile():
    """'The eliminator stands under the middle tile ... the flag tile in the middle.'"""
    for layout in ("first_game", "full"):
        state = R.new_game(SEATS[:3], {"layout": layout}, 1)
        assert state["flag"] == "2,2" == state["eliminator"]
        assert state["size"] == [5, 5]


def test_the_first_game_layout_leaves_some_tiles_out_and_is_the_default():
    """'The first time, it is recommended to take some tiles out of the area.'"""
    layouts = catalogue.layouts()
    first, full = tiles_of(layouts["first_game"]["rows"]), tiles_of(layouts["full"]["rows"])
    assert len(first) == 17 and len(full) == 21
    assert set(first) < set(full)
    assert R.new_game(SEATS[:2], {}, 1)["options"]["layout"] == "first_game"


def test_a_custom_layout_is_given_as_rows():
    """'You may also choose another setup yourself.'"""
    state = game(2, rows=["#F#", ".#."])
    assert set(state["board"]) == {"0,0", "1,0", "2,0", "1,1"}
    assert state["flag"] == "1,0"
    assert state["options"]["layout"] == "custom"


@pytest.mark.parametrize(
    "rows",
    [
        ["#F#", "#F#"],  # two flags
        ["###"],  # no flag
        ["#F", "###"],  # not a rectangle
        ["#F.#"],  # a tile cut off from the flag tile
        ["#X#"],  # unknown sign
        ["F"],  # a flag tile alone
        ["#####", "#####", "##F##", "#####", "####."],  # 24 tiles: more than 22
        [],
    ],
)
def test_a_bad_custom_layout_is_refused(rows):
    with pytest.raises(InvalidInput) as err:
        game(2, rows=rows)
    assert err.value.field == "options.layout"


def test_each_player_has_a_colour_22_warriors_and_ten_cards_of_which_four_in_hand():
    """'Each player picks a colour and takes the ten cards and the 22 warriors ... four are
    drawn and held in hand.'"""
    state = game(4)
    assert sorted(state["colours"].values()) == ["blue", "green", "red", "yellow"]
    for seat in SEATS:
        colour = state["colours"][seat]
        on_island = sum(w.get(colour, 0) for w in state["board"].values())
        assert on_island + state["reserve"][colour] == 22
        assert len(state["hands"][seat]) == 4
        assert sorted(state["hands"][seat] + state["decks"][seat]) == sorted(
            catalogue.movement_cards()
        )


def test_the_cards_are_shuffled_by_the_seed():
    """'The cards are shuffled and placed by the players; four are drawn and held in hand':
    the ten cards in a seeded order, the hand the top four of it (the pile's end), a replay
    with the seed the same game, and every one of eight seeds a different order."""
    printed = list(catalogue.movement_cards())
    orders = set()
    for seed in range(8):
        state = game(2, seed=seed)
        hand, pile = state["hands"]["ann"], state["decks"]["ann"]
        order = pile + hand[::-1]  # drawn from the end of the pile, one by one
        assert sorted(order) == sorted(printed) and len(hand) == 4
        assert order != printed
        orders.add(tuple(order))
        assert game(2, seed=seed) == state
    assert len(orders) == 8


def test_each_player_puts_one_warrior_on_every_tile_and_keeps_the_rest_in_reserve():
    """'Each player puts one warrior on every tile.' Decision: the warriors left over (22 minus
    the number of tiles) wait in the player's reserve, off the island."""
    state = game(3, layout="full")
    assert all(w == {"red": 1, "blue": 1, "green": 1} for w in state["board"].values())
    assert state["reserve"] == {"red": 1, "blue": 1, "green": 1}
    state = game(3, layout="first_game")
    assert state["reserve"] == {"red": 5, "blue": 5, "green": 5}


def test_a_layout_of_exactly_22_tiles_leaves_no_reserve():
    rows = ["######", "##F###", "######", "####.."]
    state = game(4, rows=rows)
    assert len(state["board"]) == 22
    assert set(state["reserve"].values()) == {0}


def test_the_youngest_player_starts_as_chosen_by_the_first_seat_option():
    """'The youngest player starts': the table names that seat in options.first_seat."""
    state = game(3, first_seat="cid")
    assert R.to_move(state) == ["cid"]
    assert state["order"] == ["cid", "ann", "bob"]
    assert R.to_move(game(3)) == ["ann"]


@pytest.mark.parametrize(
    ("seats", "options", "field"),
    [
        (["a"], {}, "players"),
        (["a", "b", "c", "d", "e"], {}, "players"),
        (["a", "a"], {}, "players"),
        (["a", "b"], {"first_seat": "zed"}, "options.first_seat"),
        (["a", "b"], {"colour": "red"}, "options.colour"),
        (["a", "b"], {"talents": "yes"}, "options.talents"),
        (["a", "b"], {"layout": "huge"}, "options.layout"),
        (["a", "b"], {"layout": 5}, "options.layout"),
        (["a", "b"], "fast", "options"),
    ],
)
def test_bad_players_and_options_are_refused_with_the_field_named(seats, options, field):
    with pytest.raises(InvalidInput) as err:
        R.new_game(seats, options, 1)
    assert err.value.field == field


def test_tile_capacity_is_five_with_two_or_three_players_and_six_with_four():
    """'5 in a game of two or three players, 6 with four players.'"""
    assert [game(n)["capacity"] for n in (2, 3, 4)] == [5, 5, 6]


def test_initial_placement_never_exceeds_the_capacity():
    for n in (2, 3, 4):
        state = game(n, layout="full")
        assert max(sum(w.values()) for w in state["board"].values()) <= state["capacity"]
