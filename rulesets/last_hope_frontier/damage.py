"""The damage step: damage vs toughness, after a successful shot (or blow, or blast).

"A difference of 1 to 5 in scores equals 1 damage ... 6 to 10 ... 2 damage ... 11+ ...
3 damage." Then the attacker adds the weapon bonus and a favoured Q/K (+1) or A (+2); the
defender's toughness plus their own favoured Q/K (+1) or A (+2) is subtracted; "The remainder
is total amount of wounds taken". A remainder below zero is no wounds ("winging" the model).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesets.core.cards import Card
from rulesets.last_hope_frontier.deck import as_card
from rulesets.last_hope_frontier.factions import favoured_damage_bonus

# (lowest difference, highest difference or None for "and up", damage)
DAMAGE_BRACKETS = ((1, 5, 1), (6, 10, 2), (11, None, 3))


def damage_from_difference(difference: int) -> int:
    """1-5 → 1, 6-10 → 2, 11+ → 3; "0 difference ... = 0 damage"."""
    if difference < 0:
        raise ValueError("A lost test has no damage step.")
    for low, high, damage in DAMAGE_BRACKETS:
        if difference >= low and (high is None or difference <= high):
            return damage
    return 0


@dataclass(frozen=True)
class DamageResult:
    bracket: int  # damage from the difference alone
    weapon_bonus: int
    strength_bonus: int  # combat only (see combat.py)
    card_bonus: int  # attacker's favoured Q/K/A
    damage: int
    toughness: int
    toughness_card_bonus: int  # defender's favoured Q/K/A
    toughness_total: int
    wounds: int
    steps: tuple[str, ...]

    def as_dict(self) -> dict:
        return {
            "bracket": self.bracket,
            "weapon_bonus": self.weapon_bonus,
            "strength_bonus": self.strength_bonus,
            "card_bonus": self.card_bonus,
            "total": self.damage,
            "toughness": self.toughness,
            "toughness_card_bonus": self.toughness_card_bonus,
            "toughness_total": self.toughness_total,
            "wounds": self.wounds,
        }


def damage_step(
    *,
    difference: int,
    weapon_bonus: int,
    attack_card: Card | str,
    attacker_faction: str,
    toughness: int,
    defence_card: Card | str,
    defender_faction: str,
    face_bonuses: bool = True,
    strength_bonus: int = 0,
    weapon_label: str = "Weapon",
) -> DamageResult:
    """Damage = bracket + weapon + (strength) + favoured Q/K/A; wounds = damage - toughness ≥ 0.

    ``face_bonuses=False`` is dynamite's "no modifiers from face cards allowed".
    """
    attack, defence = as_card(attack_card), as_card(defence_card)
    bracket = damage_from_difference(difference)
    steps = [f"Difference {difference}: {bracket} damage."]
    damage = bracket
    if weapon_bonus:
        damage += weapon_bonus
        steps.append(f"{weapon_label}: {weapon_bonus:+d} damage = {damage}.")
    if strength_bonus:
        damage += strength_bonus
        steps.append(f"Strength: {strength_bonus:+d} damage = {damage}.")
    card_bonus = favoured_damage_bonus(attack, attacker_faction) if face_bonuses else 0
    if card_bonus:
        damage += card_bonus
        steps.append(f"Favoured {attack.name}: {card_bonus:+d} damage = {damage}.")
    toughness_card_bonus = favoured_damage_bonus(defence, defender_faction) if face_bonuses else 0
    toughness_total = toughness + toughness_card_bonus
    steps.append(f"Toughness {toughness}.")
    if toughness_card_bonus:
        steps.append(
            f"Favoured {defence.name}: {toughness_card_bonus:+d} toughness = {toughness_total}."
        )
    wounds = max(0, damage - toughness_total)
    if wounds:
        noun = "wound" if wounds == 1 else "wounds"
        steps.append(f"{damage} damage - {toughness_total} toughness = {wounds} {noun}.")
    else:
        steps.append(
            f"{damage} damage against {toughness_total} toughness: no wounds, the model is winged."
        )
    return DamageResult(
        bracket=bracket,
        weapon_bonus=weapon_bonus,
        strength_bonus=strength_bonus,
        card_bonus=card_bonus,
        damage=damage,
        toughness=toughness,
        toughness_card_bonus=toughness_card_bonus,
        toughness_total=toughness_total,
        wounds=wounds,
        steps=tuple(steps),
    )
