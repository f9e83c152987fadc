"""The damage step: damage vs toughness."""

import pytest

from rulesets.last_hope_frontier.damage import damage_from_difference, damage_step


@pytest.mark.parametrize(
    "difference,damage", [(0, 0), (1, 1), (5, 1), (6, 2), (10, 2), (11, 3), (30, 3)]
)
def test_every_bracket_edge(difference, damage):
    """'A difference of 1 to 5 ... 1 damage ... 6 to 10 ... 2 damage ... 11+ ... 3 damage.'
    '0 difference is shot vs defence = 0 damage'."""
    assert damage_from_difference(difference) == damage


def test_a_lost_test_has_no_damage_step():
    with pytest.raises(ValueError):
        damage_from_difference(-1)


def step(
    difference,
    *,
    weapon_bonus=0,
    attack_card="2H",
    toughness=1,
    defence_card="2C",
    attacker="sheriffs",
    defender="outlawmen",
    **kw,
):
    return damage_step(
        difference=difference,
        weapon_bonus=weapon_bonus,
        attack_card=attack_card,
        attacker_faction=attacker,
        toughness=toughness,
        defence_card=defence_card,
        defender_faction=defender,
        **kw,
    )


@pytest.mark.parametrize("slug_bonus", [0, 1, 2, 3])
def test_the_weapon_bonus_adds_to_damage(slug_bonus):
    """'Derringers give no bonuses ... Pistols/revolvers give + 1 ... Shotguns give + 2 ...
    Carbines/Rifles give +3 to damage.'"""
    assert step(6, weapon_bonus=slug_bonus, toughness=0).wounds == 2 + slug_bonus


@pytest.mark.parametrize("card,bonus", [("QS", 1), ("KS", 1), ("AS", 2), ("JS", 0), ("QH", 0)])
def test_the_attacker_favoured_queen_king_ace_add_damage(card, bonus):
    result = step(1, attack_card=card, toughness=0)
    assert result.card_bonus == bonus
    assert result.wounds == 1 + bonus


@pytest.mark.parametrize("card,bonus", [("QD", 1), ("KD", 1), ("AD", 2), ("JD", 0), ("QH", 0)])
def test_the_defender_favoured_queen_king_ace_add_toughness(card, bonus):
    """'Non-active player calculates toughness from ... Toughness bonuses from favoured suit
    card (if used)'."""
    result = step(11, weapon_bonus=3, defence_card=card, toughness=1)
    assert result.toughness_total == 1 + bonus
    assert result.wounds == 6 - 1 - bonus


def test_the_remainder_is_the_wounds_and_never_below_zero():
    """'Subtract the non-active player's toughness total score from the Active player's
    damage score. The remainder is total amount of wounds taken'."""
    assert step(6, weapon_bonus=1, toughness=1).wounds == 2
    assert step(1, toughness=4).wounds == 0


def test_no_face_card_bonuses_when_they_are_not_allowed():
    result = step(1, attack_card="AS", defence_card="AD", face_bonuses=False, toughness=0)
    assert result.card_bonus == 0 and result.toughness_card_bonus == 0
    assert result.wounds == 1
