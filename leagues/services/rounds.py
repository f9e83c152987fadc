"""League nights: check-in and drops, opening a round (pairing it), results by table,
closing a round (docs/rules/leagues.md, "League nights").

A table's result is an ordinary league result: ``results.report_result`` records it and its
players confirm it with ``results.confirm_result``, as any other; here only which table it
is for, and who may report it (a player of that table). Who may do what:
``leagues.access``.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from leagues import access, pairing, rounds_selectors
from leagues.errors import LeagueError, WrongState
from leagues.models import CheckIn, League, LeagueMatch, Membership
from leagues.rounds_closing import close as _close
from leagues.rounds_closing import complete as _complete
from leagues.rounds_models import Round, RoundSeat, RoundTable
from leagues.services import results
from notifications import hooks as notify
from rulesets.registry import get_ruleset

MAX_MINUTES = 24 * 60
UNREPORTED = ("unplayed", "loss", "draw")


def _locked_league(league: League) -> League:
    # The league row orders every write of its rounds (opening, closing, reporting a table).
    return League.objects.select_for_update(no_key=True).get(pk=league.pk)


def _next_number(league: League) -> int:
    return (Round.objects.filter(league=league).aggregate(n=Max("number"))["n"] or 0) + 1


def _open_round(league: League) -> Round | None:
    return Round.objects.filter(league=league, status=Round.Status.OPEN).first()


# --- check-in -------------------------------------------------------------------------------------


def _presence(*, league: League, actor, player, status: str) -> CheckIn:
    access.require(user=actor, action=access.Action.CHECK_IN, league=league, player=player)
    if not Membership.objects.filter(
        league=league, player=player, status=Membership.Status.ACTIVE
    ).exists():
        raise LeagueError(
            _("'%(name)s' is not a member of this league.") % {"name": player.username},
            field="player",
        )
    league = _locked_league(league)
    check_in, _created = CheckIn.objects.update_or_create(
        league=league,
        player=player,
        defaults={
            "status": status,
            "from_round": _next_number(league),
            "at": timezone.now(),
            "by": actor,
        },
    )
    return check_in


@transaction.atomic
def check_in(*, league: League, actor, player) -> CheckIn:
    """The player is paired from the next round on (a late arrival: from the next one)."""
    return _presence(league=league, actor=actor, player=player, status=CheckIn.Status.IN)


@transaction.atomic
def drop(*, league: League, actor, player) -> CheckIn:
    """The player is not paired from the next round on; their tables so far still count."""
    return _presence(league=league, actor=actor, player=player, status=CheckIn.Status.DROPPED)


# --- opening a round ------------------------------------------------------------------------------


def _deadline(minutes: object) -> datetime | None:
    if minutes is None:
        return None
    if isinstance(minutes, bool) or not isinstance(minutes, int):
        raise LeagueError(_("Give the round's length in whole minutes."), field="minutes")
    if not 1 <= minutes <= MAX_MINUTES:
        raise LeagueError(
            _("A round lasts 1 to %(most)s minutes.") % {"most": MAX_MINUTES}, field="minutes"
        )
    return timezone.now() + timedelta(minutes=minutes)


def _players_to_seat(league: League, number: int) -> list[pairing.Player]:
    """Those the round pairs, best-ranked first, with their points, byes and opponents."""
    names = set(rounds_selectors.checked_in(league))
    past = list(rounds_selectors.rounds_of(league))
    records, byes = rounds_selectors.table_records(league, past)
    met = pairing.met_from([t.players for t in records])
    rows = rounds_selectors.event_standings_of(league)
    known = {row["player"]: row for row in rows}
    users = dict(get_user_model().objects.filter(username__in=names).values_list("username", "pk"))
    # Players level in the standings meet in an order drawn for this round (seeded, so the
    # pairing of a round can be worked out again).
    draw = random.Random(f"{league.pk}:{number}")
    order = sorted(
        names, key=lambda n: (known[n]["rank"] if n in known else len(rows) + 1, draw.random())
    )
    return [
        pairing.Player(
            id=users[n],
            points=known[n]["points"] if n in known else 0,
            byes=byes.count(users[n]),
            met=frozenset(met.get(users[n], ())),
        )
        for n in order
    ]


@transaction.atomic
def open_round(*, league: League, actor, minutes: object = None) -> Round:
    """Pair the next round. A round still open closes first if every table is confirmed;
    otherwise the organiser closes it (``close_round``)."""
    access.require(user=actor, action=access.Action.RUN_ROUNDS, league=league)
    deadline = _deadline(minutes)
    league = _locked_league(league)
    current = _open_round(league)
    if current is not None:
        if not _complete(current):
            raise WrongState(
                _("Round %(round)s is still being played: close it first.")
                % {"round": current.number},
                field="round",
            )
        _close(current, actor=actor, unreported=league.unreported_tables)
    number = _next_number(league)
    players = _players_to_seat(league, number)
    if len(players) < 2:
        raise WrongState(_("A round needs at least two players checked in."), field="players")
    game = get_ruleset(league.ruleset)
    paired = pairing.pair_round(players, min_size=game.min_players, max_size=game.max_players)
    round_ = Round.objects.create(league=league, number=number, opened_by=actor, deadline=deadline)
    tables = RoundTable.objects.bulk_create(
        [RoundTable(round=round_, number=i) for i in range(1, len(paired.tables) + 1)]
    )
    seats = [
        RoundSeat(round=round_, table=table, player_id=p)
        for table, players_at in zip(tables, paired.tables, strict=True)
        for p in players_at
    ]
    seats += [RoundSeat(round=round_, table=None, player_id=p) for p in paired.byes]
    RoundSeat.objects.bulk_create(seats)
    notify.league_round_paired(
        round_=round_, tables=[list(t) for t in paired.tables], byes=list(paired.byes)
    )
    return round_


# --- results by table -----------------------------------------------------------------------------


def _table(league: League, round_number: object, table_number: object) -> RoundTable:
    if isinstance(round_number, bool) or not isinstance(round_number, int):
        raise LeagueError(_("Give the round's number."), field="round")
    if isinstance(table_number, bool) or not isinstance(table_number, int):
        raise LeagueError(_("Give the table's number."), field="table")
    round_ = Round.objects.filter(league=league, number=round_number).first()
    if round_ is None:
        raise LeagueError(
            _("This league has no round %(round)s.") % {"round": round_number}, field="round"
        )
    table = (
        RoundTable.objects.select_for_update(of=("self",))
        .select_related("round", "result")
        .filter(round=round_, number=table_number)
        .first()
    )
    if table is None:
        raise LeagueError(
            _("Round %(round)s has no table %(table)s.")
            % {"round": round_number, "table": table_number},
            field="table",
        )
    return table


@transaction.atomic
def report_table_result(
    *,
    league: League,
    actor,
    round: object,
    table: object,
    placements: object,
    scores: dict | None = None,
    teams: dict | None = None,
    played_at: datetime | None = None,
) -> LeagueMatch:
    """A player of the table reports its result; the others confirm it as any result."""
    where = _table(league, round, table)
    seats = dict(RoundSeat.objects.filter(table=where).values_list("player__username", "player_id"))
    access.require(
        user=actor,
        action=access.Action.REPORT_TABLE,
        league=league,
        players=set(seats.values()),
        table=table,
    )
    if where.result is not None and where.result.status != LeagueMatch.Status.VOID:
        raise WrongState(
            _("Table %(table)s of round %(round)s has a result already: confirm or dispute it.")
            % {"table": table, "round": round},
            field="table",
        )
    if isinstance(placements, dict) and set(placements) != set(seats):
        raise LeagueError(
            _("Table %(table)s of round %(round)s is %(seats)s; this result names %(named)s.")
            % {
                "table": table,
                "round": round,
                "seats": ", ".join(sorted(seats)),
                "named": ", ".join(sorted(map(str, placements))),
            },
            field="placements",
        )
    result = results.report_result(
        league=league,
        actor=actor,
        placements=placements,
        scores=scores,
        teams=teams,
        played_at=played_at,
    )
    where.result = result
    where.save(update_fields=["result"])
    return result


# --- closing a round ------------------------------------------------------------------------------


@transaction.atomic
def close_round(*, league: League, actor, unreported: object = None) -> Round:
    """The organiser ends the open round: each table without a confirmed result is recorded
    as ``unreported`` says (the league's setting when not given). A result confirmed later
    still counts for its table instead."""
    access.require(user=actor, action=access.Action.RUN_ROUNDS, league=league)
    league = _locked_league(league)
    unreported = league.unreported_tables if unreported is None else unreported
    if unreported not in UNREPORTED:
        raise LeagueError(
            _("One of: %(choices)s.") % {"choices": ", ".join(UNREPORTED)}, field="unreported"
        )
    if unreported == "draw" and league.scoring != League.Scoring.WIN_DRAW_LOSS:
        raise LeagueError(
            _("A draw is recorded only in a league scored win / draw / loss."), field="unreported"
        )
    current = _open_round(league)
    if current is None:
        raise WrongState(_("No round is being played."), field="round")
    return _close(current, actor=actor, unreported=unreported)
