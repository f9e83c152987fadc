"""The two draw piles and their discard piles.

"If the movement card draw pile is empty, it is immediately reshuffled from the discarded
movement cards" (and the same for power cards). Decision: we reshuffle at the moment a card
is needed from an empty pile; when the pile and its discard pile are both empty there is
nothing to draw and the draw simply gives fewer cards.
"""

from __future__ import annotations

from rulesets.core.messages import said
from rulesets.core.rng import Rng
from rulesets.le_dernier_peuple import messages as say
from rulesets.le_dernier_peuple.catalogue import card_name, is_movement
from rulesets.le_dernier_peuple.peoples import in_play, subject

HAND_LIMIT = 7


def pile_of(card_id: str) -> str:
    """Which deck a card belongs to: "movement" or "power"."""
    return "movement" if is_movement(card_id) else "power"


def take_top(state: dict, deck: str, rng: Rng, events: list) -> str | None:
    """The top card of a draw pile, reshuffling its discard pile first when it is empty."""
    pile, discard = state[f"{deck}_pile"], state[f"{deck}_discard"]
    if not pile and discard:
        pile.extend(rng.shuffled(discard))
        discard.clear()
        events.append(
            {
                "type": "reshuffled",
                **said("reshuffled", deck=say.deck(deck)),
                "deck": deck,
                "text": f"The {deck} draw pile was empty: its discard pile is shuffled into it.",
            }
        )
    return pile.pop() if pile else None


def draw(state: dict, seat: str, deck: str, count: int, rng: Rng, events: list) -> int:
    """Draw ``count`` cards of ``deck`` into the seat's hand; returns how many were drawn."""
    drawn = 0
    for _ in range(count):
        card = take_top(state, deck, rng, events)
        if card is None:
            break
        state["hands"][seat].append(card)
        drawn += 1
    plural = "s" if drawn != 1 else ""
    events.append(
        {
            "type": "cards_drawn",
            "seat": seat,
            "deck": deck,
            "count": drawn,
            "text": f"{subject(state, seat)} draw {drawn} {deck} card{plural}.",
            **said("cards_drawn", people=say.people(state, seat), count=drawn, deck=say.deck(deck)),
        }
    )
    return drawn


def discard(state: dict, card_id: str) -> None:
    """Put a card face up on its discard pile."""
    state[f"{pile_of(card_id)}_discard"].append(card_id)


def discard_from_hand(state: dict, seat: str, card_id: str) -> None:
    state["hands"][seat].remove(card_id)
    discard(state, card_id)


def step_draw(state: dict, step: dict, rng: Rng, events: list) -> None:
    """A queued draw: {"do": "draw", "seat", "deck", "count"}; nothing for a player who left."""
    if in_play(state, step["seat"]):
        draw(state, step["seat"], step["deck"], step["count"], rng, events)


def seat_over_hand_limit(state: dict) -> str | None:
    """ "The hand limit at any time is 7 cards": the first seat (from the active one) above it."""
    seats = state["seats"]
    start = seats.index(state["active"])
    for seat in seats[start:] + seats[:start]:
        if in_play(state, seat) and len(state["hands"][seat]) > HAND_LIMIT:
            return seat
    return None


def discard_excess(state: dict, seat: str, card_id: str, events: list) -> None:
    """ "Beyond that, the player must immediately discard the excess card(s) of their choice,
    without applying their effect" (one card per action; a discarded card is public)."""
    discard_from_hand(state, seat, card_id)
    state["decision"] = None
    events.append(
        {
            "type": "card_discarded",
            **said(
                "card_discarded",
                people=say.people(state, seat),
                card=say.card(card_id),
                limit=HAND_LIMIT,
            ),
            "seat": seat,
            "card": card_id,
            "text": f"{subject(state, seat)} discard {card_name(card_id)} "
            f"(hand limit {HAND_LIMIT}).",
        }
    )
