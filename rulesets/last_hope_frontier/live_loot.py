"""Picking up a mission's loot token: ``{"type": "pick_up", "fighter": id, "token": key}``.

The active fighter, in base contact with a token nobody has taken (its base edge within
``CONTACT_TOLERANCE`` of the token's half-inch-radius edge), picks it up as its action: the
activation ends, as after a shot (live_missions.py has the decisions and the points).
"""

from __future__ import annotations

from rulesets.core.errors import IllegalAction
from rulesets.core.messages import said
from rulesets.core.rng import Rng
from rulesets.last_hope_frontier.live_activation import active_fighter
from rulesets.last_hope_frontier.live_input import check_keys
from rulesets.last_hope_frontier.live_missions import TOKEN_RADIUS, near
from rulesets.last_hope_frontier.live_table import CONTACT_TOLERANCE
from rulesets.last_hope_frontier.messages import thing

REACH = TOKEN_RADIUS + CONTACT_TOLERANCE


def _free_token(state: dict, raw: object) -> dict:
    current = state.get("mission")
    tokens = current["loot"] if current else []
    token = next((t for t in tokens if t["key"] == raw), None)
    if token is None:
        raise IllegalAction("There is no such loot token on the table.")
    if token["taken_by"] is not None:
        raise IllegalAction(f"The {token['item']} has already been picked up.")
    return token


def pick_up(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    check_keys(action, {"type", "fighter", "token"})
    fighter = active_fighter(state, seat, action["fighter"])
    if state["activation"]["acted"]:
        raise IllegalAction(f"{fighter['name']} has already taken an action.")
    token = _free_token(state, action["token"])
    if not near(fighter["position"], token, REACH):
        raise IllegalAction(f"{fighter['name']} must be in base contact with the loot token.")
    token.update(taken_by=seat, fighter=fighter["id"])
    state["activation"]["acted"] = True
    gained = state["mission"]["scoring"]["loot"]
    events.append(
        {
            "type": "loot_picked_up",
            "fighter": fighter["id"],
            "token": token["key"],
            "item": token["item"],
            "points": gained,
            "text": f"{fighter['name']} picks up the loot: {token['item']} (+{gained}).",
            **said(
                "loot_picked_up", fighter=fighter["name"], item=thing(token["item"]), points=gained
            ),
        }
    )


def pickups(state: dict, fighter: dict) -> list[dict]:
    """The loot tokens the activated fighter may pick up now."""
    current = state.get("mission")
    if current is None or state["activation"]["acted"]:
        return []
    return [
        {"type": "pick_up", "fighter": fighter["id"], "token": t["key"]}
        for t in current["loot"]
        if t["taken_by"] is None and near(fighter["position"], t, REACH)
    ]
