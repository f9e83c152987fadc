"""A league's results: reporting one (logged, or a finished live match), confirming,
disputing and voiding it.

The rule: **a result counts only once every player it names has confirmed it.** Reporting
a game one played confirms it for oneself; each other player confirms with
``confirm_result``. Nobody confirms for anybody else: not an organiser, not staff, whatever
the result, so a result cannot move a player's standing or rating without that player's
say. A player may dispute a result waiting for confirmation; it then waits until that player
confirms after all, or an organiser voids it. Organisers void any result at any time.

A result names only active members (invited players who accepted, or who joined with the
code). A finished live match follows the same rule: its players accepted to play it, but
each still says whether it counts for this league.

Confirming rates the result (``leagues.ratings.apply_result``) in the same transaction, so a
confirmed result always has its rating changes. Voiding a confirmed result rebuilds its game's
ratings, because every later rating was computed from it. Both recompute the standing totals
of the result's players (``leagues.summaries``) in that transaction too.
"""

from __future__ import annotations

from datetime import date, datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from leagues import access, ratings, summaries
from leagues.errors import LeagueError, WrongState
from leagues.models import Confirmation, League, LeagueMatch, Membership
from leagues.rounds_closing import result_confirmed
from leagues.services.common import MAX_REASON
from matches import services as matches
from matches.models import Match, Participant
from notifications import hooks as notify
from rulesets.core.house_rules import read_house_rules, split_options
from rulesets.registry import get_ruleset


def _memberships(league: League, names: list[str]) -> dict[str, str]:
    """The membership status of those of ``names`` who have one, by name (two columns, no
    model instances: ``log_result`` reads the users itself)."""
    names = [n for n in names if isinstance(n, str)]
    if not names:
        return {}
    rows = Membership.objects.filter(league=league, player__username__in=names)
    return dict(rows.values_list("player__username", "status"))


def _members_by_name(
    league: League, names: list[str], *, field: str = "placements", rows: dict | None = None
):
    """``names``, every one an active member (or an error naming them); ``rows``: their
    ``_memberships``, when read already."""
    rows = _memberships(league, names) if rows is None else rows
    for name in names:
        where = f"{field}.{name}" if field == "placements" else field
        status = rows.get(name)
        if status is None:
            raise LeagueError(
                _("'%(name)s' is not a member of this league.") % {"name": name}, field=where
            )
        if status != Membership.Status.ACTIVE:
            raise LeagueError(
                _(
                    "'%(name)s' has not accepted this league's invitation, so no result may "
                    "name them."
                )
                % {"name": name},
                field=where,
            )
    return set(names)


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
                _("Teammates share one place: team '%(team)s' is placed %(place)s.")
                % {"team": team, "place": place_of_team[team]},
                field=f"teams.{name}",
            )
        place_of_team.setdefault(team, placements[name])
    sides = {teams.get(name) or f"player:{name}" for name in placements}
    if teams and len(sides) < 2:
        raise LeagueError(_("A result needs at least two sides."), field="teams")


