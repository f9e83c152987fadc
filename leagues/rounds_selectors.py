"""Reads of league nights: rounds with their tables, the event standings, who is checked in,
and a player's current table (the home page's line)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Prefetch

from leagues import event_standings
from leagues.models import CheckIn, League, LeagueMatch, Membership
from leagues.rounds_models import Round, RoundSeat, RoundTable
from leagues.scoring import Entry, Scoring, outcomes, side_places
from matches.models import Participant


def rounds_of(league: League):
    """The league's rounds, oldest first, with tables, seats and results."""
    return (
        Round.objects.filter(league=league)
        .order_by("number")
        .prefetch_related(
            Prefetch(
                "seats",
                queryset=RoundSeat.objects.select_related("player", "table").order_by(
                    "table__number", "id"
                ),
            ),
            Prefetch("tables", queryset=RoundTable.objects.select_related("result")),
        )
    )


def round_answer(round_: Round) -> dict:
    """A round as the API and the pages show it."""
    seats = list(round_.seats.all())
    tables = []
    for table in sorted(round_.tables.all(), key=lambda t: t.number):
        result = table.result
        tables.append(
            {
                "table": table.number,
                "players": [s.player.username for s in seats if s.table_id == table.pk],
                "result": result.pk if result else None,
                "status": _table_status(table),
            }
        )
    return {
        "number": round_.number,
        "status": round_.status,
        "opened_at": round_.opened_at,
        "deadline": round_.deadline,
        "closed_at": round_.closed_at,
        "tables": tables,
        "byes": [s.player.username for s in seats if s.table_id is None],
    }


def _table_status(table: RoundTable) -> str:
    """waiting (no result), reported, confirmed, or what the close recorded."""
    result = table.result
    if result is not None and result.status == LeagueMatch.Status.CONFIRMED:
        return "confirmed"
    if table.recorded:
        return table.recorded
    if result is not None and result.status != LeagueMatch.Status.VOID:
        return result.status
    return "waiting"


def bye_points(league: League) -> int:
    if league.bye_points is not None:
        return league.bye_points
    if league.scoring == League.Scoring.WIN_DRAW_LOSS:
        return league.points_win
    return int(league.points_table.get("1", 0))


def _recorded(table: RoundTable, players: tuple[int, ...], league: League, rnd: int):
    worth = {
        "loss": 0 if league.scoring == "placement" else league.points_loss,
        "draw": league.points_draw,
    }[table.recorded]
    return event_standings.TableRecord(
        round=rnd,
        players=players,
        counted=True,
        points=dict.fromkeys(players, worth),
        outcome=dict.fromkeys(players, table.recorded),
        place=dict.fromkeys(players, 1 if table.recorded == "draw" else 2),
    )


def table_records(league: League, rounds: list[Round]) -> tuple[list, list[int]]:
    """Every table of ``rounds`` as it counts now, and every bye (one entry each)."""
    scoring = Scoring.of(league)
    confirmed = [
        t.result.match_id
        for r in rounds
        for t in r.tables.all()
        if t.result and t.result.status == LeagueMatch.Status.CONFIRMED
    ]
    entries: dict[int, list[Entry]] = {}
    for match_id, player, placement, team in Participant.objects.filter(
        match_id__in=confirmed
    ).values_list("match_id", "player_id", "placement", "team"):
        entries.setdefault(match_id, []).append(Entry(player, placement, team))
    records, byes = [], []
    for r in rounds:
        seats = list(r.seats.all())
        byes += [s.player_id for s in seats if s.table_id is None]
        for table in r.tables.all():
            players = tuple(s.player_id for s in seats if s.table_id == table.pk)
            result = table.result
            if result and result.match_id in entries:
                rows = entries[result.match_id]
                places = side_places(rows)
                records.append(
                    event_standings.TableRecord(
                        round=r.number,
                        players=players,
                        counted=True,
                        points=scoring.points(rows, places=places),
                        outcome=outcomes(rows, places),
                        place=places,
                    )
                )
            elif table.recorded in ("loss", "draw"):
                records.append(_recorded(table, players, league, r.number))
            else:
                records.append(event_standings.TableRecord(round=r.number, players=players))
    return records, byes


def event_standings_of(league: League) -> list[dict]:
    """The night's standings over every round of the league (open ones as far as confirmed)."""
    rounds = list(rounds_of(league))
    records, byes = table_records(league, rounds)
    seated = {p for t in records for p in t.players} | set(byes)
    names = dict(get_user_model().objects.filter(pk__in=seated).values_list("pk", "username"))
    return event_standings.standings(
        sorted(seated), records, byes, bye_points=bye_points(league), names=names
    )


def checked_in(league: League) -> list[str]:
    """Who the next round pairs: the checked-in active members, or every active member who
    has not dropped when the league does not ask for check-in."""
    members = Membership.objects.filter(league=league, status=Membership.Status.ACTIVE)
    if league.asks_check_in:
        ids = CheckIn.objects.filter(
            league=league, status=CheckIn.Status.IN, player__in=members.values("player")
        ).values("player")
    else:
        dropped = CheckIn.objects.filter(league=league, status=CheckIn.Status.DROPPED)
        ids = members.exclude(player__in=dropped.values("player")).values("player")
    return sorted(get_user_model().objects.filter(pk__in=ids).values_list("username", flat=True))


def my_tables(user) -> list[dict]:
    """Where the user sits in the rounds being played: league, round, table (None for a bye),
    opponents. Two queries: the seats, then the other players of those tables."""
    seats = list(
        RoundSeat.objects.filter(player=user, round__status=Round.Status.OPEN)
        .select_related("round__league", "table")
        .order_by("round__opened_at", "id")
    )
    others: dict[int, list[str]] = {}
    tables = [s.table_id for s in seats if s.table_id]
    if tables:
        rows = (
            RoundSeat.objects.filter(table_id__in=tables)
            .exclude(player=user)
            .order_by("id")
            .values_list("table_id", "player__username")
        )
        for table_id, name in rows:
            others.setdefault(table_id, []).append(name)
    return [
        {
            "league": s.round.league,
            "round": s.round.number,
            "table": s.table.number if s.table_id else None,
            "opponents": others.get(s.table_id, []),
            "deadline": s.round.deadline,
        }
        for s in seats
    ]


def rounds_closing(*, now, until) -> list[dict]:
    """Open league rounds whose deadline falls in (now, until], with the players seated at a
    table still waiting for its result (a bye waits for nothing): the "round closing within
    24 hours" sweep asks this (registered with notifications from ``LeaguesConfig.ready()``)."""
    rounds = list(
        Round.objects.filter(
            status=Round.Status.OPEN, deadline__gt=now, deadline__lte=until
        ).select_related("league")
    )
    waiting: dict[int, set[int]] = {r.pk: set() for r in rounds}
    seats = RoundSeat.objects.filter(round__in=rounds, table__isnull=False).exclude(
        table__result__status=LeagueMatch.Status.CONFIRMED
    )
    for round_id, player_id in seats.values_list("round_id", "player_id"):
        waiting[round_id].add(player_id)
    return [
        {
            "round_id": r.pk,
            "owner_id": r.league_id,
            "name": r.league.name,
            "number": r.number,
            "deadline": r.deadline,
            "people": sorted(waiting[r.pk]),
        }
        for r in rounds
    ]
