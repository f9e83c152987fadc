"""What a player must fill in before sending a legal action: the ``fill`` of each template.

``legal_actions`` (live_legal.py) lists templates with placeholders; a client reading an entry
cannot tell a position ``{"x": 3.5, "y": 2}`` it sends as it is from bounds it must replace,
or a list it must pick from. ``fill_hints`` names every placeholder by its dotted path
(``to.x``) with what it takes:

- ``{"type": "number", "min": a, "max": b}`` for ``{"min": a, "max": b}``;
- ``{"type": "choice", "choices": [...]}`` for a list (send one of its items, not the list);
- ``{"type": "card", "choices": [your hand]}`` for ``{"from_hand": true}``;

plus ``"optional": true`` for a key that may be left out (the move's ``over_obstacle``,
``climb`` and ``jump_down``), and ``"excludes": [keys]`` where filling one key forbids another
(a move climbs up or jumps down, not both). A concrete entry has no hints: it is sent as it is.
The API adds them to each entry as ``fill`` (matches/api/live.py); the engine reads ``fill``
back as a key that only informs (live_input.INFO_KEYS).
"""

from __future__ import annotations

from rulesets.last_hope_frontier.live_input import INFO_KEYS

OPTIONAL = frozenset({"over_obstacle", "climb", "jump_down"})
EXCLUSIVE = (("climb", "jump_down"),)
FROM_HAND = {"from_hand": True}


def fill_hints(state: dict, seat: str, action: dict) -> dict:
    """Each placeholder of ``action`` by dotted path; empty for a concrete action."""
    hand = list(state["cards"][seat]["hand"]) if seat in state.get("cards", {}) else []
    fill: dict[str, dict] = {}
    for key, value in action.items():
        if key == "type" or key in INFO_KEYS:
            continue
        found = _placeholders(key, value, hand)
        if key in OPTIONAL:
            found = {path: {**hint, "optional": True} for path, hint in found.items()}
        fill.update(found)
    for group in EXCLUSIVE:
        offered = [key for key in group if key in fill]
        for key in offered if len(offered) > 1 else []:
            fill[key]["excludes"] = [other for other in offered if other != key]
    return fill


def _placeholders(path: str, value: object, hand: list[str]) -> dict[str, dict]:
    if isinstance(value, list):
        return {path: {"type": "choice", "choices": list(value)}}
    if not isinstance(value, dict):
        return {}
    if value == FROM_HAND:
        return {path: {"type": "card", "choices": hand}}
    if set(value) == {"min", "max"}:
        return {path: {"type": "number", "min": value["min"], "max": value["max"]}}
    found: dict[str, dict] = {}
    for key, inner in value.items():
        found.update(_placeholders(f"{path}.{key}", inner, hand))
    return found
