"""The shot action: shot value + card against defence + card (+ padded clothing).

Rule text, in order:
- each side adds the value of its card (J=11, Q=12, K=13, A=14; a Joker 0, see deck.py);
- "Jack cards of favoured suits add 1 ... King ... adds 1 ... Ace ... add 2";
- the defender adds "any defence bonuses from padded clothing items";
- defender higher: "the non-active player's defending model wins. Do not move onto the
  damage step";
- a draw: "check for use of non-face card favoured suits. If a favoured suit has been used by
  one player, add 1 to the respective shot or defence value"; used by both (or by neither):
  "no difference means no damage and do not move onto damage step";
- attacker higher: "Move onto checking cards for damage step" (damage.py).

The same opposed test serves combat (combat.py: combat skill instead of shot value) and
dynamite (dynamite.py: strength, no face-card modifiers), so it lives here once.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesets.core.cards import Card
from rulesets.last_hope_frontier.catalogue import catalogue
from rulesets.last_hope_frontier.damage import DamageResult, damage_step
from rulesets.last_hope_frontier.deck import as_card, card_value
from rulesets.last_hope_frontier.factions import breaks_ties, favoured_test_bonus


@dataclass(frozen=True)
class Side:
    """One side of a test before any tie-break: base + card + favoured bonus + modifier."""

    base: int  # shot value, combat skill or strength; or defence
    card: str
    card_value: int
    favoured_bonus: int  # favoured J/K +1, A +2
    modifier: int  # horse -1 on the attack side; padded clothing on the defence side
    breaks_ties: bool  # a favoured non-face card

    @property
    def total(self) -> int:
        return self.base + self.card_value + self.favoured_bonus + self.modifier

    def as_dict(self) -> dict:
        return {
            "base": self.base,
            "card": self.card,
            "card_value": self.card_value,
            "favoured_bonus": self.favoured_bonus,
            "modifier": self.modifier,
            "breaks_ties": self.breaks_ties,
            "total": self.total,
        }


@dataclass(frozen=True)
class OpposedResult:
    attack: Side
    defence: Side
    tie_break: str | None  # "attacker", "defender", or None (no tie, or a score draw)
    attack_total: int  # after the tie-break point, if the attacker took it
    defence_total: int  # after the tie-break point, if the defender took it
    hit: bool
    steps: tuple[str, ...]

    @property
    def difference(self) -> int:
        """Attack total minus defence total: ≥ 1 on a hit, ≤ 0 otherwise."""
        return self.attack_total - self.defence_total


def opposed_test(
    *,
    attack_skill: int,
    attack_card: Card | str,
    attacker_faction: str,
    defence: int,
    defence_card: Card | str,
    defender_faction: str,
    attack_modifier: int = 0,
    clothing_bonus: int = 0,
    face_bonuses: bool = True,
    skill_label: str = "Shot value",
    modifier_label: str = "Shooting from horseback",
) -> OpposedResult:
    """Skill + card (+ favoured J/K/A) against defence + card (+ favoured J/K/A) + clothing."""
    steps: list[str] = []
    attack = _side(
        base=attack_skill,
        card=attack_card,
        faction=attacker_faction,
        modifier=attack_modifier,
        face_bonuses=face_bonuses,
        label=skill_label,
        modifier_label=modifier_label,
        steps=steps,
    )
    defence_side = _side(
        base=defence,
        card=defence_card,
        faction=defender_faction,
        modifier=clothing_bonus,
        face_bonuses=face_bonuses,
        label="Defence",
        modifier_label="Padded clothing",
        steps=steps,
    )
    a, d = attack.total, defence_side.total
    if a > d:
        steps.append(f"{a} beats {d}: the attacker wins, difference {a - d}.")
        return OpposedResult(attack, defence_side, None, a, d, True, tuple(steps))
    if a < d:
        steps.append(f"{d} is higher than {a}: the defender wins, no damage step.")
        return OpposedResult(attack, defence_side, None, a, d, False, tuple(steps))
    return _break_tie(attack, defence_side, steps)


def _side(
    *,
    base: int,
    card: Card | str,
    faction: str,
    modifier: int,
    face_bonuses: bool,
    label: str,
    modifier_label: str,
    steps: list[str],
) -> Side:
    parsed = as_card(card)
    value = card_value(parsed)
    running = base + value
    steps.append(f"{label} {base} + {parsed.name} {value} = {running}.")
    bonus = favoured_test_bonus(parsed, faction)
    if bonus and not face_bonuses:
        steps.append(f"No face-card modifiers allowed: the favoured {parsed.name} adds nothing.")
        bonus = 0
    if bonus:
        running += bonus
        steps.append(f"Favoured {parsed.name} ({faction}): {bonus:+d} = {running}.")
    if modifier:
        running += modifier
        steps.append(f"{modifier_label}: {modifier:+d} = {running}.")
    return Side(base, parsed.code, value, bonus, modifier, breaks_ties(parsed, faction))


def _break_tie(attack: Side, defence: Side, steps: list[str]) -> OpposedResult:
    total = attack.total
    steps.append(f"{total} ties {total}: check for favoured non-face cards.")
    if attack.breaks_ties and not defence.breaks_ties:
        steps.append(
            f"Only the attacker used a favoured non-face card: +1, {total + 1} beats {total}."
        )
        return OpposedResult(attack, defence, "attacker", total + 1, total, True, tuple(steps))
    if defence.breaks_ties and not attack.breaks_ties:
        steps.append(
            f"Only the defender used a favoured non-face card: +1, {total + 1} beats {total}."
        )
        return OpposedResult(attack, defence, "defender", total, total + 1, False, tuple(steps))
    who = "Both sides" if attack.breaks_ties else "Neither side"
    steps.append(f"{who} used a favoured non-face card: a score draw, no damage step.")
    return OpposedResult(attack, defence, None, total, total, False, tuple(steps))


def horse_shoot_modifier() -> int:
    """Horse: "shooting from horse is -1 in difficulty" - -1 to the shooter's total."""
    return catalogue().entry("horse").shoot_modifier


