"""A league itself: founding it, its settings, its organisers."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from leagues import access, summaries
from leagues.errors import LeagueError
from leagues.models import League
from leagues.scoring import check_points_table, check_tie_breakers, default_settings
from rulesets.registry import checked_house_rules, get_ruleset

SETTINGS = (
    "name",
    "description",
    "season_start",
    "season_end",
    "scoring",
    "points_table",
    "points_win",
    "points_draw",
    "points_loss",
    "tie_breakers",
    "house_rules",
    "asks_check_in",
    "bye_points",
    "unreported_tables",
)
POINTS = {"scoring", "points_table", "points_win", "points_draw", "points_loss"}


def check_settings(values: dict, *, ruleset: str) -> dict:
    """Checks what is being set, and how it sits with what is already there."""
    if "points_table" in values:
        values["points_table"] = check_points_table(values["points_table"])
    if "tie_breakers" in values:
        values["tie_breakers"] = check_tie_breakers(values["tie_breakers"], ruleset=ruleset)
    if "house_rules" in values:
        values["house_rules"] = checked_house_rules(ruleset, values["house_rules"], LeagueError)
    if values.get("scoring", "placement") not in League.Scoring.values:
        raise LeagueError(_("Scoring is 'placement' or 'win_draw_loss'."), field="scoring")
    if not isinstance(values.get("asks_check_in", False), bool):
        raise LeagueError(_("true or false."), field="asks_check_in")
    bye = values.get("bye_points")
    if bye is not None and (isinstance(bye, bool) or not isinstance(bye, int) or bye < 0):
        raise LeagueError(_("A bye's points: a whole number from 0, or null."), field="bye_points")
    if values.get("unreported_tables", "unplayed") not in ("unplayed", "loss", "draw"):
        raise LeagueError(_("One of: unplayed, loss, draw."), field="unreported_tables")
    for key in ("points_win", "points_draw", "points_loss"):
        value = values.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
            raise LeagueError(_("Points are a whole number from 0 to 1000."), field=key)
    return values


def check_order(league: League) -> None:
    if not league.points_win >= league.points_draw >= league.points_loss:
        raise LeagueError(
            _("A win is worth at least a draw, and a draw at least a loss."), field="points_draw"
        )
    start, end = league.season_start, league.season_end
    if start and end and end < start:
        raise LeagueError(_("The season cannot end before it starts."), field="season_end")


@transaction.atomic
def create_league(*, creator, name: str, ruleset: str, **settings) -> League:
    """Found a league of one game; its creator organises it."""
    if not isinstance(ruleset, str) or get_ruleset(ruleset) is None:
        raise LeagueError(
            _("There is no game called '%(name)s'.") % {"name": ruleset}, field="ruleset"
        )
    unknown = set(settings) - set(SETTINGS)
    if unknown:
        field = sorted(unknown)[0]
        raise LeagueError(_("'%(key)s' is not a league setting.") % {"key": field}, field=field)
    values = {**default_settings(ruleset), **settings}
    league = League(
        name=name, ruleset=ruleset, created_by=creator, **check_settings(values, ruleset=ruleset)
    )
    check_order(league)
    league.save()
    league.organisers.add(creator)
    return league


@transaction.atomic
def update_league(*, league: League, actor, **changes) -> League:
    """Change settings. New points or tie-breakers apply to the whole season at once: new
    points rescore the standing totals here, tie-breakers are applied when read; ratings do not
    depend on league settings."""
    access.require(user=actor, action=access.Action.EDIT, league=league)
    league = League.objects.select_for_update().get(pk=league.pk)
    for key in changes:
        if key not in SETTINGS:
            raise LeagueError(_("'%(key)s' cannot be changed.") % {"key": key}, field=key)
    for key, value in check_settings(dict(changes), ruleset=league.ruleset).items():
        setattr(league, key, value)
    check_order(league)
    league.save()
    if POINTS & set(changes):
        summaries.rescore_totals(league=league)
    return league


@transaction.atomic
def add_organiser(*, league: League, user, actor) -> League:
    access.require(user=actor, action=access.Action.EDIT, league=league)
    league.organisers.add(user)
    return league
