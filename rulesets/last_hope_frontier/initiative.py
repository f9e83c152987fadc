"""Initiative: a high-card draw (the rabbit's foot "increase[s] value of high card draw card
for first turn initiative").

Each player shuffles their deck and flips the top card; the highest value (J=11 ... A=14,
Joker 0) plus any rabbit's-foot bonus wins. Decisions: a tie is redrawn by the tied players
only, from freshly shuffled decks, with the game's Rng (so the server draws and a replay
gives the same cards); feet already spent keep counting in the redraw (they were spent on
the initiative, not on a card).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rulesets.core.rng import Rng
from rulesets.last_hope_frontier.deck import card_value, flip_top_card

MAX_REDRAWS = 1000  # a tie repeats with probability < 1/10, so this is never reached


@dataclass(frozen=True)
class InitiativeResult:
    winner: str
    rounds: tuple[dict[str, str], ...]  # the cards each (still tied) seat flipped, per draw


def initiative_total(card: str, bonus: int = 0) -> int:
    return card_value(card) + bonus


def draw_initiative(
    rng: Rng, seats: Sequence[str], bonuses: Mapping[str, int] | None = None
) -> InitiativeResult:
    """High card wins; ties redraw among the tied seats. ``rng`` advances (keep its state)."""
    if len(seats) < 2 or len(set(seats)) != len(seats):
        raise ValueError("Initiative needs two or more distinct seats.")
    bonuses = bonuses or {}
    contenders = list(seats)
    rounds: list[dict[str, str]] = []
    for _ in range(MAX_REDRAWS):
        cards = {seat: flip_top_card(rng) for seat in contenders}
        rounds.append(cards)
        totals = {
            seat: initiative_total(card, bonuses.get(seat, 0)) for seat, card in cards.items()
        }
        best = max(totals.values())
        contenders = [seat for seat in contenders if totals[seat] == best]
        if len(contenders) == 1:
            return InitiativeResult(contenders[0], tuple(rounds))
    raise RuntimeError("Initiative stayed tied for too long.")  # pragma: no cover
