"""Standing totals: each player's played, won, drawn, lost, points, places, score difference
and kills in a league, kept in ``StandingTotals`` so that the standings read one row per
player instead of every confirmed result (docs/performance.md, "Standings").

Kept, never drifting:

- **Recomputed, not added to.** When a result starts or stops counting (``confirm_result``,
  ``void_result``), the totals of *its players* are recomputed from every confirmed result
  they played in this league, in the same transaction, by the same function the rebuild uses
  (``totals_of``). No delta is ever applied, so a bug cannot accumulate.
- **Serialised by the league row.** ``refresh_totals`` locks the league (the UPDATE that
  bumps its ``standings_revision``) before it reads the results: two confirmations sharing a
  player in one league queue up, and the second reads the first one's result once it has
  committed (READ COMMITTED reads each statement afresh). The result row is always locked
  first, the league second, everywhere.
- **Points follow the settings.** Points depend on the league's scoring, which an organiser may
  change: a row keeps how many results ended at each side place and its outcomes, and
  ``rescore_totals`` (called by ``update_league``) recomputes every row's points from those
  without reading a result.
- ``manage.py rebuild_standings`` recomputes every league from scratch;
  ``tests/leagues/test_standing_totals.py`` proves incremental = rebuilt over random seasons.

Opponents' strength and head-to-head depend on pairs of players, so they are kept per pair
(``StandingPair``), in the same transactions, recomputed the same way: when a result starts or
stops counting, the rows between *its players* are recomputed from every confirmed result two
of them both played (``pairs_of``). The only pairs a result is part of are pairs of its own
players, so no other row can change. A pair's row does not depend on the points table: strength
is Σ weight × the other's current points, one join of the pairs with the totals when read
(``leagues/standings.py``), so new points rescore no pair.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable

from django.db import transaction
from django.db.models import F
from django.db.models.fields.json import KT

from leagues import seats, standing_writes
from leagues.models import League, LeagueMatch, StandingPair, StandingSeat, StandingTotals
from leagues.scoring import KILLS, MAIN_SCORE, Entry, Scoring, outcomes, side_places
from matches.models import Participant
from rulesets.registry import get_ruleset

FIELDS = ("played", "won", "drawn", "lost", "places", "difference", "kills")
_OUTCOME_FIELD = {"win": "won", "draw": "drawn", "loss": "lost"}


def score_value(value) -> int:
    """A score as a whole number (read out of the JSON as text; 0 when missing)."""
    if isinstance(value, str):
        try:
            return int(value)
        except ValueError:
            return 0
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def score_fields(ruleset: str) -> tuple[str | None, str | None]:
    """The game's main score (for the score difference) and kill count, or None."""
    return MAIN_SCORE.get(ruleset), KILLS.get(ruleset)


def confirmed_entries(
    league: League, score_names: Iterable[str] = (), *, players: Iterable[int] | None = None
) -> dict[int, list[Entry]]:
    """The league's confirmed results as entries, by match id, oldest first; with ``players``,
    only the results one of them played in (with every participant of those results). Only
    the named score fields are read, straight out of the JSON in SQL."""
    score_names = tuple(score_names)
    if players is None:
        rows = _confirmed_rows(league.pk, score_names)
    else:
        players = list(dict.fromkeys(players))
        rows = _confirmed_rows(league.pk, score_names, players) if players else []
    out: dict[int, list[Entry]] = defaultdict(list)
    if len(score_names) == 1:  # most games: one score read (the main one or the kills)
        (name,) = score_names
        for match_id, player, placement, team, value in rows:
            scores = {name: value} if value is not None else {}
            out[match_id].append(Entry(player, placement, team, scores))
        return out
    for match_id, player, placement, team, *values in rows:
        scores = {f: v for f, v in zip(score_names, values, strict=True) if v is not None}
        out[match_id].append(Entry(player, placement, team, scores))
    return out


def _confirmed_rows(league, score_names: tuple, players: list | None = None):
    """``confirmed_entries``'s query (``league`` and ``players`` values or stand-ins). With
    ``players``, the seats of the results one of them played: picked from their own seats
    (an index lookup each), which are those of counted results of this league. The outer rows
    are then read by match id alone: filtering them by league as well joined the match and
    the result a second time, six relations that PostgreSQL took longer to plan than to run
    (docs/performance.md)."""
    if players is None:
        counted = LeagueMatch.objects.filter(league=league, status=LeagueMatch.Status.CONFIRMED)
        rows = Participant.objects.filter(match_id__in=counted.values("match_id"))
    else:
        theirs = Participant.objects.filter(
            player_id__in=players,
            match__league_result__league=league,
            match__league_result__status=LeagueMatch.Status.CONFIRMED,
        ).values("match_id")
        rows = Participant.objects.filter(match_id__in=theirs)
    return rows.order_by("match_id", "id").values_list(
        "match_id", "player_id", "placement", "team", *(KT(f"scores__{f}") for f in score_names)
    )


