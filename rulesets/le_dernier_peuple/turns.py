"""Turn structure: the optional power phase, the mandatory movement phase, then "play passes
to the player's left-hand neighbor" (the next seat in turn order), with Speed's second turn
and Club's skipped turn."""

from __future__ import annotations

from rulesets.core.messages import said
from rulesets.core.rng import Rng
from rulesets.le_dernier_peuple import messages as say
from rulesets.le_dernier_peuple.catalogue import is_power
from rulesets.le_dernier_peuple.peoples import in_play, name


def begin_turn(state: dict, seat: str, events: list) -> None:
    """Start a turn with the power phase, or go straight to the movement phase when the
    player holds no power card at all (public: power cards have their own back).

    A player holding only Defense cards is still asked, so that skipping the phase never
    tells the table which power cards they hold.
    """
    state["active"] = seat
    state["turn_no"] += 1
    state["last_turn"][seat] = state["turn_no"]
    events.append(
        {
            "type": "turn_started",
            "seat": seat,
            "text": f"Turn of {name(state, seat)}.",
            **said("turn_started", people=say.people(state, seat)),
        }
    )
    holds_power = any(is_power(c) for c in state["hands"][seat])
    state["decision"] = {"kind": "power" if holds_power else "movement", "seat": seat}


def step_movement_phase(state: dict, step: dict, rng: Rng, events: list) -> None:
    """After the power phase: "On their turn, a player must do one of the following"."""
    state["decision"] = {"kind": "movement", "seat": state["active"]}


def step_end_turn(state: dict, step: dict, rng: Rng, events: list) -> None:
    """End of turn: Speed ("Play 2 consecutive turns") gives the same player another turn;
    otherwise play passes to the left-hand neighbour."""
    active = state["active"]
    if in_play(state, active) and state["extra_turns"][active] > 0:
        state["extra_turns"][active] -= 1
        events.append(
            {
                "type": "extra_turn",
                **said("extra_turn", people=say.people(state, active)),
                "seat": active,
                "text": f"Speed: {name(state, active)} play a second turn in a row.",
            }
        )
        begin_turn(state, active, events)
        return
    begin_turn(state, next_player(state, active, events), events)


def next_player(state: dict, after: str, events: list) -> str:
    """The next seat in turn order still in the game, skipping (once per Club) those who
    "must skip their next turn". Terminates: every pass either returns or spends a skip."""
    seats = state["seats"]
    index = seats.index(after)
    while True:
        index = (index + 1) % len(seats)
        seat = seats[index]
        if not in_play(state, seat):
            continue
        if state["skip_turns"][seat] > 0:
            state["skip_turns"][seat] -= 1
            events.append(
                {
                    "type": "turn_skipped",
                    **said("turn_skipped", people=say.people(state, seat)),
                    "seat": seat,
                    "text": f"Club: {name(state, seat)} skip this turn.",
                }
            )
            continue
        return seat
