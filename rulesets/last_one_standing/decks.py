"""The Loot, Supply Drop and Island Explosion decks, and their discard piles.

Decks live in ``state["decks"]`` as lists whose last element is the top card. Deck order is
hidden information: views only show how many cards a deck holds.
"""

from __future__ import annotations

from rulesets.core.rng import Rng
from rulesets.last_one_standing import catalogue


def draw(state: dict, name: str, rng: Rng) -> str | int | None:
    """Draw the top card; "If the Loot Card deck is empty, shuffle the discard pile and use
    as the new Loot Card deck" (the same for the other two decks). None when both are empty."""
    decks = state["decks"]
    if not decks[name]:
        pile = decks[f"{name}_discard"]
        decks[name] = rng.shuffled(pile)
        decks[f"{name}_discard"] = []
    if not decks[name]:
        return None
    return decks[name].pop()


def draw_loot(state: dict, count: int, rng: Rng) -> list[str]:
    cards = []
    for _ in range(count):
        card = draw(state, "loot", rng)
        if card is None:
            break
        cards.append(card)
    return cards


def discard_loot(state: dict, cards: list[str]) -> None:
    """Rulebook: "Place them in the discard pile face up." Crowbars and AEDs were taken out of the
    loot
    deck at setup, so when one is discarded it leaves the game instead."""
    for card in cards:
        if catalogue.kind(card) in catalogue.LEAVE_GAME_WHEN_DISCARDED:
            state["out_of_game"].append(card)
        else:
            state["decks"]["loot_discard"].append(card)
