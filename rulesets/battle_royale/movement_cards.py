"""Movement cards: ten per colour, shuffled into a draw pile; a hand of four (a talent may
change it). A played card shows how many warriors may take how many steps, and perhaps an
extra action. After the extra action the player draws back up to a full hand.

The review does not say what happens when the draw pile runs out; the discard pile is then
shuffled into a new draw pile (with ten cards and a hand of four this happens every six turns).
"""

from __future__ import annotations

from rulesets.battle_royale import catalogue, talents
from rulesets.battle_royale import messages as say
from rulesets.battle_royale.board import capitalised, colour_of
from rulesets.core.messages import said
from rulesets.core.rng import Rng


def card(card_id: str) -> dict:
    return catalogue.movement_cards()[card_id]


def hand_size(state: dict, seat: str) -> int:
    return talents.effect(state, seat, "hand_size", catalogue.hand_size())


def deal(state: dict, seat: str, rng: Rng) -> None:
    """Shuffle the seat's ten cards into its draw pile and draw a hand."""
    state["decks"][seat] = rng.shuffled(list(catalogue.movement_cards()))
    state["hands"][seat] = []
    state["discards"][seat] = []
    draw_up(state, seat, rng, events=None)


def draw_up(state: dict, seat: str, rng: Rng, events: list | None) -> None:
    """'Then a card is drawn so that you hold four again.'"""
    hand = state["hands"][seat]
    while len(hand) < hand_size(state, seat):
        if not state["decks"][seat]:
            state["decks"][seat] = rng.shuffled(state["discards"][seat])
            state["discards"][seat] = []
            if events is not None:
                events.append(
                    {
                        "type": "reshuffle",
                        "seat": seat,
                        "text": f"{capitalised(colour_of(state, seat))} shuffles the played "
                        "cards into a new draw pile.",
                        **said(
                            "reshuffle", colour=say.colour(colour_of(state, seat), capital=True)
                        ),
                    }
                )
        if not state["decks"][seat]:
            return
        hand.append(state["decks"][seat].pop())


def describe(card_id: str) -> str:
    face = card(card_id)
    text = f"{face['warriors']} warrior(s) x {face['steps']} step(s)"
    if face["extra"]:
        text += f" + {face['extra'].replace('_', ' ')}"
    return text
