"""What a seat may do now (``legal_actions``) and doing it (``apply``, ``resign``).

Every action is a small step; the lists stay short (a first step is at most 22 tiles x 4
directions, everything else is a handful). ``apply`` checks each action with a reason a player
understands, then checks it against ``legal_actions`` as a backstop, works on a copy, and
lets ``turn.advance`` run the stages that need no decision.
"""

from __future__ import annotations

import pickle

from rulesets.battle_royale import (
    eliminator,
    movement,
    movement_cards,
    pushing,
    specials,
    talents,
    turn,
)
from rulesets.battle_royale.board import DIRECTIONS, colour_of, count, in_grid, key, to_graveyard
from rulesets.battle_royale.doom import carry_out
from rulesets.battle_royale.ending import go_out, out_seats, settle
from rulesets.core.errors import IllegalAction
from rulesets.core.protocol import Resolution
from rulesets.core.rng import Rng

PENDING_HINT = {
    "push": "First choose which warrior to push (choose_push).",
    "eliminator": "First move the eliminator (move_eliminator).",
    "doom_choice": "First choose the doom action (choose_doom).",
    "sacrifice": "First sacrifice the warriors your special action costs (sacrifice).",
}


def to_move(state: dict) -> list[str]:
    if state["phase"] == "over":
        return []
    if state["phase"] == "draft":
        seat = talents.drafting_seat(state)
        return [seat] if seat else []
    return [state["turn"]["seat"]]


def legal_actions(state: dict, seat: str) -> list[dict]:
    if seat not in to_move(state):
        return []
    if state["phase"] == "draft":
        return [{"type": "pick_talent", "talent": t} for t in state["draft"]["offer"]]
    pending = state["pending"]
    if pending:
        return _pending_actions(state, seat, pending)
    stage = state["turn"]["stage"]
    if stage == "play":
        cards = [{"type": "play_card", "card": c} for c in sorted(state["hands"][seat])]
        usable = [s for s in state["specials"] if specials.usable(state, seat, s)]
        return cards + [{"type": "special_action", "card": s} for s in usable]
    if stage == "move":
        ender = "end_warrior" if state["turn"]["moving"] else "end_movement"
        return [*movement.steps_for(state, seat), {"type": ender}]
    return []


def _pending_actions(state: dict, seat: str, pending: dict) -> list[dict]:
    kind = pending["kind"]
    if kind == "push":
        return [{"type": "choose_push", "colour": c} for c in pending["options"]]
    if kind == "eliminator":
        return [{"type": "move_eliminator", "to": p} for p in eliminator.targets(state)]
    if kind == "doom_choice":
        return [{"type": "choose_doom", "face": f} for f in pending["options"]]
    return [{"type": "sacrifice", "tile": p} for p in specials.sacrifice_tiles(state, seat)]


def apply(state: dict, seat: str, action: object) -> Resolution:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("An action is an object with a 'type'.")
    if state["phase"] == "over":
        raise IllegalAction("The game is over.")
    if seat not in state["seats"]:
        raise IllegalAction("You are not seated at this game.")
    if seat not in to_move(state):
        raise IllegalAction("It is not your turn to decide.")
    handler = HANDLERS.get(action["type"])
    if handler is None:
        raise IllegalAction(f"Unknown action type '{action['type']}'.")
    if (state["phase"] == "draft") != (action["type"] == "pick_talent"):
        if state["phase"] == "draft":
            raise IllegalAction("First every player picks a talent card (pick_talent).")
        raise IllegalAction("The talent cards have already been picked.")
    new = copy_state(state)
    rng = Rng(new["rng"])
    events: list[dict] = []
    handler(new, seat, action, rng, events)
    turn.advance(new, rng, events)
    new["rng"] = rng.state
    return Resolution(new, events)


