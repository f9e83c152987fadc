"""Combat in base contact (our procedure; the seed names the skills but prints none)."""

import pytest

from rulesets.last_hope_frontier.combat import (
    FISTS_BONUS,
    melee_bonus,
    melee_weapon,
    resolve_combat,
    strength_bonus,
)


def blow(
    attack_card,
    defence_card,
    *,
    combat=2,
    strength=2,
    weapon=None,
    defence=1,
    toughness=1,
    clothing_bonus=0,
    attacker="bootleggers",
    defender="townsfolk",
):
    return resolve_combat(
        combat=combat,
        strength=strength,
        weapon_bonus=melee_bonus(weapon),
        attack_card=attack_card,
        attacker_faction=attacker,
        defence=defence,
        toughness=toughness,
        defence_card=defence_card,
        defender_faction=defender,
        clothing_bonus=clothing_bonus,
    )


def test_combat_is_combat_skill_plus_card_against_defence_plus_card():
    result = blow("9S", "4D", combat=3, defence=2)
    assert (result.test.attack_total, result.test.defence_total) == (12, 6)
    assert result.test.steps[0].startswith("Combat 3 + 9 of Spades")


def test_a_blow_adds_the_melee_weapon_bonus_and_strength_minus_one():
    """Decision: damage = bracket + melee weapon bonus + (strength - 1) + favoured Q/K/A."""
    result = blow("9S", "4D", combat=3, defence=2, weapon="machete", strength=2, toughness=1)
    # difference 6 → 2, machete +3, strength 2 → +1 = 6, toughness 1 → 5 wounds
    assert result.damage.bracket == 2
    assert result.damage.weapon_bonus == 3
    assert result.damage.strength_bonus == 1
    assert result.wounds == 5


@pytest.mark.parametrize("strength,bonus", [(0, 0), (1, 0), (2, 1), (3, 2), (5, 4)])
def test_strength_bonus(strength, bonus):
    assert strength_bonus(strength) == bonus


@pytest.mark.parametrize(
    "slug,bonus",
    [(None, FISTS_BONUS), ("switchblade", 0), ("hunting-knife", 1), ("hatchet", 2), ("machete", 3)],
)
def test_melee_weapon_bonuses_and_fists(slug, bonus):
    """'Switchblade ... adds 0 damage', 'Hunting knife ... adds 1', 'Hatchet ... adds 2',
    'Machete ... adds 3'; decision: fists -1."""
    assert melee_bonus(slug) == bonus


def test_a_firearm_is_not_a_melee_weapon():
    with pytest.raises(ValueError):
        melee_bonus("pistol")


def test_a_fighter_fights_with_the_melee_weapon_it_carries():
    assert melee_weapon(["pistol", "hatchet", "light-leather"]).slug == "hatchet"
    assert melee_weapon(["pistol", "whiskey"]) is None


def test_clothing_counts_against_a_blow():
    """'Padded clothing profiles add +1/+2/+3 defence against the shot/combat of attacking
    model.'"""
    assert blow("9H", "9H", clothing_bonus=1).test.hit is False
    assert blow("9H", "8H").test.hit is True


def test_a_favoured_non_face_card_breaks_a_tie_as_in_a_shot():
    tie = blow("5C", "6S")  # 2+5 = 7 vs 1+6 = 7; clubs are the bootleggers'
    assert tie.test.tie_break == "attacker" and tie.test.hit and tie.test.difference == 1


def test_fists_can_still_wound_a_weak_target():
    result = blow("AS", "2S", combat=3, strength=2, toughness=1)
    # difference 14 → 3 damage, fists -1, strength +1 = 3, toughness 1 → 2 wounds
    assert result.damage.weapon_bonus == -1
    assert result.wounds == 2


def test_a_lost_blow_has_no_damage_step():
    result = blow("2S", "AS")
    assert result.damage is None and result.wounds == 0
