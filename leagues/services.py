"""Every write to a league: settings, organisers, members, results and their confirmation.

Results: an organiser's result counts at once. A member's is ``reported``; it counts when
every other player of it has confirmed (or an organiser does). A player may dispute a
reported result instead; then only an organiser settles it, by confirming or voiding it.
Confirming rates the result (``leagues.ratings.apply_result``) in the same transaction, so a
confirmed result always has its rating changes. Voiding a confirmed result rebuilds its game's
ratings, because every later rating was computed from it.
"""

from __future__ import annotations

from datetime import date, datetime

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from config.errors import NotAllowed
from leagues import ratings
from leagues.errors import LeagueError, NotAnOrganiser, WrongState
from leagues.models import Confirmation, League, LeagueMatch, Membership
from leagues.scoring import check_points_table, check_tie_breakers, default_settings
from matches import services as matches
from matches.models import Match
from rulesets.registry import get_ruleset

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
)
MAX_REASON = 1000


def is_organiser(*, user, league: League) -> bool:
    if not user or not user.is_authenticated:
        return False
    return user.is_staff or league.organisers.filter(pk=user.pk).exists()


def require_organiser(*, user, league: League) -> None:
    if not is_organiser(user=user, league=league):
        raise NotAnOrganiser()


def is_member(*, user, league: League) -> bool:
    return Membership.objects.filter(league=league, player=user).exists()


# --- the league -----------------------------------------------------------------------------------


def check_settings(values: dict, *, ruleset: str) -> dict:
    """Checks what is being set, and how it sits with what is already there."""
    if "points_table" in values:
        values["points_table"] = check_points_table(values["points_table"])
    if "tie_breakers" in values:
        values["tie_breakers"] = check_tie_breakers(values["tie_breakers"], ruleset=ruleset)
    if values.get("scoring", "placement") not in League.Scoring.values:
        raise LeagueError("Scoring is 'placement' or 'win_draw_loss'.", field="scoring")
    for key in ("points_win", "points_draw", "points_loss"):
        value = values.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
            raise LeagueError("Points are a whole number from 0 to 1000.", field=key)
    return values


def check_order(league: League) -> None:
    if not league.points_win >= league.points_draw >= league.points_loss:
        raise LeagueError(
            "A win is worth at least a draw, and a draw at least a loss.", field="points_draw"
        )
    start, end = league.season_start, league.season_end
    if start and end and end < start:
        raise LeagueError("The season cannot end before it starts.", field="season_end")


@transaction.atomic
def create_league(*, creator, name: str, ruleset: str, **settings) -> League:
    """Found a league of one game; its creator organises it."""
    if not isinstance(ruleset, str) or get_ruleset(ruleset) is None:
        raise LeagueError(f"There is no game called '{ruleset}'.", field="ruleset")
    unknown = set(settings) - set(SETTINGS)
    if unknown:
        field = sorted(unknown)[0]
        raise LeagueError(f"'{field}' is not a league setting.", field=field)
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
    """Change settings. Standings are computed when read, so new points or tie-breakers apply
    to the whole season at once; ratings do not depend on league settings."""
    require_organiser(user=actor, league=league)
    league = League.objects.select_for_update().get(pk=league.pk)
    for key in changes:
        if key not in SETTINGS:
            raise LeagueError(f"'{key}' cannot be changed.", field=key)
    for key, value in check_settings(dict(changes), ruleset=league.ruleset).items():
        setattr(league, key, value)
    check_order(league)
    league.save()
    return league


@transaction.atomic
def add_organiser(*, league: League, user, actor) -> League:
    require_organiser(user=actor, league=league)
    league.organisers.add(user)
    return league


# --- members --------------------------------------------------------------------------------------


@transaction.atomic
def add_member(*, league: League, player, actor, join_code: str = "") -> Membership:
    """An organiser adds any player (an invitation); a player joins with the league's code."""
    organiser = is_organiser(user=actor, league=league)
    if not organiser:
        if player.pk != actor.pk:
            raise NotAnOrganiser("Only an organiser may add another player.")
        if not join_code or join_code != league.join_code:
            raise LeagueError("That is not this league's join code.", field="join_code")
        # Organisers may still add players afterwards, to enter a past season's results.
        if league.season_end and timezone.localdate() > league.season_end:
            raise WrongState("The season is over.", field="player")
    if Membership.objects.filter(league=league, player=player).exists():
        raise WrongState(f"{player.username} is already a member.", field="player")
    return Membership.objects.create(
        league=league,
        player=player,
        via=Membership.Via.INVITATION if organiser else Membership.Via.CODE,
        added_by=actor,
    )