def copy_state(state: dict) -> dict:
    """A deep copy, so that ``apply`` never touches its input. Pickle round-trips plain data
    about three times faster than json or ``copy.deepcopy``, and we only unpickle what we
    pickled ourselves a line before."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


def _must_be_legal(state: dict, seat: str, canonical: dict) -> None:
    if canonical not in legal_actions(state, seat):
        raise IllegalAction("That action is not allowed now.")


def _expect_pending(state: dict, kind: str | None) -> None:
    pending = state["pending"]
    if pending and pending["kind"] != kind:
        raise IllegalAction(PENDING_HINT[pending["kind"]])
    if kind and not pending:
        raise IllegalAction("There is no such decision to take now.")


def _read_pos(action: dict, name: str) -> str:
    value = action.get(name)
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise IllegalAction(f"'{name}' must be a position [x, y].")
    return key(*value)


def _read_str(action: dict, name: str) -> str:
    value = action.get(name)
    if not isinstance(value, str):
        raise IllegalAction(f"'{name}' must be given as text.")
    return value


def _in_stage(state: dict, stage: str, message: str) -> None:
    _expect_pending(state, None)
    if state["turn"]["stage"] != stage:
        raise IllegalAction(message)


def _pick_talent(state, seat, action, rng, events) -> None:
    talent = _read_str(action, "talent")
    if talent not in state["draft"]["offer"]:
        raise IllegalAction("That talent card is not on offer.")
    talents.pick(state, seat, talent, events)
    movement_cards.draw_up(state, seat, rng, events)  # the Quartermaster's fifth card
    if not state["draft"]["order"]:
        turn.begin(state, events)


def _play_card(state, seat, action, rng, events) -> None:
    card = _read_str(action, "card")
    _in_stage(state, "play", "You have already played a movement card this turn.")
    if card not in state["hands"][seat]:
        raise IllegalAction("That card is not in your hand.")
    movement.play_card(state, seat, card, events)


def _special_action(state, seat, action, rng, events) -> None:
    card = _read_str(action, "card")
    if not state["options"]["special_actions"]:
        raise IllegalAction("This game is played without special-action cards.")
    if card not in state["specials"]:
        raise IllegalAction("That special action is not face up on the table.")
    _in_stage(state, "play", "Special actions are taken before you play your movement card.")
    if state["turn"]["special_used"]:
        raise IllegalAction("You have already used a special action this turn.")
    _must_be_legal(state, seat, {"type": "special_action", "card": card})
    specials.start(state, seat, card, events)


def _sacrifice(state, seat, action, rng, events) -> None:
    tile = _read_pos(action, "tile")
    _expect_pending(state, "sacrifice")
    if not count(state, tile, colour_of(state, seat)):
        raise IllegalAction("You have no warrior on that tile to sacrifice.")
    specials.sacrifice(state, seat, tile, rng, events)


def _step(state, seat, action, rng, events) -> None:
    tile = _read_pos(action, "warrior_from")
    direction = _read_str(action, "direction")
    if direction not in DIRECTIONS:
        raise IllegalAction("The direction is N, E, S or W (warriors move orthogonally).")
    _in_stage(state, "move", "You are not moving warriors now.")
    reason = movement.step_refusal(state, tile, direction)
    if reason:
        raise IllegalAction(reason)
    # No backstop against legal_actions here: ``step_refusal`` is the rule, and a test checks
    # on random positions that it accepts exactly the steps ``movement.steps_for`` lists.
    movement.step(state, tile, direction, events)


def _end_warrior(state, seat, action, rng, events) -> None:
    _in_stage(state, "move", "You are not moving warriors now.")
    if state["turn"]["moving"] is None:
        raise IllegalAction("No warrior is moving.")
    movement.end_warrior(state, events)


def _end_movement(state, seat, action, rng, events) -> None:
    _in_stage(state, "move", "You are not moving warriors now.")
    if state["turn"]["moving"] is not None:
        raise IllegalAction("Finish the moving warrior first (end_warrior).")
    movement.close(state)


def _choose_push(state, seat, action, rng, events) -> None:
    colour = _read_str(action, "colour")
    _expect_pending(state, "push")
    if colour not in state["pending"]["options"]:
        raise IllegalAction("You may not push a warrior of that colour off this tile.")
    pushing.choose(state, colour, events)


def _move_eliminator(state, seat, action, rng, events) -> None:
    to = _read_pos(action, "to")
    _expect_pending(state, "eliminator")
    x, y = map(int, to.split(","))
    if not in_grid(state, x, y) or [x, y] not in eliminator.targets(state):
        reach = state["pending"]["range"]
        raise IllegalAction(
            f"The eliminator moves {reach} place(s) at most, diagonals allowed, and stays "
            "under the island."
        )
    eliminator.move(state, [x, y], events)


def _choose_doom(state, seat, action, rng, events) -> None:
    face = _read_str(action, "face")
    _expect_pending(state, "doom_choice")
    if face not in state["pending"]["options"]:
        raise IllegalAction("Choose Battle Royale, move the eliminator or explosion.")
    state["pending"] = None
    carry_out(state, face, rng, events)


HANDLERS = {
    "pick_talent": _pick_talent,
    "play_card": _play_card,
    "special_action": _special_action,
    "sacrifice": _sacrifice,
    "step": _step,
    "end_warrior": _end_warrior,
    "end_movement": _end_movement,
    "choose_push": _choose_push,
    "move_eliminator": _move_eliminator,
    "choose_doom": _choose_doom,
}


def resign(state: dict, seat: str) -> Resolution:
    """The seat concedes: its warriors leave the island (eliminated) and it is out; play goes
    on if two or more players remain, else the last one wins."""
    if state["phase"] == "over":
        raise IllegalAction("The game is over.")
    if seat not in state["seats"]:
        raise IllegalAction("You are not seated at this game.")
    if seat in out_seats(state):
        raise IllegalAction("You are already out of the game.")
    new = copy_state(state)
    rng = Rng(new["rng"])
    events: list[dict] = []
    colour = colour_of(new, seat)
    for warriors in new["board"].values():
        if warriors.get(colour):
            to_graveyard(new, colour, warriors.pop(colour))
    go_out(new, [seat], events, "player_resigns")
    pending = new["pending"]
    if pending and pending["kind"] == "push" and new["turn"]["seat"] != seat:
        # The resigned colour may have been what made the tile over-full: look again.
        new["pending"] = None
        pushing.arrive(
            new,
            pending["tile"],
            pending["direction"],
            pending["arrived"],
            pending["arrived_spent"],
            events,
        )
    if new["phase"] == "draft" and seat in new["draft"]["order"]:
        new["draft"]["order"].remove(seat)
        settle(new, events)
        if new["phase"] == "draft" and not new["draft"]["order"]:
            turn.begin(new, events)
    turn.advance(new, rng, events)
    new["rng"] = rng.state
    return Resolution(new, events)
