import pytest

from rulesets.core.cards import full_deck
from rulesets.core.errors import InvalidInput
from rulesets.core.rng import Rng
from rulesets.last_hope_frontier.deck import card_value, draw, flip_top_card, new_deck
from rulesets.last_hope_frontier.factions import (
    FACTIONS,
    breaks_ties,
    favoured_damage_bonus,
    favoured_suit,
    favoured_test_bonus,
    is_favoured,
)


def test_the_deck_has_54_cards_from_2_to_ace_and_two_jokers():
    deck = full_deck()
    assert len(deck) == 54
    assert sorted({card_value(c) for c in deck}) == [0, *range(2, 15)]


@pytest.mark.parametrize(
    "card,value", [("2C", 2), ("10H", 10), ("JS", 11), ("QD", 12), ("KC", 13), ("AH", 14)]
)
def test_cards_count_their_face_value_jack_11_queen_12_king_13_ace_14(card, value):
    assert card_value(card) == value


def test_decision_a_joker_counts_zero_in_a_test():
    assert card_value("JOKER") == 0


@pytest.mark.parametrize(
    "faction,suit",
    [("sheriffs", "S"), ("outlawmen", "D"), ("townsfolk", "H"), ("bootleggers", "C")],
)
def test_each_faction_favours_its_suit(faction, suit):
    """'Townsfolk prefer Hearts cards; bootleggers prefer club cards.' 'Outlawmen prefer
    diamonds'; the sheriffs' favoured suit is spades (example 1's Jack of Spades)."""
    assert favoured_suit(faction) == suit


def test_there_are_four_factions():
    assert FACTIONS == ("sheriffs", "outlawmen", "townsfolk", "bootleggers")


def test_an_unknown_faction_is_invalid_input_naming_the_field():
    with pytest.raises(InvalidInput) as err:
        favoured_suit("cowboys", field="attacker.faction")
    assert err.value.field == "attacker.faction"


def test_a_joker_is_never_favoured():
    assert not any(is_favoured("JOKER", f) for f in FACTIONS)


@pytest.mark.parametrize(
    "card,bonus", [("JS", 1), ("QS", 0), ("KS", 1), ("AS", 2), ("10S", 0), ("JH", 0), ("AD", 0)]
)
def test_favoured_jack_and_king_add_1_and_ace_2_to_a_shot_or_defence(card, bonus):
    """'Jack cards of favoured suits add 1 ... King card of a favoured suit adds 1 ... and
    Ace card of favoured suit add 2 to shot/defence' (the Queen adds nothing there)."""
    assert favoured_test_bonus(card, "sheriffs") == bonus


@pytest.mark.parametrize(
    "card,bonus", [("JS", 0), ("QS", 1), ("KS", 1), ("AS", 2), ("10S", 0), ("QH", 0), ("AD", 0)]
)
def test_favoured_queen_and_king_add_1_and_ace_2_to_damage_or_toughness(card, bonus):
    """'Queen cards of favoured suits add 1 to damage/toughness ... King card ... adds 1 to
    the damage/toughness test ... Ace card ... add 2 to the damage/toughness test'."""
    assert favoured_damage_bonus(card, "sheriffs") == bonus


@pytest.mark.parametrize(
    "card,breaks",
    [("2S", True), ("10S", True), ("JS", False), ("AS", False), ("7H", False), ("JOKER", False)],
)
def test_only_favoured_non_face_cards_break_ties(card, breaks):
    """'check for use of non-face card favoured suits'."""
    assert breaks_ties(card, "sheriffs") is breaks


def test_flipping_the_top_card_is_seeded():
    assert flip_top_card(Rng.from_seed(5)) == flip_top_card(Rng.from_seed(5))
    assert new_deck(Rng.from_seed(5)) != new_deck(Rng.from_seed(6))


def test_draw_reshuffles_the_discard_pile_when_the_deck_runs_out():
    rng = Rng.from_seed(1)
    card, deck, discard = draw([], ["2S", "3S"], rng)
    assert card in {"2S", "3S"} and len(deck) == 1 and discard == []
    with pytest.raises(ValueError):
        draw([], [], rng)


def test_draw_does_not_change_its_inputs():
    deck, discard = ["2S", "3S"], ["4S"]
    card, new_deck_, _ = draw(deck, discard, Rng.from_seed(1))
    assert (card, new_deck_) == ("2S", ["3S"])
    assert deck == ["2S", "3S"] and discard == ["4S"]
