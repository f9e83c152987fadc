"""Dynamite: "strength vs defence action to use, no modifiers from face cards allowed,
successful attack is +2 damage to all models (friend and foe) within a 1 card length circle
from chosen target."

Our procedure (the seed gives the gist; docs/rules/last-hope-frontier.md, "Dynamite"):

1. The thrower nominates an enemy model up to 2 card lengths away, out of base contact (edge
   to edge: 0 < d ≤ 7"), the dynamite item's range band in the catalogue
   (weapons.dynamite_band). The stick is spent, hit or miss.
2. Test: thrower's strength + card against the target's defence + card + padded clothing.
   Cards count face value only: no favoured J/K/A bonus. A tie is still broken by a favoured
   non-face card (that is not a face-card modifier). A horse gives no -1: this is a throw,
   not a shot.
3. On a hit, the blast damage is the difference bracket (1/2/3) + 2, dealt to the target and
   to every other model, friend or foe, whose base is at least partly within one card length
   of the target's centre. The thrower is not spared if it stands that close.
4. Each model in the blast subtracts its own toughness (no favoured Q/K/A either); the
   remainder is its wounds (never below zero).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rulesets.core.cards import Card
from rulesets.last_hope_frontier.catalogue import catalogue
from rulesets.last_hope_frontier.damage import damage_from_difference
from rulesets.last_hope_frontier.movement import EPSILON, Position, card_lengths, distance
from rulesets.last_hope_frontier.shot import OpposedResult, opposed_test
from rulesets.last_hope_frontier.weapons import dynamite_band


def _dynamite():
    return catalogue().entry("dynamite")


def in_range(distance_inches: float) -> bool:
    """The target is within the dynamite's throwing band (up to 2 card lengths, edge to edge,
    out of base contact)."""
    return dynamite_band().contains(distance_inches)


def dynamite_test(
    *,
    strength: int,
    attack_card: Card | str,
    thrower_faction: str,
    defence: int,
    defence_card: Card | str,
    defender_faction: str,
    clothing_bonus: int = 0,
) -> OpposedResult:
    """Strength + card against defence + card + clothing, no face-card modifiers."""
    return opposed_test(
        attack_skill=strength,
        attack_card=attack_card,
        attacker_faction=thrower_faction,
        defence=defence,
        defence_card=defence_card,
        defender_faction=defender_faction,
        clothing_bonus=clothing_bonus,
        face_bonuses=False,
        skill_label="Strength",
    )


def blast_damage(difference: int) -> int:
    """The difference bracket + 2 ("+2 damage to all models")."""
    return damage_from_difference(difference) + _dynamite().blast_damage_bonus


def in_blast(target_centre: Position, position: Position, base_radius: float) -> bool:
    """The model's base is at least partly within one card length of the target's centre."""
    radius = card_lengths(_dynamite().blast_radius_card_lengths)
    return distance(target_centre, position) - base_radius <= radius + EPSILON


@dataclass(frozen=True)
class DynamiteResult:
    test: OpposedResult
    damage: int  # blast damage before toughness (0 on a miss)
    wounds: dict[str, int]  # model id -> wounds, for every model caught in the blast


def resolve_dynamite(
    *,
    test: OpposedResult,
    target_centre: Position,
    models: Mapping[str, Mapping],
) -> DynamiteResult:
    """Apply a dynamite test's blast to every model on the table.

    ``models`` maps a model id to ``{"position": [x, y], "base_radius": r, "toughness": t}``
    (the target included). Models outside the blast are absent from ``wounds``.
    """
    if not test.hit:
        return DynamiteResult(test, 0, {})
    damage = blast_damage(test.difference)
    wounds = {
        model_id: max(0, damage - model["toughness"])
        for model_id, model in models.items()
        if in_blast(target_centre, model["position"], model["base_radius"])
    }
    return DynamiteResult(test, damage, wounds)
