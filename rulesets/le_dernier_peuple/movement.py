"""The movement phase and the movement card effects.

"Draw 2 movement cards and add them to their hand", or "discard a movement card to move a
meeple according to the instructions on that card, then resolve any resulting action(s)
from that move, and finally draw a new movement card".
"""

from __future__ import annotations

from rulesets.core.messages import said
from rulesets.core.rng import Rng
from rulesets.le_dernier_peuple import messages as say
from rulesets.le_dernier_peuple.catalogue import MOVEMENT_CARDS, card_name
from rulesets.le_dernier_peuple.decks import discard_from_hand
from rulesets.le_dernier_peuple.peoples import in_play, name, opponents, subject
from rulesets.le_dernier_peuple.territories import clockwise


def meeple_owners(state: dict, seat: str, card: dict) -> list[str]:
    """ "light grey": one of your own 2 meeples; "dark grey": a meeple belonging to an
    opponent of your choice. A split movement always moves "one of your 2 meeples"."""
    if card["shade"] == "light" or card["effect"] == "split":
        return [seat]
    return opponents(state, seat)


def movement_actions(state: dict, seat: str) -> list[dict]:
    """Drawing 2 cards, or playing any movement card in hand on any meeple it may move."""
    actions = [{"type": "draw_movement"}]
    for card_id in state["hands"][seat]:
        card = MOVEMENT_CARDS.get(card_id)
        if card is None:
            continue
        for owner in meeple_owners(state, seat, card):
            for meeple in range(len(state["meeples"][owner])):
                actions.append(
                    {"type": "play_movement", "card": card_id, "owner": owner, "meeple": meeple}
                )
    return actions


def draw_two(state: dict, seat: str, events: list) -> None:
    """ "Draw 2 movement cards and add them to their hand" (the hand limit is checked next)."""
    state["decision"] = None
    state["queue"] = [
        {"do": "draw", "seat": seat, "deck": "movement", "count": 2},
        {"do": "end_turn"},
    ]


def play_movement(state: dict, seat: str, action: dict, events: list) -> None:
    """Discard the card, move the meeple (queued with its actions), then draw 1 card."""
    card_id, owner, meeple = action["card"], action["owner"], action["meeple"]
    card = MOVEMENT_CARDS[card_id]
    discard_from_hand(state, seat, card_id)
    events.append(
        {
            "type": "movement_played",
            "seat": seat,
            "card": card_id,
            "owner": owner,
            "meeple": meeple,
            "text": f"{subject(state, seat)} play {card_name(card_id)} "
            f"on a meeple of {name(state, owner)}.",
            **said(
                "movement_played",
                people=say.people(state, seat),
                card=say.card(card_id),
                owner=say.people(state, owner),
            ),
        }
    )
    state["decision"] = None
    state["queue"] = [
        move_step(card, owner, meeple),
        {"do": "draw", "seat": seat, "deck": "movement", "count": 1},
        {"do": "end_turn"},
    ]


def move_step(card: dict, owner: str, meeple: int) -> dict:
    """Number: teleport; +X/-X: X spaces (counter-)clockwise; split: Y spaces, then 1 more."""
    step = {"do": "move", "owner": owner, "meeple": meeple}
    if card["effect"] == "teleport":
        return {**step, "to": card["to"]}
    if card["effect"] == "move":
        return {**step, "by": card["by"]}
    return {**step, "by": card["by"], "then": card["then"]}


def step_move(state: dict, step: dict, rng: Rng, events: list) -> None:
    """Move the meeple, then resolve the actions where it lands (and, for a split movement,
    keep the remaining space for after them)."""
    owner, meeple = step["owner"], step["meeple"]
    if not in_play(state, owner):
        return
    start = state["meeples"][owner][meeple]
    end = step["to"] if "to" in step else clockwise(start, step["by"], state["territories"])
    state["meeples"][owner][meeple] = end
    events.append(
        {
            "type": "meeple_moved",
            "owner": owner,
            "meeple": meeple,
            "from": start,
            "to": end,
            "text": f"A meeple of {name(state, owner)} moves from {start} to {end}.",
            **said("meeple_moved", people=say.people(state, owner), **{"from": start, "to": end}),
        }
    )
    landing = {"do": "land", "owner": owner, "meeple": meeple, "from": start}
    if step.get("then"):
        landing["then"] = step["then"]
    state["queue"].insert(0, landing)
