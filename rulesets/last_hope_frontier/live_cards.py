"""Each player's own deck, hand and discard pile in live play.

Every test of the game (shot, blow, thrown knife, dynamite) is decided by a card from each
player's hand. Decisions (docs/rules/last-hope-frontier.md, "Live play"): each player plays
from their own shuffled 54-card deck (the Jokers count 0, deck.py); the hand is
``DEFAULT_HAND_SIZE`` cards (option ``hand_size``); after each test both played cards go to
their owners' discard piles and each player draws back up to the hand size; an empty deck
is refilled by shuffling the discard pile (deck.draw). So a player always holds a full
hand, and every card is always in exactly one place: deck, hand, discard or pending.
"""

from __future__ import annotations

from rulesets.core.cards import parse_card
from rulesets.core.errors import IllegalAction, InvalidInput
from rulesets.core.rng import Rng
from rulesets.last_hope_frontier.deck import draw, new_deck

DEFAULT_HAND_SIZE = 5
MIN_HAND_SIZE, MAX_HAND_SIZE = 1, 10
DECK_SIZE = 54


def deal(rng: Rng, hand_size: int) -> dict:
    """A freshly shuffled deck and the opening hand drawn from its top."""
    deck = new_deck(rng)
    return {"deck": deck[hand_size:], "hand": deck[:hand_size], "discard": []}


def card_name(code: str) -> str:
    """ "JS" -> "the Jack of Spades"; "JOKER" -> "a Joker"."""
    card = parse_card(code)
    return "a Joker" if card.is_joker else f"the {card.name}"


def take_from_hand(state: dict, seat: str, raw: object) -> str:
    """Take the named card out of the seat's hand (it becomes a pending, face-down card)."""
    try:
        code = parse_card(raw).code
    except InvalidInput:
        raise IllegalAction(
            "Name a card from your hand, like 7D, 10S, JS, QH, KC, AS or JOKER."
        ) from None
    hand = state["cards"][seat]["hand"]
    if code not in hand:
        raise IllegalAction(f"You do not hold {card_name(code)}.")
    hand.remove(code)
    return code


def discard(state: dict, seat: str, code: str) -> None:
    state["cards"][seat]["discard"].append(code)


def draw_up(state: dict, seat: str, rng: Rng) -> None:
    """Draw back up to the hand size, shuffling the discard pile in when the deck runs out."""
    pile = state["cards"][seat]
    while len(pile["hand"]) < state["hand_size"]:
        card, pile["deck"], pile["discard"] = draw(pile["deck"], pile["discard"], rng)
        pile["hand"].append(card)
