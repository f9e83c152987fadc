"""The rules calculator: good answers, and every bad input names its field."""

import copy

import pytest

from rulesets.core.errors import InvalidInput
from rulesets.last_hope_frontier.calculator import (
    combat_calculation,
    flip_calculation,
    shot_calculation,
)

SHOT = {
    "attacker": {"shoot": 3, "faction": "sheriffs", "weapon": "pistol"},
    "defender": {"defence": 1, "toughness": 1, "faction": "outlawmen", "clothing": None},
    "attack_card": "JS",
    "defence_card": "7D",
}

BLOW = {
    "attacker": {"role": "ganger", "faction": "bootleggers", "weapon": "hatchet"},
    "defender": {"role": "ganger", "faction": "townsfolk"},
    "attack_card": "9S",
    "defence_card": "4D",
}


def shot_with(path, value):
    payload = copy.deepcopy(SHOT)
    *parents, last = path.split(".")
    target = payload
    for key in parents:
        target = target[key]
    if value is KeyError:
        del target[last]
    else:
        target[last] = value
    return payload


def test_the_response_has_totals_hit_difference_wounds_and_steps():
    response = shot_calculation(SHOT)
    assert {
        "attack_total",
        "defence_total",
        "hit",
        "difference",
        "wounds",
        "steps",
        "damage",
        "attack",
        "defence",
        "tie_break",
    } <= set(response)
    assert all(isinstance(s, str) for s in response["steps"])


def test_a_miss_has_no_damage_breakdown():
    response = shot_calculation(shot_with("attack_card", "2H"))
    assert response["hit"] is False and response["wounds"] == 0 and response["damage"] is None
    assert response["difference"] == 5 - 8


def test_a_role_stands_in_for_the_numbers_and_numbers_win_over_a_role():
    payload = shot_with("attacker", {"role": "leader", "faction": "sheriffs", "weapon": "pistol"})
    assert shot_calculation(payload)["attack"]["base"] == 3
    payload["attacker"]["shoot"] = 5
    assert shot_calculation(payload)["attack"]["base"] == 5


def test_mounted_shooting_is_minus_one():
    payload = shot_with("attacker.mounted", True)
    assert shot_calculation(payload)["attack_total"] == 14
    assert any("horseback" in s for s in shot_calculation(payload)["steps"])


def test_clothing_adds_defence():
    assert shot_calculation(shot_with("defender.clothing", "fine-leather"))["defence_total"] == 11


def test_clothing_may_be_left_out():
    assert shot_calculation(shot_with("defender.clothing", KeyError))["defence_total"] == 8


def test_cards_are_read_case_insensitively():
    assert shot_calculation(shot_with("attack_card", "js"))["attack_total"] == 15


def test_a_thrown_hunting_knife_is_a_shot_and_is_lost():
    response = shot_calculation(shot_with("attacker.weapon", "hunting-knife"))
    assert response["damage"]["weapon_bonus"] == 1
    assert response["steps"][-1] == "The thrown hunting knife is lost."


def test_a_derringer_shot_in_base_contact():
    payload = shot_with("attacker.weapon", "derringer")
    payload["distance"] = 0
    assert shot_calculation(payload)["damage"]["weapon_bonus"] == 0


def test_a_distance_in_range_is_accepted():
    assert shot_calculation({**SHOT, "distance": 3.5})["hit"] is True


@pytest.mark.parametrize(
    "gun,accepted,refused",
    [
        ("shotgun", [3.6, 7], [0, 0.3, 3.5, 7.1]),
        ("carbine", [7.1, 10.5], [3.6, 7, 10.6]),
        ("scope-rifle", [10.6, 14], [7.1, 10.5, 14.1]),
    ],
)
def test_the_calculator_reads_range_bands_as_distances(gun, accepted, refused):
    """'Shotgun - range 1 - 2', 'Carbine rifle - range 2 - 3', 'Scope rifle - range 3 - 4':
    the same bands as live play (decision 5), the upper edge in the band, the lower not."""
    for distance in accepted:
        assert shot_calculation({**shot_with("attacker.weapon", gun), "distance": distance})
    for distance in refused:
        with pytest.raises(InvalidInput):
            shot_calculation({**shot_with("attacker.weapon", gun), "distance": distance})


