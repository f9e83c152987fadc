"""The playing-card deck as Last Hope Frontier reads it: card values, shuffles and draws.

Cards: 2-10 at face value, J=11, Q=12, K=13, A=14 (rulesets.core.cards), plus two Jokers.
The seed never gives the Joker a value in a test. We count it as 0: the seed's own flip table
files it with the low cards ("Joker,2,3,4,5"), and a worthless card keeps every total
monotone in the card played (a Joker is simply the lowest card, a bluff or a throw-away).

Decks are kept as lists of card codes and every shuffle takes the game's ``Rng``, so the
server draws and a recorded seed replays the same cards.
"""

from __future__ import annotations

from rulesets.core.cards import Card, full_deck, parse_card
from rulesets.core.rng import Rng

JOKER_VALUE = 0


def as_card(card: Card | str) -> Card:
    """Accept a ``Card`` or a code like ``"JS"``."""
    return card if isinstance(card, Card) else parse_card(card)


def card_value(card: Card | str) -> int:
    """Face value: 2-10, J=11, Q=12, K=13, A=14; a Joker counts 0 (decision, see module doc)."""
    parsed = as_card(card)
    return JOKER_VALUE if parsed.is_joker else parsed.value


def new_deck(rng: Rng) -> list[str]:
    """A full 54-card deck shuffled with the game's Rng."""
    return rng.shuffled(full_deck())


def flip_top_card(rng: Rng) -> str:
    """'Shuffle your deck and flip the top card.' (post-game flips, initiative draws)."""
    return new_deck(rng)[0]


def draw(deck: list[str], discard: list[str], rng: Rng) -> tuple[str, list[str], list[str]]:
    """Draw the top card; when the deck is empty, shuffle the discard pile into a new deck.

    Returns ``(card, deck, discard)`` as new lists; the inputs are not changed, so a live
    engine can keep both piles in its JSON state.
    """
    deck, discard = list(deck), list(discard)
    if not deck:
        if not discard:
            raise ValueError("There are no cards left to draw.")
        deck, discard = rng.shuffled(discard), []
    return deck[0], deck[1:], discard
