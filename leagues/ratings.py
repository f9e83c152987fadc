"""openskill ratings, one series per game across every league of that game.

Model: ``openskill.models.PlackettLuce`` with the library's defaults (mu 25, sigma 25/3,
beta 25/6, tau 25/300, no sigma limit); the rating shown is the ordinal mu - 3 sigma. Each side
of a result (a player, or a Last One Standing duo) is one openskill team ranked by its place;
tied sides share a rank.

Order is the contract: a result is rated when it is confirmed, taking the next ``rating_seq``
of its game under the ``RatingSeries`` row lock, from the ratings the previous results left.
``recompute_ratings`` replays the confirmed results in ``rating_seq`` order from fresh ratings
with the same function, so it lands on exactly the same floats as the incremental updates
(tests/leagues/test_random_season.py proves it). Voiding a confirmed result rebuilds its game's
series that way: every later rating depended on it.

Locks, in one order everywhere (written once, in ``leagues.services.results._locked``, whose
docstring says why): the result row and its league row, then the game's ``RatingSeries`` row
(``_next_seq`` / ``_lock_series`` here), then the players' ``PlayerRating`` rows, which are
only written under the series lock. A rebuild also writes a ``RatingChange`` for every counted
result of the game, whose foreign key checks take FOR KEY SHARE on those result rows at
COMMIT: the services lock result rows FOR NO KEY UPDATE, which does not block that.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.db.models import F
from openskill.models import PlackettLuce

from leagues.models import LeagueMatch, PlayerRating, RatingChange, RatingSeries
from leagues.scoring import Entry, side_places
from matches.models import Participant

MU = 25.0
SIGMA = 25.0 / 3.0
Z = 3.0  # ordinal = mu - Z * sigma: the rating a player is 99.7% likely to be above
# Below this many rated games a player is "provisional" on the leaderboard. With these
# parameters sigma has only fallen from 8.3 to about 7 after ten four-player games, so the
# ordinal of a newer player still says more about how little we know than how good they are.
PROVISIONAL_GAMES = 10

Rating = tuple[float, float]  # (mu, sigma)


def ordinal(mu: float, sigma: float) -> float:
    return mu - Z * sigma


# The rating people read: the ordinal on a scale with no negative numbers for a newcomer
# (ordinal 0 is 1000; one point of ordinal is 40). The one place it is computed: pages, charts
# and the API's display_rating fields all call display_rating; the API keeps mu and sigma.
DISPLAY_BASE, DISPLAY_SCALE = 1000, 40


def display_rating(ordinal_: float) -> int:
    return round(DISPLAY_BASE + DISPLAY_SCALE * ordinal_)


def rate(entries: list[Entry], before: dict[int, Rating]) -> dict[int, Rating]:
    """New (mu, sigma) of every player of one result. Deterministic: sides are handed to
    openskill in a fixed order (place, then lowest player id) and players by id."""
    model = PlackettLuce(mu=MU, sigma=SIGMA)
    places = side_places(entries)
    sides: dict[str, list[int]] = defaultdict(list)
    for e in entries:
        sides[e.side].append(e.player)
    order = sorted(sides.values(), key=lambda ps: (places[ps[0]], min(ps)))
    teams = [sorted(players) for players in order]
    ratings = [[model.rating(mu=before[p][0], sigma=before[p][1]) for p in team] for team in teams]
    ranks = [float(places[team[0]]) for team in teams]
    rated = model.rate(ratings, ranks=ranks)
    return {
        player: (new.mu, new.sigma)
        for team, new_team in zip(teams, rated, strict=True)
        for player, new in zip(team, new_team, strict=True)
    }


def _entries_of(match_ids: Iterable[int]) -> dict[int, list[Entry]]:
    """The participants of these matches, as entries, in one query."""
    out: dict[int, list[Entry]] = defaultdict(list)
    rows = (
        Participant.objects.filter(match_id__in=list(match_ids))
        .order_by("match_id", "id")
        .values_list("match_id", "player_id", "placement", "team")
    )
    for match_id, player, placement, team in rows:
        out[match_id].append(Entry(player=player, placement=placement, team=team))
    return out


_RATING_COLUMNS = ("mu", "sigma", "ordinal", "games", "last_seq")


def _next_seq(ruleset: str) -> int:
    """Take the game's series lock (the UPDATE holds its row lock until commit) and the next
    number. The row is created on a game's first confirmation; a concurrent creator wins the
    unique constraint and we take the lock behind it."""
    series = RatingSeries.objects.filter(ruleset=ruleset)
    while True:
        if series.update(last_seq=F("last_seq") + 1):
            return series.values_list("last_seq", flat=True).get()
        try:
            with transaction.atomic():
                RatingSeries.objects.create(ruleset=ruleset, last_seq=1)
            return 1
        except IntegrityError:
            continue


def _lock_series(ruleset: str) -> None:
    while not RatingSeries.objects.filter(ruleset=ruleset).update(last_seq=F("last_seq")):
        try:
            with transaction.atomic():
                RatingSeries.objects.create(ruleset=ruleset, last_seq=0)
        except IntegrityError:
            continue


def apply_result(
    result: LeagueMatch, *, seats: list[Participant] | None = None
) -> list[RatingChange]:
    """Rate a result being confirmed (inside the caller's transaction): give it the next
    ``rating_seq`` of its game and move its players' ratings on. ``seats``: the result's
    participants in id order, with their players, when the caller has read them (the changes
    returned then name their players without a read)."""
    seq = _next_seq(result.ruleset)
    result.rating_seq = seq
    if seats is None:
        entries = _entries_of([result.match_id])[result.match_id]
    else:
        entries = [Entry(player=s.player_id, placement=s.placement, team=s.team) for s in seats]
    players = [e.player for e in entries]
    current = {
        r.player_id: r
        for r in PlayerRating.objects.filter(ruleset=result.ruleset, player_id__in=players)
    }
    before = {
        p: (current[p].mu, current[p].sigma) if p in current else (MU, SIGMA) for p in players
    }
    after = rate(entries, before)
    changes, new, changed = [], [], []
    for p in players:
        games = (current[p].games if p in current else 0) + 1
        changes.append(_change(result, p, seq, before[p], after[p], games))
        row = current.get(p) or PlayerRating(ruleset=result.ruleset, player_id=p)
        row.mu, row.sigma = after[p]
        row.ordinal, row.games, row.last_seq = ordinal(*after[p]), games, seq
        (changed if p in current else new).append(row)
    PlayerRating.objects.bulk_create(new)
    if changed:
        PlayerRating.objects.bulk_update(changed, _RATING_COLUMNS)
    changes = RatingChange.objects.bulk_create(changes)
    for change, seat in zip(changes, seats or (), strict=False):
        change.player = seat.player  # the same order: players are the seats'
    return changes


def _change(result, player: int, seq: int, before: Rating, after: Rating, games: int):
    return RatingChange(
        result_id=result.pk,
        player_id=player,
        ruleset=result.ruleset,
        seq=seq,
        mu_before=before[0],
        sigma_before=before[1],
        mu_after=after[0],
        sigma_after=after[1],
        ordinal_before=ordinal(*before),
        ordinal_after=ordinal(*after),
        games=games,
    )


@transaction.atomic
def recompute_ratings(*, ruleset: str) -> int:
    """Rebuild a game's ratings from scratch: every confirmed result, in ``rating_seq`` order,
    from fresh ratings. Returns how many results were rated."""
    _lock_series(ruleset)
    results = list(
        LeagueMatch.objects.filter(ruleset=ruleset, status=LeagueMatch.Status.CONFIRMED)
        .order_by("rating_seq")
        .only("pk", "match_id", "ruleset", "rating_seq")
    )
    entries = _entries_of(r.match_id for r in results)
    ratings: dict[int, Rating] = {}
    games: dict[int, int] = defaultdict(int)
    last: dict[int, int] = {}
    changes = []
    for result in results:
        result_entries = entries[result.match_id]
        before = {e.player: ratings.get(e.player, (MU, SIGMA)) for e in result_entries}
        after = rate(result_entries, before)
        for e in result_entries:
            games[e.player] += 1
            last[e.player] = result.rating_seq
            changes.append(
                _change(
                    result,
                    e.player,
                    result.rating_seq,
                    before[e.player],
                    after[e.player],
                    games[e.player],
                )
            )
        ratings.update(after)
    RatingChange.objects.filter(ruleset=ruleset).delete()
    PlayerRating.objects.filter(ruleset=ruleset).delete()
    RatingChange.objects.bulk_create(changes, batch_size=1000)
    PlayerRating.objects.bulk_create(
        (
            PlayerRating(
                ruleset=ruleset,
                player_id=p,
                mu=mu,
                sigma=sigma,
                ordinal=ordinal(mu, sigma),
                games=games[p],
                last_seq=last[p],
            )
            for p, (mu, sigma) in ratings.items()
        ),
        batch_size=1000,
    )
    return len(results)
