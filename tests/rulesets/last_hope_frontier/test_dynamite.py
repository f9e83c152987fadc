"""Dynamite: strength vs defence, no face-card modifiers, +2 damage to every model, friend or
foe, within one card length of the target."""

from rulesets.last_hope_frontier.dynamite import (
    blast_damage,
    dynamite_test,
    in_blast,
    in_range,
    resolve_dynamite,
)


def throw(attack_card, defence_card, *, strength=2, defence=1, clothing_bonus=0):
    return dynamite_test(
        strength=strength,
        attack_card=attack_card,
        thrower_faction="sheriffs",
        defence=defence,
        defence_card=defence_card,
        defender_faction="outlawmen",
        clothing_bonus=clothing_bonus,
    )


def test_dynamite_is_strength_against_defence():
    result = throw("9H", "4C", strength=2, defence=1)
    assert (result.attack_total, result.defence_total) == (11, 5)
    assert result.steps[0].startswith("Strength 2")


def test_no_modifiers_from_face_cards_on_either_side():
    """'no modifiers from face cards allowed'."""
    result = throw("AS", "AD", strength=2, defence=1)
    assert (result.attack_total, result.defence_total) == (16, 15)
    assert any("No face-card modifiers" in s for s in result.steps)


def test_a_favoured_non_face_card_still_breaks_a_tie():
    result = throw("6S", "7C")  # 8 vs 8
    assert result.tie_break == "attacker" and result.hit


def test_blast_damage_is_the_bracket_plus_two():
    """'successful attack is +2 damage to all models'."""
    assert [blast_damage(d) for d in (1, 5, 6, 10, 11)] == [3, 3, 4, 4, 5]


def test_the_blast_is_one_card_length_around_the_target_centre():
    """'within a 1 card length circle from chosen target': a base partly inside counts."""
    centre = [10.0, 10.0]
    assert in_blast(centre, [10.0, 10.0], 0.5)
    assert in_blast(centre, [14.0, 10.0], 0.5)  # 4.0 - 0.5 = 3.5: the base touches the circle
    assert not in_blast(centre, [14.01, 10.0], 0.5)


def test_the_blast_hits_friend_and_foe_and_each_soaks_with_its_own_toughness():
    test = throw("10H", "3C", strength=2, defence=1)  # 12 vs 4: difference 8 → 2 + 2 = 4
    models = {
        "target": {"position": [10.0, 10.0], "base_radius": 0.5, "toughness": 1},
        "enemy-near": {"position": [12.0, 10.0], "base_radius": 0.5, "toughness": 2},
        "friend-near": {"position": [10.0, 7.0], "base_radius": 0.5, "toughness": 1},
        "thrower-far": {"position": [10.0, 3.0], "base_radius": 0.5, "toughness": 2},
        "tough-near": {"position": [9.0, 10.0], "base_radius": 0.5, "toughness": 5},
    }
    result = resolve_dynamite(test=test, target_centre=[10.0, 10.0], models=models)
    assert result.damage == 4
    assert result.wounds == {"target": 3, "enemy-near": 2, "friend-near": 3, "tough-near": 0}


def test_a_missed_throw_does_nothing():
    test = throw("2H", "AC")
    result = resolve_dynamite(test=test, target_centre=[0.0, 0.0], models={})
    assert result.damage == 0 and result.wounds == {}


def test_dynamite_is_thrown_up_to_two_card_lengths_out_of_base_contact():
    """Decision 10: dynamite is thrown up to range 2, out of base contact (0 < d ≤ 7 inches)."""
    assert not in_range(0.0)
    assert in_range(0.01) and in_range(7.0)
    assert not in_range(7.01)
