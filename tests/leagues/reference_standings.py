"""The standings as they were computed before the standing totals (issue #20): every confirmed
result read and summed on each read. Kept as the oracle the totals are checked against
(tests/leagues/test_standing_totals.py); not used by the application."""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction
from functools import cache

from django.db.models.fields.json import KT

from leagues.models import League, LeagueMatch, Membership
from leagues.scoring import KILLS, MAIN_SCORE, Entry, Scoring, outcomes, side_places
from matches.models import Participant
from ranking import by_field, head_to_head, rank
from rulesets.registry import get_ruleset


def confirmed_entries(league: League, score_fields: list[str] = ()) -> dict[int, list[Entry]]:
    """The league's confirmed results as entries, by match id, oldest result first. Only the
    named score fields are read, straight out of the JSON in SQL."""
    rows = (
        Participant.objects.filter(
            match__league_result__league=league,
            match__league_result__status=LeagueMatch.Status.CONFIRMED,
        )
        .order_by("match_id", "id")
        .values_list(
            "match_id",
            "player_id",
            "placement",
            "team",
            *(KT(f"scores__{f}") for f in score_fields),
        )
    )
    out: dict[int, list[Entry]] = defaultdict(list)
    for match_id, player, placement, team, *values in rows:
        scores = {f: v for f, v in zip(score_fields, values, strict=True) if v is not None}
        out[match_id].append(Entry(player, placement, team, scores))
    return out


def _score(entry: Entry, name: str | None) -> int:
    """A score as a whole number (it may come as text; 0 when missing)."""
    value = entry.scores.get(name) if name else None
    if isinstance(value, str):
        try:
            return int(value)
        except ValueError:
            return 0
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _round(value: Fraction | None) -> float | None:
    return None if value is None else round(float(value), 2)


