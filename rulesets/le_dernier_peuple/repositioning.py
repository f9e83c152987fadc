"""Repositioning: "the active player discards from the movement draw pile a movement card and
repositions their meeple onto the territory card bearing the same number as the discarded
movement card. Then [...] the second meeple that took part in the event." "A repositioning
never triggers an action."

Decisions: only the number (teleport) cards bear a number, so a discarded ±X or split card
gives no territory and the next card is discarded, until a number card of a territory in
play shows up. Should no such card be left in the draw pile or its discard pile (all in
hands), the meeple goes back to its own people's card, where it started the game.
"""

from __future__ import annotations

from rulesets.core.messages import said
from rulesets.core.rng import Rng
from rulesets.le_dernier_peuple import messages as say
from rulesets.le_dernier_peuple.catalogue import MOVEMENT_CARDS
from rulesets.le_dernier_peuple.decks import take_top
from rulesets.le_dernier_peuple.peoples import in_play, name


def bears_number_in_play(state: dict, card_id: str) -> bool:
    card = MOVEMENT_CARDS[card_id]
    return card["effect"] == "teleport" and card["to"] <= state["territories"]


def reveal_number(state: dict, rng: Rng, events: list) -> tuple[int | None, list[str]]:
    """Discard cards from the top of the movement pile until one bears a number in play.

    Terminates: each card goes from the pile to the discard pile, and the reshuffle brings
    them back, so a number card in either pile shows up within one pass of both.
    """
    revealed: list[str] = []
    while any(
        bears_number_in_play(state, c) for c in state["movement_pile"] + state["movement_discard"]
    ):
        card_id = take_top(state, "movement", rng, events)
        state["movement_discard"].append(card_id)
        revealed.append(card_id)
        if bears_number_in_play(state, card_id):
            return MOVEMENT_CARDS[card_id]["to"], revealed
    return None, revealed


def step_reposition(state: dict, step: dict, rng: Rng, events: list) -> None:
    """Reposition one meeple that took part in the event (no action is resolved)."""
    owner, meeple = step["owner"], step["meeple"]
    if not in_play(state, owner):
        return
    territory, revealed = reveal_number(state, rng, events)
    if territory is None:
        territory = state["people"][owner]
        how = "no number card is left to discard, so it goes back to its people's card"
        code = "repositioned_home"
    else:
        how = f"the movement card discarded from the pile shows {territory}"
        code = "repositioned"
    start = state["meeples"][owner][meeple]
    state["meeples"][owner][meeple] = territory
    events.append(
        {
            "type": "repositioned",
            **said(code, people=say.people(state, owner), start=start, territory=territory),
            "owner": owner,
            "meeple": meeple,
            "from": start,
            "to": territory,
            "discarded": revealed,
            "text": f"Repositioning: a meeple of {name(state, owner)} goes from {start} to "
            f"{territory} ({how}).",
        }
    )
