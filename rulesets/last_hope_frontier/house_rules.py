"""The departures from the rulebook a group may choose (rulesets/core/house_rules.py).

Off by default: the default game follows the text. In a live battle the engine reads them
from its state (``house_rule_on(state, KEY)``); ``stat_caps`` is read where a fighter
advances (post_game.stat_cap) and where a gang is brought to a battle (live_gangs). Matches
stored before these were house rules were played with all of them on (matches migration
0005_house_rules_of_old_matches), and so were the campaigns then running (campaigns
migration 0007_campaign_house_rules)."""

from __future__ import annotations

from rulesets.core.house_rules import HouseRule

STAT_CAPS = "stat_caps"
FISTS = "fists"
CLOTHING_VS_DYNAMITE = "clothing_vs_dynamite"

HOUSE_RULES = (
    HouseRule(
        STAT_CAPS,
        "stat caps",
        "Advancement stops at shoot and combat 6, strength 5, toughness 4, defence 5, wounds "
        "10; the flip table has no caps.",
    ),
    HouseRule(
        FISTS,
        "fists at -1",
        "A fighter without a melee weapon fights in base contact with its fists at -1 damage; "
        "by the text only a melee weapon (or a derringer, as a shot) attacks in base contact.",
    ),
    HouseRule(
        CLOTHING_VS_DYNAMITE,
        "clothing against dynamite",
        "Padded clothing adds its defence against dynamite; the text makes dynamite strength "
        "against defence.",
    ),
)