def test_the_calculators_refusal_says_which_distances_the_weapon_accepts():
    with pytest.raises(InvalidInput) as err:
        shot_calculation({**shot_with("attacker.weapon", "carbine"), "distance": 3.6})
    assert err.value.field == "distance"
    assert err.value.message == (
        "The carbine rifle shoots beyond 7 inches and up to 10.5 inches (edge to edge, range 2 "
        "to 3 card lengths); 3.6 inches is out of range."
    )
    with pytest.raises(InvalidInput) as err:
        shot_calculation({**shot_with("attacker.weapon", "hunting-knife"), "distance": 0})
    assert err.value.message == (
        "The hunting knife is thrown out of base contact up to 3.5 inches (edge to edge, "
        "range 0 to 1 card lengths); 0 inches is out of range."
    )


@pytest.mark.parametrize(
    "path,value,field",
    [
        ("attacker.weapon", "bazooka", "attacker.weapon"),
        ("attacker.weapon", "machete", "attacker.weapon"),
        ("attacker.weapon", None, "attacker.weapon"),
        ("attacker.weapon", ["pistol"], "attacker.weapon"),
        ("attacker.weapon", KeyError, "attacker.weapon"),
        ("attacker.faction", "cowboys", "attacker.faction"),
        ("attacker.faction", KeyError, "attacker.faction"),
        ("attacker.faction", ["sheriffs"], "attacker.faction"),
        ("defender.faction", "Sheriffs!", "defender.faction"),
        ("defender.faction", KeyError, "defender.faction"),
        ("attacker.shoot", "x", "attacker.shoot"),
        ("attacker.shoot", -1, "attacker.shoot"),
        ("attacker.shoot", True, "attacker.shoot"),
        ("attacker.shoot", 2.5, "attacker.shoot"),
        ("attacker.shoot", 1000, "attacker.shoot"),
        ("attacker.shoot", KeyError, "attacker.shoot"),
        ("attacker.role", "marshal", "attacker.role"),
        ("attacker.mounted", "yes", "attacker.mounted"),
        ("attacker.mounted", 1, "attacker.mounted"),
        ("attacker.shot", 3, "attacker.shot"),
        ("defender.defence", "1", "defender.defence"),
        ("defender.defence", False, "defender.defence"),
        ("defender.defence", KeyError, "defender.defence"),
        ("defender.toughness", -2, "defender.toughness"),
        ("defender.toughness", KeyError, "defender.toughness"),
        ("defender.clothing", "chainmail", "defender.clothing"),
        ("defender.clothing", "pistol", "defender.clothing"),
        ("defender.clothing", 3, "defender.clothing"),
        ("defender.role", 1, "defender.role"),
        ("defender.armour", 1, "defender.armour"),
        ("attack_card", "1S", "attack_card"),
        ("attack_card", "11S", "attack_card"),
        ("attack_card", "JX", "attack_card"),
        ("attack_card", 7, "attack_card"),
        ("attack_card", "", "attack_card"),
        ("attack_card", KeyError, "attack_card"),
        ("defence_card", "ZZ", "defence_card"),
        ("defence_card", None, "defence_card"),
        ("defence_card", KeyError, "defence_card"),
        ("attacker", "leader", "attacker"),
        ("attacker", KeyError, "attacker"),
        ("defender", [], "defender"),
        ("defender", KeyError, "defender"),
        ("distance", "far", "distance"),
        ("distance", -1, "distance"),
        ("distance", True, "distance"),
        ("distance", float("inf"), "distance"),
        ("distance", 3.6, "distance"),
        ("extra", 1, "extra"),
    ],
)
def test_bad_input_raises_invalid_input_naming_the_field(path, value, field):
    with pytest.raises(InvalidInput) as err:
        shot_calculation(shot_with(path, value))
    assert err.value.field == field
    assert err.value.message


def test_a_role_without_numbers_or_numbers_without_a_role():
    payload = shot_with("defender", {"faction": "outlawmen", "defence": 1})
    with pytest.raises(InvalidInput) as err:
        shot_calculation(payload)
    assert err.value.field == "defender.toughness"


def test_a_mounted_ganger_is_invalid():
    payload = shot_with(
        "attacker", {"role": "ganger", "faction": "sheriffs", "weapon": "pistol", "mounted": True}
    )
    with pytest.raises(InvalidInput) as err:
        shot_calculation(payload)
    assert err.value.field == "attacker.mounted"


