"""The house-rule mechanism (rulesets/core/house_rules.py) and what every game declares."""

import pytest

from rulesets.core.errors import InvalidInput
from rulesets.core.house_rules import (
    HouseRule,
    describe,
    house_rule_on,
    read_house_rules,
    split_options,
    summary,
)
from rulesets.registry import all_rulesets, chosen_house_rules, house_rules_summary

RULES = (HouseRule("b_rule", "b", "B."), HouseRule("a_rule", "a", "A."))


def test_the_text_is_the_default_and_the_keys_on_are_recorded_sorted():
    assert read_house_rules(RULES, None) == []
    assert read_house_rules(RULES, {}) == []
    assert read_house_rules(RULES, {"b_rule": True, "a_rule": True}) == ["a_rule", "b_rule"]
    assert read_house_rules(RULES, {"b_rule": False}) == []


@pytest.mark.parametrize(
    ("chosen", "field"),
    [
        ({"c_rule": True}, "options.house_rules.c_rule"),
        ({"a_rule": 1}, "options.house_rules.a_rule"),
        ({"a_rule": "true"}, "options.house_rules.a_rule"),
        (["a_rule"], "options.house_rules"),
    ],
)
def test_unknown_keys_and_wrong_types_name_the_field(chosen, field):
    with pytest.raises(InvalidInput) as caught:
        read_house_rules(RULES, chosen)
    assert caught.value.field == field


def test_options_split_and_a_state_answers_which_rules_are_on():
    assert split_options({"mode": "duos", "house_rules": {"x": True}}) == (
        {"mode": "duos"},
        {"x": True},
    )
    assert split_options({"mode": "duos"}) == ({"mode": "duos"}, None)
    assert house_rule_on({"house_rules": ["a_rule"]}, "a_rule")
    assert not house_rule_on({}, "a_rule")  # a state from before house rules: none on
    assert [r["key"] for r in describe(RULES, ["a_rule", "b_rule"])] == ["b_rule", "a_rule"]
    assert summary(RULES, ["a_rule"]) == "House rules: a" and summary(RULES, []) == ""


def test_every_game_declares_named_described_house_rules_off_by_default():
    for ruleset in all_rulesets():
        keys = [rule.key for rule in ruleset.house_rules]
        assert len(set(keys)) == len(keys)
        for rule in ruleset.house_rules:
            assert rule.name and rule.description.endswith(".") and rule.default is False
        assert (
            ruleset.new_game([f"s{i}" for i in range(ruleset.min_players)], {}, 1)["house_rules"]
            == []
        )
    assert house_rules_summary("last-hope-frontier", {"stat_caps": True, "fists": False}) == (
        "House rules: stat caps"
    )
    assert chosen_house_rules("chess", {"x": True}) == []
