"""Defense: "to be played out of turn when you are the target of an attack or of a power
card (except Swap). You do not suffer the effect, and the attacker(s) do not gain any VP.
Furthermore, in the case of a countered attack, the attacking meeples are still
repositioned."

The target takes a pending decision, "defend" or "accept". Decision: the question is put
whenever the target holds at least one power card (the table sees how many power cards each
player holds), not only when they hold a Defense, so that being asked reveals nothing.
"""

from __future__ import annotations

from rulesets.core.messages import said
from rulesets.core.rng import Rng
from rulesets.le_dernier_peuple import messages as say
from rulesets.le_dernier_peuple.catalogue import is_power, power_of
from rulesets.le_dernier_peuple.decks import discard_from_hand
from rulesets.le_dernier_peuple.peoples import in_play, subject


def defense_card(state: dict, seat: str) -> str | None:
    return next((c for c in state["hands"][seat] if power_of(c) == "defense"), None)


def step_offer_defense(state: dict, step: dict, rng: Rng, events: list) -> None:
    """Ask the target whether they play Defense against what comes next in the queue."""
    target = step["target"]
    if not in_play(state, target) or not any(is_power(c) for c in state["hands"][target]):
        return
    state["decision"] = {
        "kind": "defense",
        "seat": target,
        "against": step["against"],
        "by": state["active"],
    }


def defense_actions(state: dict, seat: str) -> list[dict]:
    actions = [{"type": "accept"}]
    if defense_card(state, seat) is not None:
        actions.append({"type": "defend"})
    return actions


def defend(state: dict, seat: str, events: list) -> None:
    """Play Defense: the effect queued next is countered (its VP and effect are cancelled;
    the repositioning queued after an event still happens)."""
    discard_from_hand(state, seat, defense_card(state, seat))
    state["queue"][0]["countered"] = True
    state["decision"] = None
    events.append(
        {
            "type": "defended",
            **said("defended", people=say.people(state, seat)),
            "seat": seat,
            "text": f"{subject(state, seat)} play Defense: they do not suffer the "
            "effect and the attacker(s) gain no VP.",
        }
    )


def accept(state: dict, seat: str, events: list) -> None:
    state["decision"] = None
    events.append(
        {
            "type": "accepted",
            **said("accepted", people=say.people(state, seat)),
            "seat": seat,
            "text": f"{subject(state, seat)} do not play Defense.",
        }
    )
