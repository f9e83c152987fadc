"""Stat lines, exactly as the seed prints them."""

import pytest

from rulesets.core.errors import InvalidInput
from rulesets.last_hope_frontier.stats import BASE_MOVEMENT_CARD_LENGTHS, stat_line


def test_leader_stat_line():
    """'Shooting 3 Combat 3 Strength 2 Toughness 2 Defence 2 Wounds 8'."""
    assert stat_line("leader").as_dict() == {
        "shoot": 3,
        "combat": 3,
        "strength": 2,
        "toughness": 2,
        "defence": 2,
        "wounds": 8,
    }


def test_deputy_stat_line():
    """'Shoot 2 Combat 2 Strength 2 Toughness 2 Defence 2 Wounds 7'."""
    assert stat_line("deputy").as_dict() == {
        "shoot": 2,
        "combat": 2,
        "strength": 2,
        "toughness": 2,
        "defence": 2,
        "wounds": 7,
    }


def test_gang_member_stat_line():
    """'Shot 2 Combat 2 Strength 2 Toughness 1 Defence 1 Wounds 6'."""
    assert stat_line("ganger").as_dict() == {
        "shoot": 2,
        "combat": 2,
        "strength": 2,
        "toughness": 1,
        "defence": 1,
        "wounds": 6,
    }


def test_base_movement_is_one_card_for_all_models():
    """'Base movement - 1 card for all models.'"""
    assert BASE_MOVEMENT_CARD_LENGTHS == 1


def test_an_unknown_role_is_invalid_input():
    with pytest.raises(InvalidInput) as err:
        stat_line("marshal", field="attacker.role")
    assert err.value.field == "attacker.role"
