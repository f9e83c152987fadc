"""The rules calculator behind ``POST /api/v1/rulesets/last-hope-frontier/shot/`` (and friends).

Plain dict in, plain dict out; every bad input raises ``InvalidInput(field, message)`` with the
dotted path of the offending field (``"attacker.weapon"``), which the API turns into
``{"errors": {field: [message]}}``. A ``"role"`` (leader/deputy/ganger) may stand in for the
stat numbers; a number given next to a role wins (an upgraded fighter). Unknown keys are
refused, so a typo (``"shot"`` for ``"shoot"``) is an error rather than a silent default.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from rulesets.core.cards import Card, parse_card
from rulesets.core.errors import InvalidInput
from rulesets.core.house_rules import read_house_rules
from rulesets.last_hope_frontier.catalogue import ROLES, Clothing, Weapon, catalogue
from rulesets.last_hope_frontier.combat import melee_bonus, resolve_combat
from rulesets.last_hope_frontier.factions import FACTIONS
from rulesets.last_hope_frontier.house_rules import HOUSE_RULES
from rulesets.last_hope_frontier.items import can_ride
from rulesets.last_hope_frontier.live_attacks import may_fight
from rulesets.last_hope_frontier.post_game import flip_band, flip_options
from rulesets.last_hope_frontier.shot import AttackResolution, resolve_shot
from rulesets.last_hope_frontier.stats import stat_line
from rulesets.last_hope_frontier.weapons import firing_band, knife_throw_band, weapon

MAX_STAT = 99  # a sanity bound for what-if numbers; campaign caps live in post_game

_SHOT_KEYS = {"attacker", "defender", "attack_card", "defence_card", "distance"}
_SHOOTER_KEYS = {"role", "shoot", "faction", "weapon", "mounted"}
_FIGHTER_KEYS = {"role", "combat", "strength", "faction", "weapon"}
_DEFENDER_KEYS = {"role", "defence", "toughness", "faction", "clothing"}


def shot_calculation(payload: Any) -> dict:
    """Resolve one shot: the shot vs defence test and, on a hit, the damage step."""
    data = _object(payload, "payload", _SHOT_KEYS)
    shooter = _object(_required(data, "attacker", ""), "attacker", _SHOOTER_KEYS)
    faction = _faction(shooter, "attacker")
    role = _role(shooter, "attacker")
    shoot = _stat(shooter, "shoot", role, "attacker")
    gun = _shooting_weapon(shooter)
    mounted = _flag(shooter, "mounted", "attacker")
    if mounted and role is not None and not can_ride(role):
        raise InvalidInput(
            "attacker.mounted", f"Only a leader or deputy may ride a horse, not a {role}."
        )
    target = _defender(data)
    attack_card, defence_card = _cards(data)
    thrown = gun.is_melee  # the hunting knife, thrown
    _check_distance(data, gun, thrown)
    result = resolve_shot(
        shoot=shoot,
        attack_card=attack_card,
        attacker_faction=faction,
        weapon_bonus=gun.damage_bonus,
        defence=target["defence"],
        toughness=target["toughness"],
        defence_card=defence_card,
        defender_faction=target["faction"],
        clothing_bonus=target["clothing_bonus"],
        mounted=mounted,
        weapon_label=gun.name,
    )
    notes = [f"The thrown {gun.name.lower()} is lost."] if thrown else []
    return _response(result, [*notes, *_book_disagrees(result)])


# The rulebook's worked example 3 (A of hearts against J of clubs, 19 against 13) prints 4
# wounds where its own damage rule gives 5 (docs/rules/last-hope-frontier.md, "Where a worked
# example disagrees with the rule text"): a player checking the book sees why.
EXAMPLE_3_NOTE = (
    "The rulebook's worked example 3 prints 4 wounds for this shot: it counts 1 damage for the "
    'difference of 6, but its damage rule says "A difference of 6 to 10 in scores equals 2 '
    'damage", so the rule text gives 2 + 2 (shotgun) + 2 (favoured Ace) - 1 (toughness) = 5.'
)


def _book_disagrees(result: AttackResolution) -> list[str]:
    test = result.test
    example_3 = (
        test.attack.card == "AH"
        and test.defence.card == "JC"
        and (test.attack_total, test.defence_total) == (19, 13)
        and result.wounds == 5
    )
    return [EXAMPLE_3_NOTE] if example_3 else []


def combat_calculation(payload: Any) -> dict:
    """Resolve one blow in base contact (our combat procedure, see combat.py). A fighter with
    no melee weapon (``"weapon": null``) fights only under house rule ``fists``, chosen as a
    match's are (``"house_rules": {"fists": true}``): the live table's rule, ``may_fight``."""
    data = _object(payload, "payload", _SHOT_KEYS | {"house_rules"})
    house_rules = read_house_rules(HOUSE_RULES, data.get("house_rules"), field="house_rules")
    fighter = _object(_required(data, "attacker", ""), "attacker", _FIGHTER_KEYS)
    faction = _faction(fighter, "attacker")
    role = _role(fighter, "attacker")
    combat = _stat(fighter, "combat", role, "attacker")
    strength = _stat(fighter, "strength", role, "attacker")
    blade = _melee_weapon(fighter)
    if not may_fight({"house_rules": house_rules}, {"equipment": [blade.slug] if blade else []}):
        raise InvalidInput(
            "attacker.weapon",
            "By the text only a melee weapon (or a derringer, as a shot) attacks in base "
            'contact; fists at -1 are house rule fists ("house_rules": {"fists": true}).',
        )
    target = _defender(data)
    attack_card, defence_card = _cards(data)
    if "distance" in data:
        distance = _distance(data)
        if distance > 0:
            raise InvalidInput("distance", "Combat needs base contact (a distance of 0).")
    result = resolve_combat(
        combat=combat,
        strength=strength,
        weapon_bonus=melee_bonus(blade.slug if blade else None),
        attack_card=attack_card,
        attacker_faction=faction,
        defence=target["defence"],
        toughness=target["toughness"],
        defence_card=defence_card,
        defender_faction=target["faction"],
        clothing_bonus=target["clothing_bonus"],
        weapon_label=blade.name if blade else "Fists",
    )
    return _response(result, [])


def flip_calculation(payload: Any) -> dict:
    """What a post-game flip offers: ``{"card": "7H"}`` → strength or toughness."""
    data = _object(payload, "payload", {"card"})
    card = parse_card(_required(data, "card", ""), field="card")
    options = flip_options(card.code)
    return {
        "card": card.code,
        "band": flip_band(card.code),
        "options": list(options),
        "steps": [f"{card.name} ({flip_band(card.code)}): +1 {options[0]} or +1 {options[1]}."],
    }


# --- response -------------------------------------------------------------------------------


def _response(result: AttackResolution, notes: list[str]) -> dict:
    test = result.test
    return {
        "attack_total": test.attack_total,
        "defence_total": test.defence_total,
        "hit": test.hit,
        "difference": test.difference,
        "tie_break": test.tie_break,
        "wounds": result.wounds,
        "attack": test.attack.as_dict(),
        "defence": test.defence.as_dict(),
        "damage": result.damage.as_dict() if result.damage else None,
        "steps": [*result.steps, *notes],
    }


# --- input checks ---------------------------------------------------------------------------


def _path(prefix: str, key: str) -> str:
    return f"{prefix}.{key}" if prefix else key


def _object(value: Any, field: str, allowed: set[str]) -> Mapping:
    if not isinstance(value, Mapping):
        raise InvalidInput(field, "This must be a JSON object.")
    for key in value:
        if key not in allowed:
            prefix = "" if field == "payload" else field
            raise InvalidInput(_path(prefix, str(key)), "Unknown field.")
    return value


def _required(data: Mapping, key: str, prefix: str) -> Any:
    if key not in data:
        raise InvalidInput(_path(prefix, key), "This field is required.")
    return data[key]


def _faction(data: Mapping, prefix: str) -> str:
    value = _required(data, "faction", prefix)
    if value not in FACTIONS:
        raise InvalidInput(
            _path(prefix, "faction"),
            f"Unknown faction {value!r}; choose one of {', '.join(FACTIONS)}.",
        )
    return value


def _role(data: Mapping, prefix: str) -> str | None:
    if "role" not in data or data["role"] is None:
        return None
    value = data["role"]
    if value not in ROLES:
        raise InvalidInput(
            _path(prefix, "role"), f"Unknown role {value!r}; choose one of {', '.join(ROLES)}."
        )
    return value


def _stat(data: Mapping, stat: str, role: str | None, prefix: str) -> int:
    field = _path(prefix, stat)
    if stat not in data:
        if role is None:
            raise InvalidInput(field, f"Give a {stat} value or a role.")
        return getattr(stat_line(role), stat)
    value = data[stat]
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(field, "This must be a whole number.")
    if not 0 <= value <= MAX_STAT:
        raise InvalidInput(field, f"This must be between 0 and {MAX_STAT}.")
    return value


def _flag(data: Mapping, key: str, prefix: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise InvalidInput(_path(prefix, key), "This must be true or false.")
    return value


def _shooting_weapon(data: Mapping) -> Weapon:
    found = weapon(_required(data, "weapon", "attacker"), field="attacker.weapon")
    if found.is_melee and not found.can_be_thrown:
        raise InvalidInput(
            "attacker.weapon", f"The {found.name.lower()} is a melee weapon; it cannot shoot."
        )
    return found


def _melee_weapon(data: Mapping) -> Weapon | None:
    value = _required(data, "weapon", "attacker")
    if value is None:
        return None  # fists
    found = weapon(value, field="attacker.weapon")
    if not found.is_melee:
        raise InvalidInput(
            "attacker.weapon",
            f"The {found.name.lower()} is not a melee weapon (a derringer in base contact "
            "fires a shot: use the shot calculator).",
        )
    return found


def _defender(data: Mapping) -> dict:
    target = _object(_required(data, "defender", ""), "defender", _DEFENDER_KEYS)
    faction = _faction(target, "defender")
    role = _role(target, "defender")
    defence = _stat(target, "defence", role, "defender")
    toughness = _stat(target, "toughness", role, "defender")
    clothing = target.get("clothing")
    clothing_bonus = 0
    if clothing is not None:
        entry = catalogue().entries.get(clothing) if isinstance(clothing, str) else None
        if not isinstance(entry, Clothing):
            names = ", ".join(c.slug for c in catalogue().clothing())
            raise InvalidInput(
                "defender.clothing",
                f"Unknown clothing {clothing!r}; choose one of {names} or null.",
            )
        clothing_bonus = entry.defence_bonus
    return {
        "faction": faction,
        "defence": defence,
        "toughness": toughness,
        "clothing_bonus": clothing_bonus,
    }


def _cards(data: Mapping) -> tuple[Card, Card]:
    attack = parse_card(_required(data, "attack_card", ""), field="attack_card")
    defence = parse_card(_required(data, "defence_card", ""), field="defence_card")
    return attack, defence


def _distance(data: Mapping) -> float:
    value = data["distance"]
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise InvalidInput("distance", "The distance is a number of inches.")
    if value < 0:
        raise InvalidInput("distance", "The distance cannot be negative.")
    return float(value)


def _check_distance(data: Mapping, gun: Weapon, thrown: bool) -> None:
    """The same bands as live play (weapons.range_table); the refusal says what is accepted."""
    if "distance" not in data:
        return
    distance = _distance(data)
    band = knife_throw_band(gun) if thrown else firing_band(gun)
    if not band.contains(distance):
        how = "is thrown" if thrown else "shoots"
        raise InvalidInput(
            "distance",
            f"The {gun.name.lower()} {how} {band.text()} (edge to edge, range "
            f"{band.card_lengths()} card lengths); {distance:g} inches is out of range.",
        )