@pytest.mark.parametrize("payload", [None, [], "shot", 3])
def test_a_payload_that_is_not_an_object(payload):
    with pytest.raises(InvalidInput) as err:
        shot_calculation(payload)
    assert err.value.field == "payload"


def test_a_thrown_knife_out_of_its_range():
    payload = shot_with("attacker.weapon", "hunting-knife")
    payload["distance"] = 4
    with pytest.raises(InvalidInput) as err:
        shot_calculation(payload)
    assert err.value.field == "distance"


# --- combat -----------------------------------------------------------------------------


def test_combat_calculation():
    response = combat_calculation(BLOW)
    # 2 + 9 = 11 vs 1 + 4 = 5: difference 6 → 2, hatchet +2, strength +1, toughness 1 → 4
    assert (response["attack_total"], response["defence_total"]) == (11, 5)
    assert response["wounds"] == 4
    assert response["damage"]["strength_bonus"] == 1


def test_by_the_text_a_fighter_without_a_melee_weapon_does_not_fight():
    """ "Derringer ... can be used in base to base combat as a shot vs defence test if a melee
    weapon isn't on models profiles": base-to-base combat is a melee weapon's."""
    payload = copy.deepcopy(BLOW)
    payload["attacker"]["weapon"] = None
    with pytest.raises(InvalidInput) as err:
        combat_calculation(payload)
    assert err.value.field == "attacker.weapon"
    assert "house rule fists" in err.value.message


def test_house_rule_fists_a_fighter_without_a_melee_weapon_fights_at_minus_1():
    """House rule fists: "A fighter without a melee weapon fights in base contact with its
    fists at -1 damage; by the text only a melee weapon (or a derringer, as a shot) attacks in
    base contact." """
    payload = copy.deepcopy(BLOW)
    payload["attacker"]["weapon"] = None
    payload["house_rules"] = {"fists": True}
    assert combat_calculation(payload)["damage"]["weapon_bonus"] == -1


def test_the_calculators_house_rules_are_checked_as_a_matchs():
    payload = {**copy.deepcopy(BLOW), "house_rules": {"storm": True}}
    with pytest.raises(InvalidInput) as err:
        combat_calculation(payload)
    assert err.value.field == "house_rules.storm"


@pytest.mark.parametrize(
    "change,field",
    [
        ({"weapon": "pistol"}, "attacker.weapon"),
        ({"weapon": "derringer"}, "attacker.weapon"),
        ({"weapon": "spoon"}, "attacker.weapon"),
        ({"strength": "big"}, "attacker.strength"),
        ({"combat": -3}, "attacker.combat"),
        ({"shoot": 3}, "attacker.shoot"),
        ({"mounted": True}, "attacker.mounted"),
    ],
)
def test_combat_bad_input(change, field):
    payload = copy.deepcopy(BLOW)
    payload["attacker"].update(change)
    with pytest.raises(InvalidInput) as err:
        combat_calculation(payload)
    assert err.value.field == field


def test_combat_needs_base_contact():
    with pytest.raises(InvalidInput) as err:
        combat_calculation({**BLOW, "distance": 1})
    assert err.value.field == "distance"
    assert combat_calculation({**BLOW, "distance": 0})["hit"] is True


def test_combat_without_a_weapon_key_is_missing_a_field():
    payload = copy.deepcopy(BLOW)
    del payload["attacker"]["weapon"]
    with pytest.raises(InvalidInput) as err:
        combat_calculation(payload)
    assert err.value.field == "attacker.weapon"


# --- flips ------------------------------------------------------------------------------


def test_flip_calculation():
    assert flip_calculation({"card": "7H"}) == {
        "card": "7H",
        "band": "6-10",
        "options": ["strength", "toughness"],
        "steps": ["7 of Hearts (6-10): +1 strength or +1 toughness."],
    }
    assert flip_calculation({"card": "joker"})["options"] == ["shoot", "combat"]
    assert flip_calculation({"card": "qs"})["options"] == ["defence", "wounds"]


@pytest.mark.parametrize(
    "payload,field",
    [
        ({}, "card"),
        ({"card": "1H"}, "card"),
        ({"card": None}, "card"),
        ({"card": 7}, "card"),
        ({"card": "7H", "suit": "H"}, "suit"),
        ("7H", "payload"),
    ],
)
def test_flip_calculation_bad_input(payload, field):
    with pytest.raises(InvalidInput) as err:
        flip_calculation(payload)
    assert err.value.field == field