# --- results --------------------------------------------------------------------------------------


def _members_by_name(league: League, names: list[str]) -> dict[str, object]:
    found = {
        m.player.username: m.player
        for m in Membership.objects.filter(
            league=league, player__username__in=names
        ).select_related("player")
    }
    for name in names:
        if name not in found:
            raise LeagueError(
                f"'{name}' is not a member of this league.", field=f"placements.{name}"
            )
    return found


def _check_teams(placements: dict, teams: dict) -> None:
    """Teammates share one place, and a result has at least two sides."""
    if not isinstance(teams, dict) or not isinstance(placements, dict):
        return  # log_result names the field
    place_of_team: dict[str, int] = {}
    for name, team in teams.items():
        if name not in placements or not isinstance(team, str):
            continue  # log_result names the field
        if team in place_of_team and place_of_team[team] != placements[name]:
            raise LeagueError(
                f"Teammates share one place: team '{team}' is placed {place_of_team[team]}.",
                field=f"teams.{name}",
            )
        place_of_team.setdefault(team, placements[name])
    sides = {teams.get(name) or f"player:{name}" for name in placements}
    if teams and len(sides) < 2:
        raise LeagueError("A result needs at least two sides.", field="teams")


def _check_season(league: League, played: date) -> None:
    if league.season_start and played < league.season_start:
        raise LeagueError(
            f"The season starts on {league.season_start.isoformat()}.", field="played_at"
        )
    if league.season_end and played > league.season_end:
        raise LeagueError(
            f"The season ended on {league.season_end.isoformat()}.", field="played_at"
        )


@transaction.atomic
def report_result(
    *,
    league: League,
    actor,
    placements: dict[str, int],
    scores: dict[str, dict] | None = None,
    teams: dict[str, str] | None = None,
    played_at: datetime | None = None,
) -> LeagueMatch:
    """Log a result for the league. The match record (and every rule of the game) is
    ``matches.services.log_result``'s; here: who may report, and who is in the league."""
    organiser = is_organiser(user=actor, league=league)
    if not organiser and not is_member(user=actor, league=league):
        raise NotAllowed("Only members and organisers of this league may log its results.")
    if not isinstance(placements, dict) or not placements:
        raise LeagueError('Give every player\'s place, like {"alice": 1}.', field="placements")
    players = _members_by_name(league, list(placements))
    plays = actor.username in players
    if not organiser and not plays:
        raise NotAllowed("A member may only report games they played in.", field="placements")
    _check_teams(placements, teams or {})
    _check_season(league, timezone.localdate(played_at) if played_at else timezone.localdate())
    # Who may report was decided above (members their own games, organisers any): the match
    # record is made on the league's behalf.
    match = matches.log_result(
        ruleset=league.ruleset,
        placements=placements,
        scores=scores,
        teams=teams,
        played_at=played_at,
        created_by=actor,
        on_behalf=True,
    )
    result = LeagueMatch.objects.create(
        league=league, match=match, ruleset=league.ruleset, reported_by=actor
    )
    if plays:
        Confirmation.objects.create(result=result, player=actor)
    if organiser:
        _confirm(result, actor)
    return result


@transaction.atomic
def add_live_match(*, league: League, actor, match: Match) -> LeagueMatch:
    """Count a finished live match for the league. The server refereed it, so it needs no
    confirmation; every player must be a member."""
    organiser = is_organiser(user=actor, league=league)
    match = Match.objects.select_for_update().get(pk=match.pk)
    participants = list(match.participants.select_related("player"))
    names = [p.player.username for p in participants]
    if not organiser and actor.username not in names:
        raise NotAllowed("A member may only add games they played in.", field="match")
    if not organiser and not is_member(user=actor, league=league):
        raise NotAllowed("Only members and organisers of this league may log its results.")
    if match.ruleset != league.ruleset:
        raise LeagueError("This match is not a game of this league.", field="match")
    if not match.live or match.status != Match.Status.FINISHED:
        raise LeagueError("Only a finished live match can be added this way.", field="match")
    if LeagueMatch.objects.filter(match=match).exists():
        raise WrongState("This match already counts for a league.", field="match")
    if any(p.placement is None for p in participants):
        raise LeagueError("This match has no placements to count.", field="match")
    members = set(
        Membership.objects.filter(
            league=league, player__in=[p.player for p in participants]
        ).values_list("player__username", flat=True)
    )
    for name in names:
        if name not in members:
            raise LeagueError(f"'{name}' is not a member of this league.", field="match")
    _check_season(league, timezone.localdate(match.finished_at or match.played_at))
    result = LeagueMatch.objects.create(
        league=league,
        match=match,
        ruleset=league.ruleset,
        source=LeagueMatch.Source.LIVE,
        reported_by=actor,
    )
    _confirm(result, actor)
    return result