def _check_season(league: League, played: date) -> None:
    if league.season_start and played < league.season_start:
        raise LeagueError(
            _("The season starts on %(day)s.") % {"day": league.season_start.isoformat()},
            field="played_at",
        )
    if league.season_end and played > league.season_end:
        raise LeagueError(
            _("The season ended on %(day)s.") % {"day": league.season_end.isoformat()},
            field="played_at",
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
    rows = _memberships(league, list(placements)) if isinstance(placements, dict) else {}
    # An active member reporting a game they played in (the common case) may report it
    # whether or not they organise: their membership, read with the others named, says so.
    plays_as_member = rows.get(actor.username) == Membership.Status.ACTIVE
    if not plays_as_member:
        access.require(user=actor, action=access.Action.LOG_RESULT, league=league)
    if not isinstance(placements, dict) or not placements:
        raise LeagueError(matches.PLACES_MISSING, field="placements")
    players = _members_by_name(league, list(placements), rows=rows)
    plays = actor.username in players
    if not plays:
        access.require(user=actor, action=access.Action.REPORT_OTHERS_GAME, league=league)
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
    confirmations = [Confirmation.objects.create(result=result, player=actor)] if plays else []
    notify.result_reported(result=result)
    # The answer is the rows written here (the match's seats are log_result's, with their
    # players): nothing to read back.
    return answered(result, confirmations=confirmations, rating_changes=[])


@transaction.atomic
def add_live_match(*, league: League, actor, match: Match) -> LeagueMatch:
    """Offer a finished live match to the league. The server refereed it, so nobody can get
    its result wrong, but it counts only once each of its players (all active members) has
    confirmed it, as a logged result does: the adder, if they played, by adding it."""
    match = Match.objects.select_for_update().get(pk=match.pk)
    participants = list(match.participants.select_related("player"))
    names = [p.player.username for p in participants]
    if actor.username not in names:
        access.require(user=actor, action=access.Action.ADD_OTHERS_MATCH, league=league)
    access.require(user=actor, action=access.Action.LOG_RESULT, league=league)
    if match.ruleset != league.ruleset:
        raise LeagueError(_("This match is not a game of this league."), field="match")
    if not match.live or match.status != Match.Status.FINISHED:
        raise LeagueError(_("Only a finished live match can be added this way."), field="match")
    _check_house_rules(league, match)
    if LeagueMatch.objects.filter(match=match).exists():
        raise WrongState(_("This match already counts for a league."), field="match")
    if any(p.placement is None for p in participants):
        raise LeagueError(_("This match has no placements to count."), field="match")
    _members_by_name(league, names, field="match")
    _check_season(league, timezone.localdate(match.finished_at or match.played_at))
    result = LeagueMatch.objects.create(
        league=league,
        match=match,
        ruleset=league.ruleset,
        source=LeagueMatch.Source.LIVE,
        reported_by=actor,
    )
    if actor.username in names:
        Confirmation.objects.create(result=result, player=actor)
    return result


def _check_house_rules(league: League, match: Match) -> None:
    """A match played under other house rules than the league's is another game."""
    game = get_ruleset(league.ruleset)
    declared = getattr(game, "house_rules", ())
    played = read_house_rules(declared, split_options(match.options)[1])
    chosen = read_house_rules(declared, league.house_rules, field="house_rules")
    if played != chosen:
        names = {rule.key: rule.name for rule in declared}

        def said(keys: list[str]) -> str:
            return ", ".join(names[key] for key in keys) or _("the rulebook's text")

        raise LeagueError(
            _("This match was played with %(played)s; the league plays with %(chosen)s.")
            % {"played": said(played), "chosen": said(chosen)},
            field="match",
        )


def _filled(instance, name: str, rows: list) -> None:
    """``instance.<name>.all()`` answers ``rows`` without a query, as ``prefetch_related``
    would have left it (django/db/models/query.py, prefetch_one_level)."""
    cached = getattr(instance, name).all()  # not evaluated: its cache is filled instead
    cached._result_cache, cached._prefetch_done = list(rows), True
    instance._prefetched_objects_cache = {
        **getattr(instance, "_prefetched_objects_cache", {}),
        name: cached,
    }


def answered(
    result: LeagueMatch, *, seats: list | None = None, confirmations: list, rating_changes: list
) -> LeagueMatch:
    """``result`` answering the response's reads (``leagues.api.results.result_queryset``'s
    prefetches) with rows the write already holds, each with its player: its match's seats
    (in id order; already filled when ``seats`` is None: ``log_result``'s), its confirmations
    and its rating changes. The writes that have them save the read-back's four statements
    (docs/performance.md, "Standings")."""
    if seats is not None:
        _filled(result.match, "participants", seats)
    assert "participants" in result.match._prefetched_objects_cache
    _filled(result, "confirmations", confirmations)
    _filled(result, "rating_changes", sorted(rating_changes, key=lambda c: c.player.username))
    return result


def _confirm(result: LeagueMatch, actor, seats: list[Participant]) -> list:
    """The result counts from now on: rated, and its players' totals recomputed. Returns its
    rating changes."""
    result.status = LeagueMatch.Status.CONFIRMED
    result.confirmed_by = actor
    result.confirmed_at = timezone.now()
    changes = ratings.apply_result(result, seats=seats)  # sets rating_seq
    result.save(update_fields=["status", "confirmed_by", "confirmed_at", "rating_seq"])
    # The league was read under its row lock by _locked, in this transaction: current.
    summaries.refresh_totals(
        league=result.league,
        players={s.player_id for s in seats},
        match_id=result.match_id,
        league_locked=True,
    )
    result_confirmed(result)  # a league night's last table ends its round
    notify.result_confirmed(result=result, seats=seats)
    return changes


def _locked(result: LeagueMatch) -> LeagueMatch:
    """The first locks of every write of a result (confirm, dispute, void), which makes their
    order the same everywhere. The one lock order of a result's writes:

    1. the result row and 2. its league row, in this one statement (the result first);
    3. its game's ``RatingSeries`` row (``ratings.apply_result`` / ``recompute_ratings``);
    4. the players' ``PlayerRating`` rows, only ever touched under 3;
    then the league row again for the totals (``summaries.refresh_totals``, already held).

    Both rows are locked FOR NO KEY UPDATE, not FOR UPDATE. A rebuild (a void) writes a
    ``RatingChange`` for every counted result of the game, and at COMMIT the deferred foreign
    key checks take FOR KEY SHARE on each of those result rows, after 1-4: with FOR UPDATE, a
    result locked by a request queued behind this one (for the league row or the series) made
    the void wait for that request, a deadlock (tests/leagues/test_standing_totals_races.py).
    NO KEY UPDATE still serialises the writers of a result and of a league, but lets rows that
    merely reference them be written."""
    return (
        # Only these two rows are locked (``of``); the match and the users the answer shows
        # are joined, not locked.
        LeagueMatch.objects.select_for_update(no_key=True, of=("self", "league"))
        .select_related("league", "match", "reported_by", "confirmed_by", "disputed_by")
        .get(pk=result.pk)
    )


def _player_ids(result: LeagueMatch) -> set[int]:
    return set(
        Participant.objects.filter(match_id=result.match_id).values_list("player_id", flat=True)
    )


def _seats(result: LeagueMatch) -> list[Participant]:
    """The result's seats with their players, in id order."""
    return list(
        Participant.objects.filter(match_id=result.match_id).select_related("player").order_by("id")
    )


@transaction.atomic
def confirm_result(*, result: LeagueMatch, actor) -> LeagueMatch:
    """A player of the result agrees with it; it counts once all of them have. Confirming
    again changes nothing. The disputing player's confirmation withdraws their dispute."""
    result = _locked(result)
    seats = _seats(result)
    players = {s.player_id for s in seats}
    access.require(
        user=actor, action=access.Action.CONFIRM_RESULT, league=result.league, players=players
    )
    if result.status == LeagueMatch.Status.VOID:
        raise WrongState(_("This result is void."))
    if result.status == LeagueMatch.Status.CONFIRMED:
        return result  # every player, this one included, has confirmed it already
    # One INSERT, no savepoint: a second confirmation by the same player is the unique
    # constraint's conflict, ignored (the result's row lock orders them).
    Confirmation.objects.bulk_create(
        [Confirmation(result=result, player=actor)], ignore_conflicts=True
    )
    confirmations = list(
        Confirmation.objects.filter(result=result).select_related("player").order_by("id")
    )
    if result.status == LeagueMatch.Status.DISPUTED:
        if result.disputed_by_id != actor.pk:
            # still waits for the disputing player, or an organiser's void
            return answered(result, seats=seats, confirmations=confirmations, rating_changes=[])
        result.status = LeagueMatch.Status.REPORTED
        result.disputed_by = None
        result.dispute_reason = ""
        result.save(update_fields=["status", "disputed_by", "dispute_reason"])
    changes = []
    if players <= {c.player_id for c in confirmations}:
        changes = _confirm(result, actor, seats)
    return answered(result, seats=seats, confirmations=confirmations, rating_changes=changes)


@transaction.atomic
def dispute_result(*, result: LeagueMatch, actor, reason: str) -> LeagueMatch:
    """A player says a reported result is wrong; it waits for an organiser."""
    result = _locked(result)
    access.require(
        user=actor,
        action=access.Action.DISPUTE_RESULT,
        league=result.league,
        players=_player_ids(result),
    )
    if result.status != LeagueMatch.Status.REPORTED:
        refusals = {
            LeagueMatch.Status.CONFIRMED: _(
                "Only a result waiting for confirmation can be disputed; this one is confirmed. "
                "Ask an organiser to void it."
            ),
            LeagueMatch.Status.DISPUTED: _(
                "Only a result waiting for confirmation can be disputed; this one is disputed. "
                "Ask an organiser to void it."
            ),
        }
        raise WrongState(
            refusals.get(
                result.status,
                _(
                    "Only a result waiting for confirmation can be disputed; this one is void. "
                    "Ask an organiser to void it."
                ),
            )
        )
    if not isinstance(reason, str) or not reason.strip() or len(reason) > MAX_REASON:
        raise LeagueError(
            _("Say what is wrong, in 1 to %(most)s characters.") % {"most": MAX_REASON},
            field="reason",
        )
    result.status = LeagueMatch.Status.DISPUTED
    result.disputed_by = actor
    result.dispute_reason = reason.strip()
    result.save(update_fields=["status", "disputed_by", "dispute_reason"])
    notify.result_disputed(result=result, actor=actor)
    return result


@transaction.atomic
def void_result(*, result: LeagueMatch, actor, reason: str = "") -> LeagueMatch:
    """An organiser strikes a result out. If it had counted, its game's ratings are rebuilt."""
    result = _locked(result)
    access.require(user=actor, action=access.Action.VOID_RESULT, league=result.league)
    if result.status == LeagueMatch.Status.VOID:
        raise WrongState(_("This result is already void."))
    was_confirmed = result.status == LeagueMatch.Status.CONFIRMED
    result.status = LeagueMatch.Status.VOID
    result.voided_by = actor
    result.void_reason = (reason or "").strip()[:MAX_REASON]
    result.save(update_fields=["status", "voided_by", "void_reason"])
    if was_confirmed:
        ratings.recompute_ratings(ruleset=result.ruleset)
        summaries.refresh_totals(
            league=result.league, players=_player_ids(result), match_id=result.match_id
        )
    return result
