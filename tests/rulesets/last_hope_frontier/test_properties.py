"""Properties over every card, faction and stat: the rules never go backwards."""

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesets.core.cards import full_deck
from rulesets.last_hope_frontier.calculator import shot_calculation
from rulesets.last_hope_frontier.catalogue import catalogue
from rulesets.last_hope_frontier.combat import melee_bonus, resolve_combat
from rulesets.last_hope_frontier.deck import card_value
from rulesets.last_hope_frontier.factions import FACTIONS
from rulesets.last_hope_frontier.shot import resolve_shot, shot_test

cards = st.sampled_from(sorted(set(full_deck())))
factions = st.sampled_from(FACTIONS)
stat = st.integers(min_value=0, max_value=8)
bonus = st.integers(min_value=0, max_value=3)
shot_weapons = st.sampled_from(
    [w.slug for w in catalogue().weapons() if not w.is_melee or w.can_be_thrown]
)
clothing = st.sampled_from([None] + [c.slug for c in catalogue().clothing()])

# Per test, not a global profile: other games' tests share the hypothesis settings.
thorough = settings(max_examples=150, deadline=None)


@st.composite
def shots(draw):
    return {
        "shoot": draw(stat),
        "attack_card": draw(cards),
        "attacker_faction": draw(factions),
        "weapon_bonus": draw(bonus),
        "defence": draw(stat),
        "toughness": draw(stat),
        "defence_card": draw(cards),
        "defender_faction": draw(factions),
        "clothing_bonus": draw(bonus),
        "mounted": draw(st.booleans()),
    }


@thorough
@given(shots())
def test_wounds_are_never_negative(kw):
    result = resolve_shot(**kw)
    assert result.wounds >= 0
    assert result.wounds == 0 or result.test.hit


@thorough
@given(shots(), stat, stat, st.sampled_from([None, "switchblade", "machete"]))
def test_combat_wounds_are_never_negative(kw, combat, strength, weapon):
    result = resolve_combat(
        combat=combat,
        strength=strength,
        weapon_bonus=melee_bonus(weapon),
        attack_card=kw["attack_card"],
        attacker_faction=kw["attacker_faction"],
        defence=kw["defence"],
        toughness=kw["toughness"],
        defence_card=kw["defence_card"],
        defender_faction=kw["defender_faction"],
    )
    assert result.wounds >= 0


@thorough
@given(shots())
def test_a_hit_always_has_a_positive_difference_and_a_miss_never_does(kw):
    result = resolve_shot(**kw)
    assert result.test.hit == (result.test.difference >= 1)
    assert (result.damage is not None) == result.test.hit


def _test(kw, **change):
    args = {**kw, **change}
    return shot_test(
        shoot=args["shoot"],
        attack_card=args["attack_card"],
        attacker_faction=args["attacker_faction"],
        defence=args["defence"],
        defence_card=args["defence_card"],
        defender_faction=args["defender_faction"],
        clothing_bonus=args["clothing_bonus"],
        mounted=args["mounted"],
    )


@thorough
@given(shots(), cards)
def test_a_higher_attack_card_never_lowers_the_attack_total_nor_loses_a_hit(kw, other):
    low, high = sorted([kw["attack_card"], other], key=card_value)
    if card_value(low) == card_value(high):
        return
    before, after = _test(kw, attack_card=low), _test(kw, attack_card=high)
    assert after.attack.total >= before.attack.total
    assert not (before.hit and not after.hit)


@thorough
@given(shots(), cards)
def test_a_higher_defence_card_never_lowers_the_defence_total_nor_lets_a_shot_through(kw, other):
    low, high = sorted([kw["defence_card"], other], key=card_value)
    if card_value(low) == card_value(high):
        return
    before, after = _test(kw, defence_card=low), _test(kw, defence_card=high)
    assert after.defence.total >= before.defence.total
    assert not (after.hit and not before.hit)


@thorough
@given(shots(), st.integers(min_value=1, max_value=5))
def test_more_toughness_never_means_more_wounds(kw, extra):
    tougher = resolve_shot(**{**kw, "toughness": kw["toughness"] + extra})
    assert tougher.wounds <= resolve_shot(**kw).wounds


@thorough
@given(shots(), st.integers(min_value=1, max_value=3))
def test_more_shoot_never_turns_a_hit_into_a_miss(kw, extra):
    better = resolve_shot(**{**kw, "shoot": kw["shoot"] + extra})
    assert better.test.hit or not resolve_shot(**kw).test.hit


@thorough
@given(shots())
def test_wounds_are_bounded_by_the_best_possible_hit(kw):
    # 3 from the difference + weapon + 2 for a favoured ace, minus toughness
    assert resolve_shot(**kw).wounds <= 3 + kw["weapon_bonus"] + 2


@thorough
@given(
    st.integers(0, 8),
    factions,
    shot_weapons,
    st.integers(0, 8),
    st.integers(0, 8),
    factions,
    clothing,
    cards,
    cards,
)
def test_the_calculator_agrees_with_the_rules_modules(
    shoot, af, weapon, defence, toughness, df, clothes, a_card, d_card
):
    response = shot_calculation(
        {
            "attacker": {"shoot": shoot, "faction": af, "weapon": weapon},
            "defender": {
                "defence": defence,
                "toughness": toughness,
                "faction": df,
                "clothing": clothes,
            },
            "attack_card": a_card,
            "defence_card": d_card,
        }
    )
    cat = catalogue()
    direct = resolve_shot(
        shoot=shoot,
        attack_card=a_card,
        attacker_faction=af,
        weapon_bonus=cat.entry(weapon).damage_bonus,
        defence=defence,
        toughness=toughness,
        defence_card=d_card,
        defender_faction=df,
        clothing_bonus=cat.entry(clothes).defence_bonus if clothes else 0,
    )
    assert response["wounds"] == direct.wounds >= 0
    assert response["hit"] == direct.test.hit
    assert response["attack_total"] - response["defence_total"] == response["difference"]