def _confirm(result: LeagueMatch, actor) -> None:
    result.status = LeagueMatch.Status.CONFIRMED
    result.confirmed_by = actor
    result.confirmed_at = timezone.now()
    ratings.apply_result(result)  # sets rating_seq
    result.save(update_fields=["status", "confirmed_by", "confirmed_at", "rating_seq"])


def _locked(result: LeagueMatch) -> LeagueMatch:
    return LeagueMatch.objects.select_for_update().select_related("league").get(pk=result.pk)


def _player_ids(result: LeagueMatch) -> set[int]:
    return set(result.match.participants.values_list("player_id", flat=True))


@transaction.atomic
def confirm_result(*, result: LeagueMatch, actor) -> LeagueMatch:
    """A player of the result agrees with it (it counts once all have), or an organiser
    confirms it outright, disputed or not."""
    result = _locked(result)
    if result.status in (LeagueMatch.Status.CONFIRMED, LeagueMatch.Status.VOID):
        raise WrongState(f"This result is already {result.status}.")
    if is_organiser(user=actor, league=result.league):
        _confirm(result, actor)
        return result
    players = _player_ids(result)
    if actor.pk not in players:
        raise NotAllowed("Only the players of this result or an organiser may confirm it.")
    if result.status == LeagueMatch.Status.DISPUTED:
        raise NotAllowed("This result is disputed: an organiser settles it.")
    Confirmation.objects.get_or_create(result=result, player=actor)
    confirmed = set(result.confirmations.values_list("player_id", flat=True))
    if players <= confirmed:
        _confirm(result, actor)
    return result


@transaction.atomic
def dispute_result(*, result: LeagueMatch, actor, reason: str) -> LeagueMatch:
    """A player says a reported result is wrong; it waits for an organiser."""
    result = _locked(result)
    if actor.pk not in _player_ids(result) and not is_organiser(user=actor, league=result.league):
        raise NotAllowed("Only the players of this result or an organiser may dispute it.")
    if result.status != LeagueMatch.Status.REPORTED:
        raise WrongState(
            f"Only a result waiting for confirmation can be disputed; this one is {result.status}."
            " Ask an organiser to void it."
        )
    if not isinstance(reason, str) or not reason.strip() or len(reason) > MAX_REASON:
        raise LeagueError(f"Say what is wrong, in 1 to {MAX_REASON} characters.", field="reason")
    result.status = LeagueMatch.Status.DISPUTED
    result.disputed_by = actor
    result.dispute_reason = reason.strip()
    result.save(update_fields=["status", "disputed_by", "dispute_reason"])
    return result


@transaction.atomic
def void_result(*, result: LeagueMatch, actor, reason: str = "") -> LeagueMatch:
    """An organiser strikes a result out. If it had counted, its game's ratings are rebuilt."""
    result = _locked(result)
    require_organiser(user=actor, league=result.league)
    if result.status == LeagueMatch.Status.VOID:
        raise WrongState("This result is already void.")
    was_confirmed = result.status == LeagueMatch.Status.CONFIRMED
    result.status = LeagueMatch.Status.VOID
    result.voided_by = actor
    result.void_reason = (reason or "").strip()[:MAX_REASON]
    result.save(update_fields=["status", "voided_by", "void_reason"])
    if was_confirmed:
        ratings.recompute_ratings(ruleset=result.ruleset)
    return result


def find_player(username: object, *, field: str = "player"):
    user = (
        get_user_model().objects.filter(username=username).first()
        if isinstance(username, str)
        else None
    )
    if user is None:
        raise LeagueError(f"There is no player called '{username}'.", field=field)
    return user
