import pytest

from rulesets.core.cards import full_deck, parse_card
from rulesets.core.errors import InvalidInput
from rulesets.core.rng import Rng


def test_the_same_seed_gives_the_same_shuffle():
    assert Rng.from_seed(42).shuffled(full_deck()) == Rng.from_seed(42).shuffled(full_deck())


def test_nearby_seeds_give_different_shuffles():
    assert Rng.from_seed(1).shuffled(full_deck()) != Rng.from_seed(2).shuffled(full_deck())


def test_the_rng_state_is_one_integer_that_resumes_the_stream():
    rng = Rng.from_seed(7)
    rng.randbelow(10)
    resumed = Rng(rng.state)
    assert [resumed.randbelow(1000) for _ in range(5)] == [rng.randbelow(1000) for _ in range(5)]


def test_randint_covers_a_die_evenly():
    rng = Rng.from_seed(3)
    rolls = [rng.randint(1, 6) for _ in range(6000)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert all(850 < rolls.count(face) < 1150 for face in range(1, 7))


def test_a_deck_has_54_cards_with_two_jokers():
    deck = full_deck()
    assert len(deck) == 54
    assert deck.count("JOKER") == 2


@pytest.mark.parametrize(
    "code,value,suit",
    [
        ("7d", 7, "D"),
        ("10S", 10, "S"),
        ("JS", 11, "S"),
        ("qh", 12, "H"),
        ("KC", 13, "C"),
        ("AS", 14, "S"),
        ("joker", None, None),
    ],
)
def test_card_notation_is_read_case_insensitively(code, value, suit):
    card = parse_card(code)
    assert (card.value, card.suit) == (value, suit)


@pytest.mark.parametrize("code", ["1S", "11S", "ZS", "7X", "", "07S", 7, None])
def test_bad_cards_name_the_field(code):
    with pytest.raises(InvalidInput) as err:
        parse_card(code, field="attack_card")
    assert err.value.field == "attack_card"
