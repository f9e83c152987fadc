"""Who may do what on a league night, as named actions in one place (to be folded into the
leagues' access module). Each ``require_*`` raises ``NotAllowed`` (a 403 naming the rule);
each ``may_*`` answers the same question for a page deciding what to show."""

from __future__ import annotations

from config.errors import NotAllowed
from leagues.errors import NotAnOrganiser
from leagues.models import League
from leagues.services.common import is_member, is_organiser

OPEN_ROUND = "open_round"
CLOSE_ROUND = "close_round"
CHECK_IN = "check_in"
REPORT_TABLE = "report_table"


def may_run_rounds(*, user, league: League) -> bool:
    """Open and close rounds, check anyone in or out: the league's organisers (and staff)."""
    return is_organiser(user=user, league=league)


def require_run_rounds(*, user, league: League) -> None:
    if not may_run_rounds(user=user, league=league):
        raise NotAnOrganiser("Only an organiser of this league runs its rounds.")


def may_check_in(*, user, league: League, player) -> bool:
    """A member checks themselves in or drops; an organiser anyone."""
    if user.is_authenticated and player.pk == user.pk and is_member(user=user, league=league):
        return True
    return may_run_rounds(user=user, league=league)


def require_check_in(*, user, league: League, player) -> None:
    if not may_check_in(user=user, league=league, player=player):
        raise NotAllowed(
            "A member checks themselves in; only an organiser checks in someone else.",
            field="player",
        )


def may_report_table(*, user, players: set[int]) -> bool:
    """Only a player of the table reports its result (the others confirm it)."""
    return user.is_authenticated and user.pk in players


def require_report_table(*, user, players: set[int], table: int) -> None:
    if not may_report_table(user=user, players=players):
        raise NotAllowed(f"Only the players of table {table} report its result.", field="table")
