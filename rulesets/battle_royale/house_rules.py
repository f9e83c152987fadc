"""The departures from the rules text a group may choose (rulesets/core/house_rules.py).

Off by default: the default game follows the text. Matches stored before these were house
rules were played with both on (matches migration 0005_house_rules_of_old_matches)."""

from __future__ import annotations

from rulesets.core.house_rules import HouseRule

OWN_WARRIORS_ELIMINATED = "own_warriors_eliminated"
ELIMINATOR_MUST_MOVE = "eliminator_must_move"

HOUSE_RULES = (
    HouseRule(
        OWN_WARRIORS_ELIMINATED,
        "own warriors eliminated",
        "Your own warrior pushed into a hole is eliminated; the text sends every warrior "
        "pushed into a hole to the active player's war spoils, your own too.",
    ),
    HouseRule(
        ELIMINATOR_MUST_MOVE,
        "the eliminator must move",
        "A 'move the eliminator' result must move it; the text says you may, so it may stay.",
    ),
)
