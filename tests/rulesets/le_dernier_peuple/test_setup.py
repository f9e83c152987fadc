"""Setup, and the designed data (movement deck, power deck, board)."""

import pytest

from rulesets.core.errors import InvalidInput
from rulesets.le_dernier_peuple import RULESET
from rulesets.le_dernier_peuple.catalogue import (
    DRAW_SYMBOLS,
    MOVEMENT_CARDS,
    PEOPLES,
    POWER_CARDS,
    movement_cards_for,
    smallest_count,
)


def seats(n):
    return [f"seat{i}" for i in range(n)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_territories_run_from_1_to_four_times_the_number_of_players(players):
    """ "using cards number 1 through '4 times the number of players'\""""
    state = RULESET.new_game(seats(players), {}, 7)
    assert state["territories"] == 4 * players


def test_people_cards_sit_on_territories_2_6_10_14_18_with_polar_zombies_on_2():
    """ "the player representing the Polar Zombies [...] places them on territory card No. 2\""""
    assert PEOPLES[0]["name"] == "Polar Zombies"
    assert [p["card"] for p in PEOPLES] == [2, 6, 10, 14, 18]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_player_places_both_meeples_on_their_peoples_card(players):
    state = RULESET.new_game(seats(players), {}, 3)
    for i, seat in enumerate(state["seats"]):
        assert state["people"][seat] == 4 * i + 2
        assert state["meeples"][seat] == [4 * i + 2, 4 * i + 2]


@pytest.mark.parametrize(("players", "deck"), [(2, 18), (3, 26), (4, 33), (5, 40)])
def test_movement_cards_are_kept_by_their_player_count_indicator(players, deck):
    """ "keep only the movement cards matching the orange indicator for that player count"
    (a card marked k+ is used with k players or more)."""
    assert len(movement_cards_for(players)) == deck
    state = RULESET.new_game(seats(players), {}, 11)
    in_game = state["movement_pile"] + [c for h in state["hands"].values() for c in h]
    assert sorted(in_game) == sorted(movement_cards_for(players))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_movement_cards_are_dealt_to_each_player_and_no_power_card(players):
    """ "deal 2 (face down) to each player"; "Shuffle the 12 power cards\""""
    state = RULESET.new_game(seats(players), {}, 5)
    assert all(len(hand) == 2 for hand in state["hands"].values())
    assert all(c in MOVEMENT_CARDS for h in state["hands"].values() for c in h)
    assert sorted(state["power_pile"]) == sorted(POWER_CARDS)


def test_the_bank_holds_17_ones_15_twos_and_8_threes():
    state = RULESET.new_game(seats(3), {}, 5)
    assert state["bank"] == {"1": 17, "2": 15, "3": 8}
    assert all(sum(p.values()) == 0 for p in state["vp"].values())


def test_the_first_player_is_drawn_at_random_from_the_seed():
    """ "Determine the first player at random": the seeded rng picks; same seed, same player."""
    firsts = {RULESET.new_game(seats(4), {}, s)["active"] for s in range(40)}
    assert len(firsts) == 4
    assert RULESET.new_game(seats(4), {}, 9) == RULESET.new_game(seats(4), {}, 9)


def test_the_first_turn_goes_straight_to_the_movement_phase_without_power_cards():
    state = RULESET.new_game(seats(2), {}, 1)
    assert state["decision"] == {"kind": "movement", "seat": state["active"]}


@pytest.mark.parametrize("bad", [["a"], ["a", "b", "c", "d", "e", "f"], ["a", "a"], ["a", 3]])
def test_a_bad_player_list_is_refused(bad):
    with pytest.raises(InvalidInput) as error:
        RULESET.new_game(bad, {}, 1)
    assert error.value.field == "players"


def test_unknown_options_are_refused():
    with pytest.raises(InvalidInput) as error:
        RULESET.new_game(seats(2), {"variant": "x"}, 1)
    assert error.value.field == "options.variant"


def test_the_movement_deck_has_40_cards_with_ids_from_the_fixed_list():
    assert list(MOVEMENT_CARDS) == [f"m{i}" for i in range(1, 41)]
    assert list(POWER_CARDS) == [f"p{i}" for i in range(1, 13)]


def test_every_teleport_number_is_in_play_whenever_its_card_is():
    """A number card marked k+ names a territory of the 4k-territory circle."""
    for card in MOVEMENT_CARDS.values():
        if card["effect"] == "teleport":
            assert card["to"] <= 4 * smallest_count(card)


def test_the_4_player_example_reads_literally_base_cards_unmarked():
    """Rulebook: "Example: for a 4-player game, use movement cards marked 3+ (3 players and
    up) and 4+ (4 players and up)." The base cards carry no mark (every game uses them); the
    marked ones used with 4 players are exactly those marked 3+ and 4+."""
    used = [MOVEMENT_CARDS[c] for c in movement_cards_for(4)]
    assert {c["marking"] for c in used if c["marking"]} == {"3+", "4+"}
    assert {c["marking"] for c in MOVEMENT_CARDS.values()} == {None, "3+", "4+", "5+"}
    base = [c for c in MOVEMENT_CARDS.values() if c["marking"] is None]
    assert len(base) == len(movement_cards_for(2))


def test_every_territory_number_has_exactly_one_teleport_card():
    numbers = sorted(c["to"] for c in MOVEMENT_CARDS.values() if c["effect"] == "teleport")
    assert numbers == list(range(1, 21))


def test_split_movements_are_light_grey_as_they_move_one_of_your_2_meeples():
    splits = [c for c in MOVEMENT_CARDS.values() if c["effect"] == "split"]
    assert splits and all(c["shade"] == "light" for c in splits)
    assert all(abs(c["then"]) == 1 and (c["by"] > 0) == (c["then"] > 0) for c in splits)


def test_the_power_deck_holds_one_card_of_each_of_the_twelve_powers():
    powers = sorted(c["power"] for c in POWER_CARDS.values())
    assert powers == sorted(
        [
            "strength", "healing", "thief", "bandit", "curse", "black_magic",
            "barter", "speed", "club", "swap", "luck", "defense",
        ]
    )  # fmt: skip


def test_draw_symbols_sit_halfway_between_two_peoples_including_territory_4():
    """ "a territory card showing a 'Draw' symbol (for example, territory card No. 4)\""""
    assert sorted(DRAW_SYMBOLS) == [4, 8, 12, 16, 20]
