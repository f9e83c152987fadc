"""Reading a submitted action: a hostile client may send anything, so every key and value is
checked here and anything malformed becomes an ``IllegalAction`` with a sentence the player
reads (never a KeyError or a TypeError).

Template keys that only inform (``INFO_KEYS``: the move's ``max_distance``, a target's
``distance``, a contact move's ``into_contact_with``, and the API's ``fill`` hints,
live_fill.py) may be sent back and are ignored: the server measures again. Any other
unknown key is refused, so a typo such as ``"over_obstacles"`` cannot quietly change a ruling.
"""

from __future__ import annotations

import math

from rulesets.core.errors import IllegalAction
from rulesets.core.words import noun
from rulesets.last_hope_frontier.live_gangs import get_fighter
from rulesets.last_hope_frontier.movement import EPSILON

INFO_KEYS = frozenset({"max_distance", "distance", "into_contact_with", "fill"})


def check_keys(action: dict, required: set[str], optional: set[str] = frozenset()) -> None:
    missing = required - set(action)
    if missing:
        raise IllegalAction(f"This action needs {', '.join(sorted(missing))}.")
    unknown = set(action) - required - optional - INFO_KEYS
    if unknown:
        names = ", ".join(sorted(str(key)[:40] for key in unknown))
        raise IllegalAction(f"Unknown {noun(len(unknown), 'key')} in this action: {names}.")


def number(value: object, name: str, low: float, high: float) -> float:
    """A finite int or float within ``[low, high]``; anything else is an ``IllegalAction``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise IllegalAction(f"{name} must be a number.")
    # Compare before converting: a huge int would overflow float(); NaN and inf fail here too.
    if not (low - EPSILON <= value <= high + EPSILON):
        raise IllegalAction(f"{name} must be a number from {low:g} to {high:g}.")
    value = float(value)
    if not math.isfinite(value):  # pragma: no cover - the bounds test already refused it
        raise IllegalAction(f"{name} must be a finite number.")
    return value


def position_from(raw: object, name: str, bounds: dict) -> dict:
    """Read ``{"x": .., "y": ..}`` within ``bounds`` (``{"x": {"min", "max"}, "y": ...}``)."""
    if not isinstance(raw, dict) or set(raw) != {"x", "y"}:
        raise IllegalAction(f"{name} is a position like {{'x': 10.5, 'y': 3.0}} in inches.")
    return {
        axis: number(raw[axis], f"{name}.{axis}", bounds[axis]["min"], bounds[axis]["max"])
        for axis in ("x", "y")
    }


def flag(action: dict, key: str, default: bool = False) -> bool:
    value = action.get(key, default)
    if not isinstance(value, bool):
        raise IllegalAction(f"{key} must be true or false.")
    return value


def text(action: dict, key: str) -> str:
    value = action.get(key)
    if not isinstance(value, str):
        raise IllegalAction(f"{key} must be a name such as 'pistol'.")
    return value


def own_fighter(state: dict, seat: str, raw: object) -> dict:
    """One of the seat's own fighters, still in play."""
    fighter = get_fighter(state, raw)
    if fighter is None:
        raise IllegalAction("There is no such fighter in this battle (give its id number).")
    if fighter["seat"] != seat:
        raise IllegalAction(f"{fighter['name']} is not one of your fighters.")
    if fighter["status"] == "out":
        raise IllegalAction(f"{fighter['name']} is out of action.")
    return fighter


def enemy_fighter(state: dict, seat: str, raw: object) -> dict:
    """An enemy fighter on the table (the target of an attack)."""
    fighter = get_fighter(state, raw)
    if fighter is None:
        raise IllegalAction("There is no such target in this battle (give its id number).")
    if fighter["seat"] == seat:
        raise IllegalAction(f"{fighter['name']} is one of your own fighters.")
    if fighter["status"] != "in_play":
        raise IllegalAction(f"{fighter['name']} is not on the table.")
    return fighter
