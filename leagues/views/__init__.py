"""The league and player pages (the player site)."""

from leagues.views.pages import (
    league_create,
    league_detail,
    league_join,
    membership_decision,
    player_page,
    result_decision,
    result_report,
)
from leagues.views.rounds import night_action, night_standings_page, pairings_page, table_report

__all__ = [
    "league_create",
    "league_detail",
    "league_join",
    "membership_decision",
    "night_action",
    "night_standings_page",
    "pairings_page",
    "player_page",
    "result_decision",
    "result_report",
    "table_report",
]