def totals_of(
    results: Iterable[list[Entry]],
    *,
    main: str | None,
    kills: str | None,
    players: set[int] | None = None,
) -> dict[int, dict]:
    """Each player's totals over ``results`` (only for ``players`` when given): the fields of
    ``FIELDS`` and ``place_counts`` ({side place: results}). Points are ``points_of``'s."""
    return totals_and_pairs(results, main=main, kills=kills, scale=None, players=players)[0]


def strength_scale(ruleset: str) -> int:
    """A common multiple of every possible number of opponents in this game: opponents' means
    of points times it are whole numbers."""
    game = get_ruleset(ruleset)
    return math.lcm(*range(1, (game.max_players if game else 8) + 1))


def pairs_of(
    results: Iterable[list[Entry]], *, scale: int, players: set[int] | None = None
) -> dict[tuple[int, int], list[int]]:
    """{(player, other): [weight, head_to_head]} over ``results`` for every two players who met
    (both in ``players`` when given); see ``StandingPair``. Places are side places, so
    teammates share theirs (and are no opponents: weight 0)."""
    return totals_and_pairs(results, main=None, kills=None, scale=scale, players=players)[1]


def totals_and_pairs(
    results: Iterable[list[Entry]],
    *,
    main: str | None,
    kills: str | None,
    scale: int | None,
    players: set[int] | None = None,
) -> tuple[dict[int, dict], dict[tuple[int, int], list[int]]]:
    """``totals_of`` and, when ``scale`` is given, ``pairs_of``, in one pass: each result's
    side places and outcomes are worked out once for both. This runs over every result of the
    players of each counting confirmation, so it reads each seat's side and place once."""
    totals: dict[int, dict] = {}
    pairs: dict[tuple[int, int], list[int]] = {}
    for entries in results:
        mine = entries if players is None else [e for e in entries if e.player in players]
        if not mine:
            continue
        places = side_places(entries)
        result_outcomes = outcomes(entries, places)
        sides = {e.player: e.side for e in entries}
        side_best: dict = {}
        if main:
            mains = {e.player: score_value(e.scores.get(main)) for e in entries}
            for player, value in mains.items():
                side = sides[player]
                side_best[side] = max(side_best.get(side, 0), value)
        for e in mine:
            player = e.player
            row = totals.get(player)
            if row is None:
                row = totals[player] = {**dict.fromkeys(FIELDS, 0), "place_counts": Counter()}
            place = places[player]
            row["played"] += 1
            row[_OUTCOME_FIELD[result_outcomes[player]]] += 1
            row["places"] += place
            row["place_counts"][place] += 1
            if kills:
                row["kills"] += score_value(e.scores.get(kills))
            if main:
                side = sides[player]
                best_other = max((v for s, v in side_best.items() if s != side), default=0)
                row["difference"] += mains[player] - best_other
        if scale is None or len(mine) < 2:
            continue
        # Without teams every side is one player: everyone else is an opponent.
        sizes = Counter(sides.values()) if any(e.team for e in entries) else None
        for a in mine:
            side = sides[a.player]
            opponents = len(entries) - (sizes[side] if sizes else 1)
            share = scale // opponents if opponents else 0
            here = places[a.player]
            for b in mine:
                if b.player == a.player:
                    continue
                there = places[b.player]
                key = (a.player, b.player)
                pair = pairs.get(key)
                if pair is None:
                    pair = pairs[key] = [0, 0]
                if sides[b.player] != side:
                    pair[0] += share
                pair[1] += 2 if here < there else 1 if here == there else 0
    return totals, pairs


def points_of(*, won: int, drawn: int, lost: int, place_counts: dict, scoring: Scoring) -> int:
    """A player's points from their totals, with the league's settings (the same sum as
    ``Scoring.points`` over each result)."""
    if scoring.scoring == "win_draw_loss":
        return won * scoring.points_win + drawn * scoring.points_draw + lost * scoring.points_loss
    table = scoring.points_table
    return sum(table.get(str(place), 0) * count for place, count in place_counts.items())


