"""Reads that need care: the standings table, the leaderboard, a player's page.

Standings are read from the standing totals kept in the transactions that confirm or void a
result (``leagues/summaries.py``, ``leagues/standings.py``): a few queries whatever the size of
the league. Points come from the totals with the league's current settings, and tie-breakers
are applied when read, so a change of points or tie-breakers applies to the whole season.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import QuerySet

from leagues.models import LeagueMatch, PlayerRating, RatingChange
from leagues.ratings import PROVISIONAL_GAMES
from leagues.scoring import Entry, outcomes, side_places
from leagues.standings import league_standings
from matches.models import Participant
from rulesets.registry import get_ruleset

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


def player_stats(user) -> dict:
    """Per game: confirmed league results played, won, average place (among sides, as in
    the standings), the current rating and the rating after every result, oldest first."""
    my_matches = Participant.objects.filter(
        player=user, match__league_result__status=LeagueMatch.Status.CONFIRMED
    ).values("match_id")
    rows = (
        Participant.objects.filter(match_id__in=my_matches)
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
        g = games.setdefault(game_of[match_id], {"played": 0, "won": 0, "drawn": 0, "places": 0})
        g["played"] += 1
        g["places"] += side_places(entries)[user.pk]
        result = outcomes(entries)[user.pk]
        if result != "loss":
            g["won" if result == "win" else "drawn"] += 1

    current = {r.ruleset: r for r in PlayerRating.objects.filter(player=user)}
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
            }
        )
    out = []
    for slug in sorted(set(games) | set(current)):
        g = games.get(slug, {"played": 0, "won": 0, "drawn": 0, "places": 0})
        rating = current.get(slug)
        game = get_ruleset(slug)
        out.append(
            {
                "ruleset": slug,
                "name": game.name if game else slug,
                "played": g["played"],
                "won": g["won"],
                "drawn": g["drawn"],
                "average_placement": round(g["places"] / g["played"], 2) if g["played"] else None,
                "rating": round(rating.ordinal, 3) if rating else None,
                "mu": rating.mu if rating else None,
                "sigma": rating.sigma if rating else None,
                "provisional": is_provisional(rating.games if rating else 0),
                "history": history.get(slug, []),
            }
        )
    return {"player": user.username, "games": out}
