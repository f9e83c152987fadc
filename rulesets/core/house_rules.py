"""House rules: the departures from a rulebook's text that a group may choose.

The rulebook's text is every game's default; each departure an engine knows is declared on its
ruleset as a ``HouseRule`` (``Ruleset.house_rules``), off by default. A group chooses them in
the options of a match (``options["house_rules"] = {"stat_caps": true}``), a campaign or a
league; ``read_house_rules`` checks the choice (an unknown key or a value that is not true or
false is ``InvalidInput`` naming it) and the engine records the rules that are on in its state
(``state["house_rules"]``, a sorted list of keys), where ``house_rule_on`` reads them. A list of
the keys that are on, rather than every key, keeps a stored state the same when a later
release declares one more house rule (off), so old matches still replay byte for byte.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rulesets.core.errors import InvalidInput

FIELD = "options.house_rules"


@dataclass(frozen=True)
class HouseRule:
    key: str
    name: str  # short, lower case: "House rules: stat caps, fists at -1"
    description: str  # one sentence a player reads
    default: bool = False  # the rulebook's text
    type: type = bool


def read_house_rules(
    declared: Iterable[HouseRule], chosen: object, *, field: str = FIELD
) -> list[str]:
    """The keys of the house rules that are on, sorted; ``chosen`` maps keys to true or false
    (``None`` chooses none). Raises ``InvalidInput`` naming the key at fault."""
    rules = {rule.key: rule for rule in declared}
    if chosen is None:
        chosen = {}
    if not isinstance(chosen, Mapping):
        raise InvalidInput(field, "House rules are an object: each key true or false.")
    for key, value in chosen.items():
        if key not in rules:
            known = ", ".join(rules) or "none"
            raise InvalidInput(f"{field}.{key}", f"Unknown house rule; known: {known}.")
        if not isinstance(value, rules[key].type):
            raise InvalidInput(f"{field}.{key}", "Use true or false.")
    return sorted(key for key, rule in rules.items() if chosen.get(key, rule.default))


def split_options(options: object) -> tuple[object, object]:
    """``options`` without ``house_rules``, and the house rules chosen in it (``None``)."""
    if not isinstance(options, Mapping) or "house_rules" not in options:
        return options, None
    rest = {key: value for key, value in options.items() if key != "house_rules"}
    return rest, options["house_rules"]


def house_rule_on(state: Mapping, key: str) -> bool:
    return key in state.get("house_rules", ())


def describe(declared: Iterable[HouseRule], on: Iterable[str]) -> list[dict]:
    """The rules that are on, as ``{"key", "name", "description"}``, in declaration order."""
    keys = set(on)
    return [
        {"key": rule.key, "name": rule.name, "description": rule.description}
        for rule in declared
        if rule.key in keys
    ]


def summary(declared: Iterable[HouseRule], on: Iterable[str]) -> str:
    """ "House rules: stat caps, fists at -1", or "" when the game follows the text."""
    names = [rule["name"] for rule in describe(declared, on)]
    return f"House rules: {', '.join(names)}" if names else ""
