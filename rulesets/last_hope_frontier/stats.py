"""Stat lines: shooting, combat, strength, toughness, defence, wounds; base movement.

"Base movement - 1 card for all models." The three stat lines are printed in the seed and
kept in data/catalogue.json next to the hire costs, so the rosters app reads one source;
tests/rulesets/last_hope_frontier/test_stats.py pins them to the seed's numbers.
"""

from __future__ import annotations

from rulesets.core.errors import InvalidInput
from rulesets.last_hope_frontier.catalogue import ROLES, STATS, StatLine, catalogue

BASE_MOVEMENT_CARD_LENGTHS = 1

__all__ = ["BASE_MOVEMENT_CARD_LENGTHS", "ROLES", "STATS", "StatLine", "stat_line"]


def stat_line(role: str, *, field: str = "role") -> StatLine:
    """The starting stat line of a leader, deputy or ganger ("gang member")."""
    roles = catalogue().roles
    if not isinstance(role, str) or role not in roles:
        raise InvalidInput(field, f"Unknown role {role!r}; choose one of {', '.join(ROLES)}.")
    return roles[role].stats
