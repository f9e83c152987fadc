"""Resigning (not in the rulebook; the product's rule, see the rules doc).

The seat leaves the game: its hand goes to the discard piles, its meeples leave the circle,
its VP tokens stay face down on its card (out of play, so the bank is not refilled), and its
people's card no longer triggers events. When one player is left, that player wins. If the
active player resigns, play passes to the next player; a pending decision of the seat that
leaves is dropped (a Defense not played is an accepted effect, which now finds no target).
"""

from __future__ import annotations

from rulesets.core.messages import said
from rulesets.core.rng import Rng
from rulesets.le_dernier_peuple import messages as say
from rulesets.le_dernier_peuple.decks import discard
from rulesets.le_dernier_peuple.end_of_game import finish
from rulesets.le_dernier_peuple.peoples import players_in_play, subject


def resign(state: dict, seat: str, rng: Rng, events: list) -> None:
    state["out"].append(seat)
    for card_id in state["hands"][seat]:
        discard(state, card_id)
    state["hands"][seat] = []
    state["meeples"][seat] = []
    text = f"{subject(state, seat)} resign."
    events.append(
        {
            "type": "resigned",
            "seat": seat,
            "text": text,
            **said("resigned", people=say.people(state, seat)),
        }
    )
    left = players_in_play(state)
    if len(left) == 1:
        text = f"{subject(state, left[0])} are the last left."
        finish(state, left[0], events, text, said("last_left", people=say.people(state, left[0])))
        return
    decision = state["decision"]
    if seat == state["active"]:
        state["decision"] = None
        state["queue"] = [{"do": "end_turn"}]
    elif decision is not None and decision["seat"] == seat:
        state["decision"] = None
    elif decision is not None and decision["kind"] == "riposte":
        _drop_riposte_option(state, seat)


def _drop_riposte_option(state: dict, seat: str) -> None:
    """The active player was choosing who shares an event: the seat that left is no option."""
    decision = state["decision"]
    if decision["people"] == seat:
        state["decision"] = None  # its people's card no longer counts
        return
    decision["options"] = [s for s in decision["options"] if s != seat]
    decision["pairs"].pop(seat, None)
    if not decision["options"]:
        state["decision"] = None
