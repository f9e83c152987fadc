"""A player's turn, stage by stage: (special action) -> play a card -> movement -> the card's
extra action -> draw back up -> doom phase -> (two-player: extra doom roll) -> next player.

``advance`` runs every stage that needs no decision and stops at the first one that does
(a card to play, a step, a push, the eliminator, a doom choice). Interrupting decisions live
in ``state["pending"]``; once answered, ``advance`` resumes at ``turn["stage"]``.
"""

from __future__ import annotations

from rulesets.battle_royale import battle, doom, eliminator, explosion, movement, movement_cards
from rulesets.battle_royale import messages as say
from rulesets.battle_royale.board import capitalised, colour_of
from rulesets.battle_royale.ending import out_seats, settle
from rulesets.core.messages import said
from rulesets.core.rng import Rng


def new_turn(seat: str, number: int) -> dict:
    return {
        "seat": seat,
        "number": number,
        "stage": "play",
        "card": None,
        "warriors": 0,
        "steps": 0,
        "moved": 0,
        "moving": None,
        "spent": {},
        "special_used": False,
        "bonus_warriors": 0,
        "bonus_steps": 0,
    }


def begin(state: dict, events: list) -> None:
    """The game proper starts with the first seat ('the youngest player starts')."""
    state["phase"] = "play"
    out = out_seats(state)
    state["turn"] = new_turn(next(s for s in state["order"] if s not in out), 1)
    _announce(state, events)


def next_turn(state: dict, events: list) -> None:
    """Play passes clockwise (seat order) to the next player still in."""
    order = state["order"]
    out = out_seats(state)
    i = order.index(state["turn"]["seat"])
    for k in range(1, len(order) + 1):
        seat = order[(i + k) % len(order)]
        if seat not in out:
            break
    state["turn"] = new_turn(seat, state["turn"]["number"] + 1)
    state["pending"] = None
    _announce(state, events)


def _announce(state: dict, events: list) -> None:
    seat = state["turn"]["seat"]
    events.append(
        {
            "type": "turn_start",
            "seat": seat,
            "turn": state["turn"]["number"],
            "text": f"Turn {state['turn']['number']}: {capitalised(colour_of(state, seat))} "
            "to play.",
            **said(
                "turn_start",
                turn=state["turn"]["number"],
                colour=say.colour(colour_of(state, seat), capital=True),
            ),
        }
    )


def advance(state: dict, rng: Rng, events: list) -> None:
    """Run the turn on until a seat has a decision to take (or the game is over)."""
    while True:
        settle(state, events)
        if state["phase"] != "play":
            return
        turn = state["turn"]
        if turn["seat"] in out_seats(state):
            # The active player went out mid-turn: the rest of their turn is void.
            next_turn(state, events)
            continue
        if state["pending"]:
            return
        stage = turn["stage"]
        if stage == "play":
            return
        if stage == "move":
            if not movement.movement_over(state):
                return
            movement.close(state)
        elif stage == "extra":
            turn["stage"] = "draw"
            card_extra(state, rng, events)
        elif stage == "draw":
            turn["stage"] = "doom"
            movement_cards.draw_up(state, turn["seat"], rng, events)
        elif stage == "doom":
            turn["stage"] = "extra_roll" if state["neutral_start"] else "end"
            doom.roll(state, rng, events)
        elif stage == "extra_roll":
            turn["stage"] = "end"
            doom.extra_roll(state, rng, events)
        else:
            next_turn(state, events)


def card_extra(state: dict, rng: Rng, events: list) -> None:
    """'Some cards also show an extra action, carried out after the movement.'"""
    extra = movement_cards.card(state["turn"]["card"])["extra"]
    if extra == "battle_royale":
        battle.battle_royale(state, events)
    elif extra == "eliminator":
        eliminator.ask_to_move(state, "card")
    elif extra == "explosion":
        explosion.explode(state, rng, events)
