"""A deck of playing cards: 2-10, J=11, Q=12, K=13, A=14 in four suits, plus two Jokers.

Notation: ``"7D"``, ``"10S"``, ``"JS"``, ``"QH"``, ``"KC"``, ``"AS"``, ``"JOKER"``
(case-insensitive on input; canonical upper-case on output). Cards are kept in game state as
their canonical strings, so state stays plain JSON.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesets.core.errors import InvalidInput

SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS = {"J": 11, "Q": 12, "K": 13, "A": 14}
RANK_NAMES = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
JOKER = "JOKER"


@dataclass(frozen=True)
class Card:
    """``value`` is None for a Joker; ``suit`` is None for a Joker."""

    value: int | None
    suit: str | None

    @property
    def is_joker(self) -> bool:
        return self.value is None

    @property
    def is_face(self) -> bool:
        """J, Q, K and A count as face cards for the favoured-suit rules."""
        return self.value is not None and self.value >= 11

    @property
    def code(self) -> str:
        if self.is_joker:
            return JOKER
        rank = next((k for k, v in RANKS.items() if v == self.value), str(self.value))
        return f"{rank}{self.suit}"

    @property
    def name(self) -> str:
        if self.is_joker:
            return "Joker"
        rank = RANK_NAMES.get(self.value, str(self.value))
        return f"{rank} of {SUIT_NAMES[self.suit].capitalize()}"

    def __str__(self) -> str:
        return self.code


def parse_card(text: object, *, field: str = "card") -> Card:
    """Read a card code; raise ``InvalidInput`` naming ``field`` when it is not a card."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidInput(field, "A card is written like 7D, 10S, JS, QH, KC, AS or JOKER.")
    code = text.strip().upper()
    if code == JOKER:
        return Card(None, None)
    rank, suit = code[:-1], code[-1]
    if suit not in SUITS:
        raise InvalidInput(field, f"'{text}' is not a card: the suit must be S, H, D or C.")
    if rank in RANKS:
        return Card(RANKS[rank], suit)
    if rank.isdigit() and 2 <= int(rank) <= 10 and rank == str(int(rank)):
        return Card(int(rank), suit)
    raise InvalidInput(field, f"'{text}' is not a card: the rank must be 2-10, J, Q, K or A.")


def full_deck() -> list[str]:
    """The 54 cards in a fixed order (shuffle with the game's Rng)."""
    ranks = [str(n) for n in range(2, 11)] + ["J", "Q", "K", "A"]
    return [f"{r}{s}" for s in SUITS for r in ranks] + [JOKER, JOKER]