def row_values(player: int, totals: dict, scoring: Scoring) -> dict:
    """The fields of one ``StandingTotals`` row (the data migration writes them too)."""
    counts = {str(place): n for place, n in sorted(totals["place_counts"].items())}
    return {
        "player_id": player,
        **{f: totals[f] for f in FIELDS},
        "place_counts": counts,
        "points": points_of(
            won=totals["won"],
            drawn=totals["drawn"],
            lost=totals["lost"],
            place_counts=counts,
            scoring=scoring,
        ),
    }


def _row(league: League, player: int, totals: dict, scoring: Scoring) -> StandingTotals:
    return StandingTotals(league=league, **row_values(player, totals, scoring))


def bump(league: League) -> None:
    """The league's standings revision grows by one: the UPDATE takes the league row lock that
    serialises every change of its totals, and moves the key the standings cache by."""
    League.objects.filter(pk=league.pk).update(standings_revision=F("standings_revision") + 1)


def _lock(league: League) -> League:
    bump(league)
    return League.objects.get(pk=league.pk)


# No savepoint of its own (a SAVEPOINT and its RELEASE per confirmation): a failure here
# rolls the caller's whole transaction back, as it must, since the result would count with
# stale totals otherwise.
@transaction.atomic(savepoint=False)
def refresh_totals(
    *, league: League, players: Iterable[int], match_id: int, league_locked: bool = False
) -> None:
    """Recompute ``players``' totals in ``league`` from its confirmed results: called in the
    transaction that makes a result of theirs (``match_id``'s, whose players they are) start
    or stop counting. ``league_locked``: the caller read ``league`` under its row lock in this
    transaction (``_locked``), so it is current and is not read again (the lock is still taken
    here by the revision's UPDATE). The result's seats are written or deleted and the
    opponents' points of every seat at these players' results recomputed (``leagues/seats.py``)."""
    players = set(players)
    if league_locked:
        bump(league)
    else:
        league = _lock(league)
    main, kills = score_fields(league.ruleset)
    results = confirmed_entries(league, [f for f in (main, kills) if f], players=players)
    totals, pairs = totals_and_pairs(
        results.values(),
        main=main,
        kills=kills,
        scale=strength_scale(league.ruleset),
        players=players,
    )
    scoring = Scoring.of(league)
    rows = [row_values(player, row, scoring) for player, row in totals.items()]
    standing_writes.replace_rows(league_id=league.pk, players=players, totals=rows, pairs=pairs)
    if match_id in results:  # it starts counting (a result counts once: no seats yet)
        rows = seats.seat_rows(match_id, results[match_id], scale=strength_scale(league.ruleset))
        seats.write_seats(league_id=league.pk, rows=rows)
    else:  # it stopped counting
        seats.delete_seats(league_id=league.pk, match_id=match_id)
    seats.refresh_opponents(league_id=league.pk, players=players)


@transaction.atomic
def rebuild_totals(*, league: League) -> int:
    """Recompute every player's totals and pairs in ``league`` from scratch; returns the
    players' rows written."""
    league = _lock(league)
    main, kills = score_fields(league.ruleset)
    results = confirmed_entries(league, [f for f in (main, kills) if f])
    totals, pairs = totals_and_pairs(
        results.values(), main=main, kills=kills, scale=strength_scale(league.ruleset)
    )
    scoring = Scoring.of(league)
    StandingTotals.objects.filter(league=league).delete()
    rows = StandingTotals.objects.bulk_create(
        (_row(league, p, t, scoring) for p, t in totals.items()), batch_size=2000
    )
    StandingPair.objects.filter(league=league).delete()
    standing_writes.write_all_pairs(league_id=league.pk, pairs=pairs)
    StandingSeat.objects.filter(league=league).delete()
    scale = strength_scale(league.ruleset)
    seats.write_seats(
        league_id=league.pk,
        rows=(
            row
            for m, entries in results.items()
            for row in seats.seat_rows(m, entries, scale=scale)
        ),
    )
    seats.refresh_opponents(league_id=league.pk)
    return len(rows)


def rescore_totals(*, league: League) -> None:
    """Every row's points again, after the league's points changed (the caller holds the
    league row lock, as ``update_league`` does). Reads no result."""
    bump(league)
    scoring = Scoring.of(league)
    rows = list(StandingTotals.objects.filter(league=league))
    for row in rows:
        row.points = points_of(
            won=row.won,
            drawn=row.drawn,
            lost=row.lost,
            place_counts=row.place_counts,
            scoring=scoring,
        )
    StandingTotals.objects.bulk_update(rows, ["points"], batch_size=1000)
    seats.refresh_opponents(league_id=league.pk)  # every opponent's points may have changed