def reference_standings(league: League) -> dict:
    """The table: points from confirmed results, then the league's tie-breakers in order.

    Rows carry ``player``, ``rank`` (tied rows share it), ``tied``, ``points``, ``played``,
    ``won`` / ``drawn`` / ``lost``, ``average_placement``, ``opponents_strength``,
    ``score_difference`` and ``kills`` (None for a game without that score).
    """
    scoring = Scoring.of(league)
    main, kills_field = MAIN_SCORE.get(league.ruleset), KILLS.get(league.ruleset)
    names = dict(
        Membership.objects.filter(league=league, status=Membership.Status.ACTIVE)
        .order_by("player__username")
        .values_list("player_id", "player__username")
    )
    results = confirmed_entries(league, [f for f in (main, kills_field) if f])

    # Plain ints all through: opponents' strength is kept times ``scale`` (a common multiple
    # of every possible number of opponents) so that means of points stay exact.
    game = get_ruleset(league.ruleset)
    scale = math.lcm(*range(1, (game.max_players if game else 8) + 1))
    fields = (
        "points",
        "played",
        "won",
        "drawn",
        "lost",
        "places",
        "strength",
        "difference",
        "kills",
    )
    stats: dict[str, dict[int, int]] = {f: dict.fromkeys(names, 0) for f in fields}
    outcome_field = {"win": "won", "draw": "drawn", "loss": "lost"}
    per_result = []
    for entries in results.values():
        places = side_places(entries)
        result_outcomes = outcomes(entries, places)
        points = scoring.points(entries, places=places, results=result_outcomes)
        sides = [e.side for e in entries]
        per_result.append((entries, sides, places))
        side_best: dict[str, int] = {}
        if main:
            for e, side in zip(entries, sides, strict=True):
                side_best[side] = max(side_best.get(side, 0), _score(e, main))
        for e, side in zip(entries, sides, strict=True):
            p = e.player
            stats["played"][p] = stats["played"].get(p, 0) + 1
            stats["points"][p] = stats["points"].get(p, 0) + points[p]
            won = outcome_field[result_outcomes[p]]
            stats[won][p] = stats[won].get(p, 0) + 1
            stats["places"][p] = stats["places"].get(p, 0) + places[p]
            if kills_field:
                stats["kills"][p] = stats["kills"].get(p, 0) + _score(e, kills_field)
            if main:
                best_other = max((v for s, v in side_best.items() if s != side), default=0)
                stats["difference"][p] = (
                    stats["difference"].get(p, 0) + _score(e, main) - best_other
                )

    # Opponents' strength needs everybody's final points: the mean points of the opponents
    # met in each game, summed over the games (a Buchholz score for multiplayer games).
    final, strength = stats["points"], stats["strength"]
    for entries, sides, _ in per_result:
        total = sum(final[e.player] for e in entries)
        side_points: dict[str, int] = defaultdict(int)
        side_size: dict[str, int] = defaultdict(int)
        for e, side in zip(entries, sides, strict=True):
            side_points[side] += final[e.player]
            side_size[side] += 1
        for e, side in zip(entries, sides, strict=True):
            opponents = len(entries) - side_size[side]
            if opponents:
                share = (total - side_points[side]) * (scale // opponents)
                strength[e.player] = strength.get(e.player, 0) + share

    missing = [p for p in stats["played"] if p not in names]
    if missing:  # a player whose membership was deleted in the admin keeps their results
        from django.contrib.auth import get_user_model

        names.update(get_user_model().objects.filter(pk__in=missing).values_list("pk", "username"))

    def get(field: str, player: int) -> int:
        return stats[field].get(player, 0)

    rows = []
    average: dict[int, Fraction | None] = {}
    for player in names:
        played = get("played", player)
        average[player] = Fraction(get("places", player), played) if played else None
        rows.append(
            {
                "player": names[player],
                "player_id": player,
                "points": get("points", player),
                "played": played,
                "won": get("won", player),
                "drawn": get("drawn", player),
                "lost": get("lost", player),
                "average_placement": _round(average[player]),
                "opponents_strength": round(get("strength", player) / scale, 2),
                "score_difference": get("difference", player) if main else None,
                "kills": get("kills", player) if kills_field else None,
            }
        )

    # Head to head: over the games two tied players both played, 1 for finishing ahead of
    # the other, 1/2 for the same place (counted double, to stay in ints). Worked out per
    # player only when a tie needs it.
    games_of: dict[int, list[int]] = defaultdict(list)
    for index, (entries, _, _) in enumerate(per_result):
        for e in entries:
            games_of[e.player].append(index)

    @cache
    def against(player: int) -> dict[int, int]:
        score: dict[int, int] = defaultdict(int)
        for index in games_of[player]:
            places = per_result[index][2]
            mine = places[player]
            for other, place in places.items():
                if other != player:
                    score[other] += 2 if mine < place else 1 if mine == place else 0
        return score

    breakers = {
        "head_to_head": head_to_head(lambda a, b: against(a)[b], key="player_id"),
        "wins": by_field("won"),
        # Fewer places is better; no game at all ranks below any average.
        "average_placement": lambda group: [
            -average[r["player_id"]] if average[r["player_id"]] is not None else float("-inf")
            for r in group
        ],
        "opponents_strength": lambda group: [get("strength", r["player_id"]) for r in group],
        "score_difference": by_field("score_difference"),
        "most_kills": by_field("kills"),
    }
    ranking = rank(
        rows,
        primary="points",
        name="player",
        breakers=[breakers[b] for b in league.tie_breakers if b in breakers],
    )
    warnings = [
        "Tie not broken between "
        + ", ".join(r["player"] for r in block)
        + ": no tie-breaker separates them; an organiser may add one."
        for block in ranking.unbroken_ties
        if any(r["played"] for r in block)
    ]
    rows = [{"rank": row.pop("rank"), "tied": row.pop("tied"), **row} for row in ranking.rows]
    for row in rows:
        del row["player_id"]
    return {
        "league": league.pk,
        "ruleset": league.ruleset,
        "scoring": league.scoring,
        "tie_breakers": list(league.tie_breakers),
        "results": len(results),
        "warnings": warnings,
        "rows": rows,
    }
