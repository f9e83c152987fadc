"""Standing totals under concurrent writes (PostgreSQL, real threads): confirmations (and
voids) of results sharing players in one league, all at once, leave totals equal to a rebuild. The
league row lock (taken with the result row before the results are read) is what orders them;
the rating series lock orders the same confirmations too, and a void rebuilds the game's ratings,
so this also proves the locks are taken in one order (no deadlock; the order is written once,
in ``leagues.services.results._locked``), and that the ratings equal a rebuild too."""

import pytest

from leagues import ratings, services, summaries
from leagues.models import LeagueMatch, PlayerRating, StandingSeat, StandingTotals
from tests.factories import UserFactory
from tests.leagues.conftest import enrol
from tests.races import in_threads

pytestmark = [pytest.mark.django_db(transaction=True)]
GAME = "last-one-standing"


def rows(league):
    return sorted(
        StandingTotals.objects.filter(league=league).values_list(
            "player_id", "played", "won", "drawn", "lost", "places", "points", "kills"
        )
    )


def seats(league):
    """The seats with their opponents' points: they read the others' totals, so a confirmation
    that missed a concurrent one's points would leave them stale."""
    return sorted(
        StandingSeat.objects.filter(league=league).values_list(
            "match_id", "player_id", "share", "opponents_points"
        )
    )


def ratings_of(ruleset):
    return sorted(
        PlayerRating.objects.filter(ruleset=ruleset).values_list(
            "player_id", "mu", "sigma", "games", "last_seq"
        )
    )


def season(organiser, players):
    """Ten results among five players of one league, all but the last confirmation in:
    the league, the results and who confirms each last."""
    league = services.create_league(creator=organiser, name="Race", ruleset=GAME)
    for player in players:
        enrol(league, player, organiser)
    names = [p.username for p in players]
    reported = [
        services.report_result(
            league=league,
            actor=organiser,
            placements={names[(n + k) % 5]: place for k, place in enumerate([1, 2, 2, 4])},
            scores={names[n % 5]: {"kills": n % 3}},
        )
        for n in range(10)
    ]
    last = {}
    for result in reported:
        seats = list(result.match.participants.select_related("player"))
        for seat in seats[:-1]:
            services.confirm_result(result=result, actor=seat.player)
        last[result.pk] = seats[-1].player
    return league, reported, last


def race(*, voids: int, leagues: int = 1):
    """In each of ``leagues`` leagues of one game, ten results among the same five players,
    all but the last confirmation in; then all at once: in each league, ``voids`` counted
    results voided and the others' last confirmations."""
    organiser = UserFactory()
    players = [UserFactory() for _ in range(5)]
    seasons = [season(organiser, players) for _ in range(leagues)]
    work_items = []
    for _, reported, last in seasons:
        for result in reported[:voids]:  # counted already: these will be voided in the race
            services.confirm_result(result=result, actor=last[result.pk])
        work_items += [(r.pk, "void" if i < voids else last[r.pk]) for i, r in enumerate(reported)]

    def work(i: int):
        pk, who = work_items[i]
        result = LeagueMatch.objects.get(pk=pk)
        if who == "void":
            return services.void_result(result=result, actor=organiser)
        return services.confirm_result(result=result, actor=who)

    _, errors = in_threads(len(work_items), work)
    assert errors == [], [str(e) for e in errors]
    counted = 10 - voids
    for league, _, _ in seasons:
        assert LeagueMatch.objects.filter(league=league, status="confirmed").count() == counted
        incremental, its_seats = rows(league), seats(league)
        summaries.rebuild_totals(league=league)
        assert rows(league) == incremental
        assert seats(league) == its_seats
        assert sum(r[1] for r in incremental) == counted * 4
    incremental = ratings_of(GAME)
    assert sum(r[3] for r in incremental) == leagues * counted * 4
    ratings.recompute_ratings(ruleset=GAME)
    assert ratings_of(GAME) == incremental


def test_concurrent_confirmations_in_one_league_leave_totals_equal_to_a_rebuild():
    race(voids=0)


def test_concurrent_confirmations_and_voids_in_one_league_leave_totals_equal_to_a_rebuild():
    race(voids=3)


def test_concurrent_voids_in_two_leagues_of_one_game_do_not_deadlock_on_the_ratings_rebuild():
    """The leagues' rows do not order these: only the game's rating series is shared, and
    each void's rebuild references every counted result of the game, in both leagues."""
    race(voids=3, leagues=2)
