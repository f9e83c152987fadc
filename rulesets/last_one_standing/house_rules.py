"""The departures from the rulebook a group may choose (rulesets/core/house_rules.py).

Off by default: the default game follows the text. Matches stored before these were house
rules were played with all four on (matches migration 0005_house_rules_of_old_matches)."""

from __future__ import annotations

from rulesets.core.house_rules import HouseRule

MELEE_UNLOADED = "melee_unloaded"
DISCARD_AT_ONCE = "discard_at_once"
STORM = "storm"
UNEQUIP_ANYWHERE = "unequip_anywhere"

HOUSE_RULES = (
    HouseRule(
        MELEE_UNLOADED,
        "melee without loading",
        "Melee weapons (the Crowbar, the Katana) strike face up or face down, without being "
        "loaded; the rulebook loads every weapon face down, the starting Crowbar included.",
    ),
    HouseRule(
        DISCARD_AT_ONCE,
        "discard at once",
        "A player over the hand limit after looting discards at once, before their next "
        "action; the rulebook asks it only before the turn ends.",
    ),
    HouseRule(
        STORM,
        "the storm",
        "When storm_rounds (default 3) whole rounds pass without an Island Explosion, the "
        "island explodes at the end of the round; the rulebook has no storm.",
    ),
    HouseRule(
        UNEQUIP_ANYWHERE,
        "gear off anywhere",
        "A player on a Wall or in Water may unequip the Climbing Gear or Scuba Suit and stay "
        "there; by default the gear stays on while the ground needs it.",
    ),
)
