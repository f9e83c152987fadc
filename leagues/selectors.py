"""Reads that need care: the standings table, the leaderboard, a player's page.

Standings are read from the standing totals kept in the transactions that confirm or void a
result (``leagues/summaries.py``, ``leagues/standings.py``): a few queries whatever the size of
the league. Points come from the totals with the league's current settings, and tie-breakers
are applied when read, so a change of points or tie-breakers applies to the whole season.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Count, Q, QuerySet

from leagues.models import LeagueMatch, PlayerRating, RatingChange
from leagues.ratings import PROVISIONAL_GAMES, display_rating
from leagues.scoring import Entry, outcomes, side_places
from leagues.standings import league_standings
from matches import selectors as matches_selectors
from matches.models import Match, Participant
from rulesets.registry import game_name

__all__ = ["is_provisional", "leaderboard", "league_standings", "player_stats"]

# --- ratings ----------------------------------------------------------------------------------


def leaderboard(ruleset: str) -> QuerySet[PlayerRating]:
    """Everyone rated in a game, best first (ties: more games, then name)."""
    return (
        PlayerRating.objects.filter(ruleset=ruleset)
        .select_related("player")
        .order_by("-ordinal", "-games", "player__username")
    )


def is_provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES


def finished_matches() -> QuerySet[Match]:
    """Every finished match that counts for its players: league results once confirmed, live
    matches played to the end, logged results every player confirmed (a campaign records its
    battles once confirmed). Stats count them all; only league results rate."""
    return matches_selectors.counted(
        Match.objects.filter(status__in=[Match.Status.FINISHED, Match.Status.REPORTED])
    ).filter(Q(league_result__isnull=True) | Q(league_result__status=LeagueMatch.Status.CONFIRMED))


def played_counts(ruleset: str, player_ids: list[int]) -> dict[int, int]:
    """How many finished matches of a game each of these players played (one query)."""
    rows = (
        Participant.objects.filter(
            player_id__in=player_ids, match__in=finished_matches().filter(ruleset=ruleset)
        )
        .values("player_id")
        .annotate(n=Count("match_id", distinct=True))
        .values_list("player_id", "n")
    )
    return dict(rows)


NO_GAMES = {"played": 0, "won": 0, "drawn": 0, "lost": 0, "places": 0}


def player_stats(user) -> dict:
    """Per game: every finished match the player played (league results once confirmed,
    live matches played to the end, logged results every player confirmed, campaign
    battles), won, drawn, lost, average place (among sides, as in the standings); the current
    rating and the rating after every result, oldest first. Only leagues rate: the other
    matches count here and move no rating."""
    my_matches = Participant.objects.filter(
        player=user, placement__isnull=False, match__in=finished_matches()
    ).values("match_id")
    rows = (
        Participant.objects.filter(
            match_id__in=my_matches, player__isnull=False, placement__isnull=False
        )
        .order_by("match_id", "id")
        .values_list("match_id", "match__ruleset", "player_id", "placement", "team")
    )
    by_match: dict[int, list[Entry]] = defaultdict(list)
    game_of: dict[int, str] = {}
    for match_id, ruleset, player, placement, team in rows:
        by_match[match_id].append(Entry(player=player, placement=placement, team=team))
        game_of[match_id] = ruleset
    games: dict[str, dict] = {}
    for match_id, entries in by_match.items():
        g = games.setdefault(game_of[match_id], dict(NO_GAMES))
        g["played"] += 1
        g["places"] += side_places(entries)[user.pk]
        g[{"win": "won", "draw": "drawn", "loss": "lost"}[outcomes(entries)[user.pk]]] += 1

    current = {r.ruleset: r for r in PlayerRating.objects.filter(player=user)}
    history = _rating_history(user)
    out = []
    for slug in sorted(set(games) | set(current)):
        g = games.get(slug, NO_GAMES)
        rating = current.get(slug)
        out.append(
            {
                "ruleset": slug,
                "name": game_name(slug),
                "played": g["played"],
                "won": g["won"],
                "drawn": g["drawn"],
                "lost": g["lost"],
                "average_placement": round(g["places"] / g["played"], 2) if g["played"] else None,
                "rating": round(rating.ordinal, 3) if rating else None,
                "display_rating": display_rating(rating.ordinal) if rating else None,
                "mu": rating.mu if rating else None,
                "sigma": rating.sigma if rating else None,
                "provisional": is_provisional(rating.games if rating else 0),
                "history": history.get(slug, []),
            }
        )
    return {"player": user.username, "games": out}


def _rating_history(user) -> dict[str, list[dict]]:
    """Per game, the rating after every result of ``user``, oldest first."""
    history: dict[str, list[dict]] = defaultdict(list)
    changes = (
        RatingChange.objects.filter(player=user)
        .order_by("ruleset", "seq")
        .values_list(
            "ruleset",
            "result_id",
            "result__league_id",
            "result__match__played_at",
            "mu_after",
            "sigma_after",
            "ordinal_after",
            "ordinal_before",
            "games",
        )
    )
    for ruleset, result, league, played_at, mu, sigma, after, before, count in changes:
        history[ruleset].append(
            {
                "result": result,
                "league": league,
                "played_at": played_at,
                "games": count,
                "mu": mu,
                "sigma": sigma,
                "rating_before": round(before, 3),
                "rating": round(after, 3),
                "display_rating": display_rating(after),
            }
        )
    return history
