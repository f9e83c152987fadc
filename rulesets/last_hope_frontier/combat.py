"""Combat in base contact: combat skill + card against defence + card.

The seed names a combat skill and a strength, says melee weapons fight "base to base" and
that weapons "add +1/+2/+3 damage against shot/combat targets toughness" and clothing "+1/+2/
+3 defence against the shot/combat of attacking model", but prints no combat procedure.
Our design, in the spirit of the shot test (docs/rules/last-hope-frontier.md, "Combat"):

1. The attacker (the active player's model, in base contact) adds its combat skill to a card;
   the defender adds defence + padded clothing to a card. Favoured J/K +1 and A +2 as in a
   shot; ties are broken by a favoured non-face card exactly as in a shot (shot.opposed_test).
2. On a win, the damage step is the shot's (shot.resolve_attack, damage.damage_step) with
   the melee weapon's bonus and a strength bonus of strength - 1 (a strength-2 starting
   fighter hits one harder than a shot with the same weapon bonus: the reward for the risk
   of closing in).
3. A model with no melee weapon fights with its fists: -1 damage (so a switchblade's +0 is
   worth buying). A model with a derringer and no melee weapon may instead fire the derringer
   as a shot vs defence test (weapons.derringer_usable).
4. Only the attacker can wound; the defender strikes back in its own activation. A horse
   gives no modifier in combat (its -1 is for shooting).
"""

from __future__ import annotations

from rulesets.core.cards import Card
from rulesets.core.errors import InvalidInput
from rulesets.last_hope_frontier.catalogue import Weapon
from rulesets.last_hope_frontier.shot import (
    AttackResolution,
    OpposedResult,
    opposed_test,
    resolve_attack,
)
from rulesets.last_hope_frontier.weapons import weapon

FISTS_BONUS = -1


def strength_bonus(strength: int) -> int:
    """Decision: every point of strength above 1 adds one damage to a blow."""
    return max(0, strength - 1)


def melee_weapon(carried: list[str] | tuple[str, ...]) -> Weapon | None:
    """The melee weapon a model fights with (a fighter carries at most one), or None: fists."""
    for slug in carried:
        try:
            found = weapon(slug)
        except InvalidInput:  # clothing or an item: not what we are looking for
            continue
        if found.is_melee:
            return found
    return None


def melee_bonus(slug: str | None) -> int:
    """The damage bonus of a melee weapon, or the fists' -1 when ``slug`` is None."""
    if slug is None:
        return FISTS_BONUS
    found = weapon(slug)
    if not found.is_melee:
        raise ValueError(f"The {found.name.lower()} is not a melee weapon.")
    return found.damage_bonus


def combat_test(
    *,
    combat: int,
    attack_card: Card | str,
    attacker_faction: str,
    defence: int,
    defence_card: Card | str,
    defender_faction: str,
    clothing_bonus: int = 0,
) -> OpposedResult:
    """Combat skill + card (+ favoured J/K/A) against defence + card + padded clothing."""
    return opposed_test(
        attack_skill=combat,
        attack_card=attack_card,
        attacker_faction=attacker_faction,
        defence=defence,
        defence_card=defence_card,
        defender_faction=defender_faction,
        clothing_bonus=clothing_bonus,
        skill_label="Combat",
    )


def resolve_combat(
    *,
    combat: int,
    strength: int,
    weapon_bonus: int,
    attack_card: Card | str,
    attacker_faction: str,
    defence: int,
    toughness: int,
    defence_card: Card | str,
    defender_faction: str,
    clothing_bonus: int = 0,
    weapon_label: str = "Weapon",
) -> AttackResolution:
    """A blow: the combat test, then on a win the damage step with weapon and strength."""
    test = combat_test(
        combat=combat,
        attack_card=attack_card,
        attacker_faction=attacker_faction,
        defence=defence,
        defence_card=defence_card,
        defender_faction=defender_faction,
        clothing_bonus=clothing_bonus,
    )
    return resolve_attack(
        test,
        weapon_bonus=weapon_bonus,
        strength_bonus=strength_bonus(strength),
        attack_card=attack_card,
        attacker_faction=attacker_faction,
        toughness=toughness,
        defence_card=defence_card,
        defender_faction=defender_faction,
        weapon_label=weapon_label,
    )
