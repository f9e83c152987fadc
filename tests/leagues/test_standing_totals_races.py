"""Standing totals under concurrent writes (PostgreSQL, real threads): confirmations (and
voids) of results sharing players in one league, all at once, leave totals equal to a rebuild. The
league row lock (taken by the revision bump before the results are read) is what orders them;
the rating series lock orders the same confirmations too, so this also proves the two locks
are taken in one order (no deadlock)."""

import pytest

from leagues import services, summaries
from leagues.models import LeagueMatch, StandingTotals
from tests.factories import UserFactory
from tests.leagues.conftest import enrol
from tests.races import in_threads, require_postgresql

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
GAME = "last-one-standing"


@pytest.fixture(autouse=True)
def _postgresql_only():
    require_postgresql()


def rows(league):
    return sorted(
        StandingTotals.objects.filter(league=league).values_list(
            "player_id", "played", "won", "drawn", "lost", "places", "points", "kills"
        )
    )


def race(*, voids: int):
    """Ten results among five players of one league, all but the last confirmation in; then
    at once: ``voids`` counted results voided and the others' last confirmations."""
    organiser = UserFactory()
    players = [UserFactory() for _ in range(5)]
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
    for result in reported[:voids]:  # counted already: these will be voided in the race
        services.confirm_result(result=result, actor=last[result.pk])

    def work(i: int):
        result = LeagueMatch.objects.get(pk=reported[i].pk)
        if i < voids:
            return services.void_result(result=result, actor=organiser)
        return services.confirm_result(result=result, actor=last[result.pk])

    _, errors = in_threads(len(reported), work)
    assert errors == [], [str(e) for e in errors]
    counted = len(reported) - voids
    assert LeagueMatch.objects.filter(league=league, status="confirmed").count() == counted
    incremental = rows(league)
    summaries.rebuild_totals(league=league)
    assert rows(league) == incremental
    assert sum(r[1] for r in incremental) == counted * 4


def test_concurrent_confirmations_in_one_league_leave_totals_equal_to_a_rebuild():
    race(voids=0)


@pytest.mark.xfail(
    reason="Found here, and there without the standing totals too (their calls removed, the "
    "same race deadlocks on the rating series row): a void, which rebuilds the game's "
    "ratings, racing confirmations of the same game. A ratings matter (leagues/ratings.py), "
    "reported to the lead, not fixed on this branch.",
    strict=False,
)
def test_concurrent_confirmations_and_voids_in_one_league_leave_totals_equal_to_a_rebuild():
    race(voids=3)
