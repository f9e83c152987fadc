"""Gang creation from the starting treasury (our design; see the docs' worked example)."""

import pytest

from rulesets.core.errors import InvalidInput
from rulesets.last_hope_frontier.gang_creation import check_gang, check_loadout

WORKED_EXAMPLE = [  # docs/rules/last-hope-frontier.md, "A starting gang"
    {"role": "leader", "equipment": ["revolver", "hatchet", "medium-leather"]},
    {"role": "deputy", "equipment": ["shotgun", "light-leather"]},
    {"role": "ganger", "equipment": ["pistol"]},
    {"role": "ganger", "equipment": ["pistol"]},
    {"role": "ganger", "equipment": ["carbine"]},
    {"role": "ganger", "equipment": ["switchblade"]},
]


def test_the_documented_starting_gang_spends_exactly_the_treasury():
    assert check_gang(WORKED_EXAMPLE) == 500


def test_a_gang_needs_exactly_one_leader():
    with pytest.raises(InvalidInput, match="leader"):
        check_gang([{"role": "deputy"}, {"role": "ganger"}, {"role": "ganger"}])
    with pytest.raises(InvalidInput, match="leader"):
        check_gang([{"role": "leader"}, {"role": "leader"}, {"role": "ganger"}, {"role": "ganger"}])


def test_at_most_two_deputies_and_at_least_two_gangers():
    with pytest.raises(InvalidInput, match="deputy"):
        check_gang([{"role": "leader"}] + [{"role": "deputy"}] * 3 + [{"role": "ganger"}] * 2)
    with pytest.raises(InvalidInput, match="ganger"):
        check_gang([{"role": "leader"}, {"role": "deputy"}, {"role": "ganger"}])


def test_gang_size_limits():
    with pytest.raises(InvalidInput) as err:
        check_gang([{"role": "leader"}, {"role": "ganger"}])
    assert err.value.field == "fighters"
    with pytest.raises(InvalidInput):
        check_gang([{"role": "leader"}] + [{"role": "ganger"}] * 8)
    assert check_gang([{"role": "leader"}] + [{"role": "ganger"}] * 7) == 100 + 7 * 40


def test_the_treasury_is_a_hard_limit():
    gang = [
        {"role": "leader", "equipment": ["horse", "fine-leather", "scope-rifle", "machete"]},
        {"role": "deputy", "equipment": ["horse", "scope-rifle"]},
        {"role": "ganger"},
        {"role": "ganger"},
    ]
    with pytest.raises(InvalidInput, match="treasury"):
        check_gang(gang)
    assert check_gang(gang, treasury=1000) > 500


def test_horse_and_town_map_are_for_leaders_and_deputies_and_the_rabbits_foot_for_leaders():
    assert check_loadout("deputy", ["horse", "town-map"]) == 85
    for slug in ("horse", "town-map", "rabbits-foot"):
        with pytest.raises(InvalidInput, match="ganger"):
            check_loadout("ganger", [slug])
    with pytest.raises(InvalidInput):
        check_loadout("deputy", ["rabbits-foot"])


@pytest.mark.parametrize(
    "equipment",
    [
        ["pistol", "revolver", "derringer"],
        ["hatchet", "machete"],
        ["light-leather", "fine-leather"],
        ["whiskey", "hooch", "dynamite", "hooch", "whiskey"],
        ["whiskey", "whiskey", "whiskey"],
    ],
)
def test_carry_limits(equipment):
    """Decision: 2 slug weapons, 1 melee weapon, 1 clothing, 4 items, per-item maxima."""
    with pytest.raises(InvalidInput):
        check_loadout("leader", equipment)


def test_loot_and_unknown_slugs_are_not_equipment():
    with pytest.raises(InvalidInput):
        check_loadout("leader", ["gold-nugget"])
    with pytest.raises(InvalidInput):
        check_loadout("leader", ["laser"])
    with pytest.raises(InvalidInput):
        check_loadout("leader", "pistol")


def test_errors_name_the_fighter_and_field():
    gang = [dict(f) for f in WORKED_EXAMPLE]
    gang[2] = {"role": "ganger", "equipment": ["horse"]}
    with pytest.raises(InvalidInput) as err:
        check_gang(gang)
    assert err.value.field == "fighters[2].equipment"
    gang[2] = {"role": "sidekick"}
    with pytest.raises(InvalidInput) as err:
        check_gang(gang)
    assert err.value.field == "fighters[2].role"
