"""Factions and their favoured suits, and what a favoured card adds to each step.

Favoured suits: sheriffs spades, outlawmen diamonds, townsfolk hearts, bootleggers clubs.

A favoured card helps in three different places, and each card rank helps in its own:
- shot/defence test: "Jack cards of favoured suits add 1 ... King card of a favoured suit adds
  1 ... and Ace card of favoured suit add 2" (the Queen adds nothing here);
- damage/toughness: "Queen cards of favoured suits add 1 ... King card ... adds 1 ... Ace card
  ... add 2" (the Jack adds nothing here);
- ties: "check for use of non-face card favoured suits" (2-10 of the favoured suit).
"""

from __future__ import annotations

from rulesets.core.cards import SUIT_NAMES, Card
from rulesets.core.errors import InvalidInput
from rulesets.last_hope_frontier.deck import as_card

FAVOURED_SUITS = {"sheriffs": "S", "outlawmen": "D", "townsfolk": "H", "bootleggers": "C"}
FACTIONS = tuple(FAVOURED_SUITS)

_TEST_BONUS = {11: 1, 13: 1, 14: 2}  # favoured J, K, A in the shot/defence test
_DAMAGE_BONUS = {12: 1, 13: 1, 14: 2}  # favoured Q, K, A in the damage/toughness step


def favoured_suit(faction: str, *, field: str = "faction") -> str:
    """The suit letter a faction favours; ``InvalidInput`` naming ``field`` if unknown."""
    try:
        return FAVOURED_SUITS[faction]
    except (KeyError, TypeError):
        raise InvalidInput(
            field, f"Unknown faction {faction!r}; choose one of {', '.join(FACTIONS)}."
        ) from None


def favoured_suit_name(faction: str) -> str:
    return SUIT_NAMES[favoured_suit(faction)]


def is_favoured(card: Card | str, faction: str) -> bool:
    """The card is of the faction's favoured suit (a Joker has no suit, so never)."""
    parsed = as_card(card)
    return not parsed.is_joker and parsed.suit == favoured_suit(faction)


def favoured_test_bonus(card: Card | str, faction: str) -> int:
    """Favoured J +1, K +1, A +2 on top of face value in a shot/defence (or combat) test."""
    parsed = as_card(card)
    return _TEST_BONUS.get(parsed.value, 0) if is_favoured(parsed, faction) else 0


def favoured_damage_bonus(card: Card | str, faction: str) -> int:
    """Favoured Q +1, K +1, A +2 to the damage (attacker) or toughness (defender) total."""
    parsed = as_card(card)
    return _DAMAGE_BONUS.get(parsed.value, 0) if is_favoured(parsed, faction) else 0


def breaks_ties(card: Card | str, faction: str) -> bool:
    """A favoured non-face card (2-10 of the favoured suit) breaks a tied test."""
    parsed = as_card(card)
    return is_favoured(parsed, faction) and not parsed.is_face
