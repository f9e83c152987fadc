"""Wounds in live play, being taken out of action, and the take-downs the post-game needs.

"If a model has been taken out of action by taking more points of damage than their wound
tokens" (wounds.take_wounds): the fighter is removed from play. Each take-down is recorded
as post_game.settle_takedowns expects it: ``{"by": fighter id or None, "victim": id,
"enemy": bool}`` ("by" is None for a fall; "enemy" is False when the fighter fell on its own
or was caught by its own side's dynamite - only an enemy take-down can earn flips or be a
killing blow, and the campaign decides deaths later from the victim's times out of action).
The state's record also keeps the ``cause`` and the ``turn``.
"""

from __future__ import annotations

from rulesets.core.messages import said
from rulesets.last_hope_frontier.wounds import take_wounds


def wound(
    state: dict, victim: dict, wounds: int, *, by: dict | None, cause: str, events: list
) -> None:
    """Take ``wounds`` tokens off ``victim``; remove it from play if that is more than it has."""
    if wounds <= 0:
        return
    result = take_wounds(victim["wounds_left"], wounds)
    victim["wounds_left"] = result.wounds_left
    if not result.out_of_action:
        return
    victim.update(status="out", position=None)
    state["out_of_action"].append(victim["id"])
    enemy = by is not None and by["seat"] != victim["seat"]
    state["takedowns"].append(
        {
            "by": None if by is None else by["id"],
            "victim": victim["id"],
            "enemy": enemy,
            "cause": cause,
            "turn": state["turn"],
        }
    )
    if by is None:
        how = "from the fall"
    elif by is victim:
        how = "by its own dynamite"
    else:
        how = f"taken out by {by['name']}"
    events.append(
        {
            "type": "out_of_action",
            "fighter": victim["id"],
            "by": None if by is None else by["id"],
            "enemy": enemy,
            "text": f"{victim['name']} is out of action, {how}.",
            **(
                said("out_of_action_fall", fighter=victim["name"])
                if by is None
                else said("out_of_action_own", fighter=victim["name"])
                if by is victim
                else said("out_of_action", fighter=victim["name"], by=by["name"])
            ),
        }
    )


def wounds_text(wounds: int) -> str:
    return "no wounds" if wounds == 0 else "1 wound" if wounds == 1 else f"{wounds} wounds"
