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

Opponents' strength and head-to-head depend on other players' totals or on pairs of players,
so they are not stored: ``leagues/standings.py`` computes them in SQL when read, and caches them
under the league's ``standings_revision``, which every writer here bumps.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable

from django.db import transaction
from django.db.models import F
from django.db.models.fields.json import KT

from leagues.models import League, LeagueMatch, StandingTotals
from leagues.scoring import KILLS, MAIN_SCORE, Entry, Scoring, outcomes, side_places
from matches.models import Participant

FIELDS = ("played", "won", "drawn", "lost", "places", "difference", "kills")
_OUTCOME_FIELD = {"win": "won", "draw": "drawn", "loss": "lost"}


def score_value(value) -> int:
    """A score as a whole number (text on PostgreSQL, a number on SQLite; 0 when missing)."""
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
    score_names = list(score_names)
    rows = Participant.objects.filter(
        match__league_result__league=league,
        match__league_result__status=LeagueMatch.Status.CONFIRMED,
    )
    if players is not None:
        theirs = Participant.objects.filter(
            player_id__in=list(players),
            match__league_result__league=league,
            match__league_result__status=LeagueMatch.Status.CONFIRMED,
        ).values("match_id")
        rows = rows.filter(match_id__in=theirs)
    rows = rows.order_by("match_id", "id").values_list(
        "match_id", "player_id", "placement", "team", *(KT(f"scores__{f}") for f in score_names)
    )
    out: dict[int, list[Entry]] = defaultdict(list)
    for match_id, player, placement, team, *values in rows:
        scores = {f: v for f, v in zip(score_names, values, strict=True) if v is not None}
        out[match_id].append(Entry(player, placement, team, scores))
    return out


def totals_of(
    results: Iterable[list[Entry]],
    *,
    main: str | None,
    kills: str | None,
    players: set[int] | None = None,
) -> dict[int, dict]:
    """Each player's totals over ``results`` (only for ``players`` when given): the fields of
    ``FIELDS`` and ``place_counts`` ({side place: results}). Points are ``points_of``'s."""
    out: dict[int, dict] = {}
    for entries in results:
        places = side_places(entries)
        result_outcomes = outcomes(entries, places)
        side_best: dict[str, int] = {}
        if main:
            for e in entries:
                side_best[e.side] = max(side_best.get(e.side, 0), score_value(e.scores.get(main)))
        for e in entries:
            if players is not None and e.player not in players:
                continue
            row = out.get(e.player)
            if row is None:
                row = out[e.player] = {**dict.fromkeys(FIELDS, 0), "place_counts": Counter()}
            row["played"] += 1
            row[_OUTCOME_FIELD[result_outcomes[e.player]]] += 1
            row["places"] += places[e.player]
            row["place_counts"][places[e.player]] += 1
            if kills:
                row["kills"] += score_value(e.scores.get(kills))
            if main:
                best_other = max((v for s, v in side_best.items() if s != e.side), default=0)
                row["difference"] += score_value(e.scores.get(main)) - best_other
    return out


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


@transaction.atomic
def refresh_totals(*, league: League, players: Iterable[int]) -> None:
    """Recompute ``players``' totals in ``league`` from its confirmed results: called in the
    transaction that makes a result of theirs start or stop counting."""
    players = set(players)
    league = _lock(league)
    main, kills = score_fields(league.ruleset)
    results = confirmed_entries(league, [f for f in (main, kills) if f], players=players)
    totals = totals_of(results.values(), main=main, kills=kills, players=players)
    scoring = Scoring.of(league)
    StandingTotals.objects.filter(league=league, player_id__in=players).delete()
    StandingTotals.objects.bulk_create(_row(league, p, t, scoring) for p, t in totals.items())


@transaction.atomic
def rebuild_totals(*, league: League) -> int:
    """Recompute every player's totals in ``league`` from scratch; returns the rows written."""
    league = _lock(league)
    main, kills = score_fields(league.ruleset)
    results = confirmed_entries(league, [f for f in (main, kills) if f])
    totals = totals_of(results.values(), main=main, kills=kills)
    scoring = Scoring.of(league)
    StandingTotals.objects.filter(league=league).delete()
    rows = StandingTotals.objects.bulk_create(
        (_row(league, p, t, scoring) for p, t in totals.items()), batch_size=2000
    )
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