def shot_test(
    *,
    shoot: int,
    attack_card: Card | str,
    attacker_faction: str,
    defence: int,
    defence_card: Card | str,
    defender_faction: str,
    clothing_bonus: int = 0,
    mounted: bool = False,
) -> OpposedResult:
    """The shot vs defence test of "The shot action"."""
    return opposed_test(
        attack_skill=shoot,
        attack_card=attack_card,
        attacker_faction=attacker_faction,
        defence=defence,
        defence_card=defence_card,
        defender_faction=defender_faction,
        attack_modifier=horse_shoot_modifier() if mounted else 0,
        clothing_bonus=clothing_bonus,
    )


@dataclass(frozen=True)
class AttackResolution:
    test: OpposedResult
    damage: DamageResult | None  # None when the shot missed: no damage step

    @property
    def wounds(self) -> int:
        return self.damage.wounds if self.damage else 0

    @property
    def steps(self) -> tuple[str, ...]:
        return self.test.steps + (self.damage.steps if self.damage else ())


def resolve_attack(
    test: OpposedResult,
    *,
    weapon_bonus: int,
    attack_card: Card | str,
    attacker_faction: str,
    toughness: int,
    defence_card: Card | str,
    defender_faction: str,
    weapon_label: str = "Weapon",
    strength_bonus: int = 0,
) -> AttackResolution:
    """What every attack does after its opposed test: the defender higher or a draw, "Do not
    move onto the damage step"; the attacker higher, "Move onto checking cards for damage
    step" (damage.py). A shot and a blow (combat.py) differ only in the test and the bonuses."""
    if not test.hit:
        return AttackResolution(test, None)
    damage = damage_step(
        difference=test.difference,
        weapon_bonus=weapon_bonus,
        strength_bonus=strength_bonus,
        attack_card=attack_card,
        attacker_faction=attacker_faction,
        toughness=toughness,
        defence_card=defence_card,
        defender_faction=defender_faction,
        weapon_label=weapon_label,
    )
    return AttackResolution(test, damage)


def resolve_shot(
    *,
    shoot: int,
    attack_card: Card | str,
    attacker_faction: str,
    weapon_bonus: int,
    defence: int,
    toughness: int,
    defence_card: Card | str,
    defender_faction: str,
    clothing_bonus: int = 0,
    mounted: bool = False,
    weapon_label: str = "Weapon",
) -> AttackResolution:
    """The whole shot: the shot vs defence test, then (on a hit) the damage step."""
    test = shot_test(
        shoot=shoot,
        attack_card=attack_card,
        attacker_faction=attacker_faction,
        defence=defence,
        defence_card=defence_card,
        defender_faction=defender_faction,
        clothing_bonus=clothing_bonus,
        mounted=mounted,
    )
    return resolve_attack(
        test,
        weapon_bonus=weapon_bonus,
        attack_card=attack_card,
        attacker_faction=attacker_faction,
        toughness=toughness,
        defence_card=defence_card,
        defender_faction=defender_faction,
        weapon_label=weapon_label,
    )
