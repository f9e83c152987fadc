"""The shot action: shot value + card against defence + card + padded clothing."""

import pytest

from rulesets.last_hope_frontier.shot import (
    horse_shoot_modifier,
    opposed_test,
    resolve_shot,
    shot_test,
)


def shot(
    attack_card,
    defence_card,
    *,
    shoot=2,
    defence=2,
    attacker="sheriffs",
    defender="outlawmen",
    clothing_bonus=0,
    mounted=False,
):
    return shot_test(
        shoot=shoot,
        attack_card=attack_card,
        attacker_faction=attacker,
        defence=defence,
        defence_card=defence_card,
        defender_faction=defender,
        clothing_bonus=clothing_bonus,
        mounted=mounted,
    )


def test_each_side_adds_its_card_to_its_value():
    """'Active player and Non-active player add value of cards to their respective shot and
    defence values.'"""
    result = shot("9H", "4C", shoot=3, defence=1)
    assert (result.attack_total, result.defence_total) == (12, 5)


def test_defender_strictly_higher_means_no_hit_and_no_damage_step():
    """'If the Non-Active player's value of card + clothing + defence value is higher than
    the active players card value + shot value, the non-active player's defending model wins.
    Do not move onto the damage step.'"""
    result = shot("4H", "9C")  # shot 2 + 4 = 6 against defence 2 + 9 = 11
    assert (result.attack_total, result.defence_total, result.hit) == (6, 11, False)
    assert result.difference == -5 and result.tie_break is None
    assert result.steps[-1] == "11 is higher than 6: the defender wins, no damage step."
    by_one = shot("7H", "8C")  # 9 against 10: higher by one is enough
    assert (by_one.attack_total, by_one.defence_total, by_one.hit) == (9, 10, False)
    whole = resolve_shot(
        shoot=2,
        attack_card="4H",
        attacker_faction="sheriffs",
        weapon_bonus=3,
        defence=2,
        toughness=1,
        defence_card="9C",
        defender_faction="outlawmen",
    )
    assert whole.damage is None and whole.wounds == 0
    assert whole.steps == result.steps  # no damage step at all


def test_attacker_higher_moves_on_to_the_damage_step():
    """'If the Active player's value of card + shot is higher ... Move onto checking cards
    for damage step.'"""
    result = shot("9H", "8C")
    assert result.hit and result.difference == 1


def test_padded_clothing_adds_to_the_defence_total():
    """'Non-active player checks nominated model for any defence bonuses from padded
    clothing items.'"""
    assert shot("9H", "8C", clothing_bonus=1).hit is False  # 11 vs 11, no favoured card
    assert shot("9H", "8C", clothing_bonus=3).defence_total == 13


@pytest.mark.parametrize(
    "card,total", [("JS", 2 + 11 + 1), ("KS", 2 + 13 + 1), ("AS", 2 + 14 + 2), ("QS", 2 + 12)]
)
def test_favoured_face_cards_add_to_the_shot(card, total):
    assert shot(card, "2H").attack.total == total


@pytest.mark.parametrize(
    "card,total", [("JD", 2 + 11 + 1), ("KD", 2 + 13 + 1), ("AD", 2 + 14 + 2), ("QD", 2 + 12)]
)
def test_favoured_face_cards_add_to_the_defence(card, total):
    assert shot("2H", card).defence.total == total


def test_face_cards_of_other_suits_add_only_their_value():
    assert shot("AH", "2H").attack.total == 2 + 14


# --- ties -------------------------------------------------------------------------------


def test_tie_with_a_favoured_non_face_card_on_the_attacker_side_only_is_a_hit_by_one():
    """'If a favoured suit has been used by one player, add 1 to the respective shot or
    defence value. 1 to the shot value means the shot has been successful.'"""
    result = shot("6S", "6C")  # 8 vs 8; spades are the sheriffs'
    assert result.tie_break == "attacker"
    assert result.hit and result.difference == 1
    assert (result.attack_total, result.defence_total) == (9, 8)


def test_tie_with_a_favoured_non_face_card_on_the_defender_side_only_is_a_miss():
    """'1 to the defence value means defence is higher. Do not move onto the damage step.'"""
    result = shot("6H", "6D")  # diamonds are the outlawmen's
    assert result.tie_break == "defender"
    assert not result.hit
    assert (result.attack_total, result.defence_total) == (8, 9)


def test_tie_with_favoured_non_face_cards_on_both_sides_is_a_score_draw():
    """'If favoured suit is used by both players, score draw is resolved, no difference
    means no damage and do not move onto damage step.'"""
    result = shot("6S", "6D")
    assert result.tie_break is None
    assert not result.hit and result.difference == 0


def test_tie_with_no_favoured_card_is_a_draw_with_no_damage():
    """'0 difference is shot vs defence = 0 damage and do not move onto damage step.'"""
    result = shot("6H", "6C")
    assert result.tie_break is None and not result.hit and result.difference == 0


def test_favoured_face_cards_do_not_break_a_tie():
    """Only 'non-face card favoured suits' break ties: a favoured Jack already gave its +1."""
    tie = shot("JS", "QH", shoot=2, defence=2)  # 2+11+1 = 14 vs 2+12 = 14
    assert tie.attack.total == tie.defence.total == 14
    assert tie.tie_break is None and not tie.hit


def test_a_favoured_queen_neither_adds_to_the_shot_nor_breaks_a_tie():
    result = shot("QS", "QH")
    assert result.attack.total == result.defence.total == 14
    assert result.tie_break is None and not result.hit


def test_a_favoured_non_face_card_beats_a_favoured_face_card_in_a_tie():
    result = shot("10S", "JD", shoot=3, defence=1)  # 13 vs 1+11+1 = 13
    assert result.tie_break == "attacker" and result.hit


def test_a_joker_never_breaks_a_tie():
    result = shot("JOKER", "2H", shoot=4, defence=2)
    assert result.attack.total == result.defence.total == 4
    assert result.tie_break is None and not result.hit


# --- horse ------------------------------------------------------------------------------


def test_shooting_from_horseback_is_minus_one():
    """'Horse - ... shooting from horse is -1 in difficulty'."""
    assert horse_shoot_modifier() == -1
    assert shot("9H", "8C", mounted=True).attack_total == shot("9H", "8C").attack_total - 1
    assert not shot("9H", "8C", mounted=True).hit  # 10 vs 10: the horse cost the hit


def test_steps_explain_each_rule_applied():
    result = shot("6S", "6C")
    assert result.steps[0] == "Shot value 2 + 6 of Spades 6 = 8."
    assert "Only the attacker used a favoured non-face card" in result.steps[-1]


def test_dynamite_style_tests_ignore_face_card_bonuses():
    result = opposed_test(
        attack_skill=2,
        attack_card="AS",
        attacker_faction="sheriffs",
        defence=1,
        defence_card="KD",
        defender_faction="outlawmen",
        face_bonuses=False,
    )
    assert result.attack.favoured_bonus == 0 and result.defence.favoured_bonus == 0
    assert (result.attack_total, result.defence_total) == (16, 14)
