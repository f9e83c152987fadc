"""The departures from the rulebook a group may choose (rulesets/core/house_rules.py).

Off by default: the default game follows the text. Each rule here is read where it applies
(``house_rule_on(state, KEY)`` in a live battle, a campaign's settings for advancement)."""

from __future__ import annotations

from rulesets.core.house_rules import HouseRule

HOUSE_RULES: tuple[HouseRule, ...] = ()
