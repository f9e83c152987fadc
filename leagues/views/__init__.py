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

__all__ = [
    "league_create",
    "league_detail",
    "league_join",
    "membership_decision",
    "player_page",
    "result_decision",
    "result_report",
]
