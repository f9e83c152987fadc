"""Races on PostgreSQL with real threads: the rating series lock, not luck, orders ratings."""

import pytest

from config.errors import DomainError
from leagues import services
from leagues.models import LeagueMatch, PlayerRating, RatingChange
from leagues.ratings import recompute_ratings
from tests.factories import UserFactory
from tests.races import in_threads, require_postgresql

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
GAME = "last-one-standing"


@pytest.fixture(autouse=True)
def _postgresql_only():
    require_postgresql()


def test_concurrent_confirmations_in_two_leagues_of_one_game_queue_up():
    organiser = UserFactory()
    players = [UserFactory() for _ in range(4)]
    leagues = []
    for n in range(2):
        league = services.create_league(creator=organiser, name=f"L{n}", ruleset=GAME)
        for player in players:
            services.add_member(league=league, player=player, actor=organiser)
        leagues.append(league)
    names = [p.username for p in players]
    reported = [
        services.report_result(
            league=leagues[n % 2],
            actor=players[0],
            placements={names[(n + k) % 4]: place for k, place in enumerate([1, 2, 2, 4])},
        )
        for n in range(8)
    ]
    _, errors = in_threads(
        8, lambda i: services.confirm_result(result=reported[i], actor=organiser)
    )
    assert errors == []
    seqs = sorted(LeagueMatch.objects.values_list("rating_seq", flat=True))
    assert seqs == list(range(1, 9))
    assert {r.games for r in PlayerRating.objects.all()} == {8}
    incremental = sorted(
        RatingChange.objects.values_list("seq", "player_id", "mu_after", "sigma_after")
    )
    recompute_ratings(ruleset=GAME)
    assert (
        sorted(RatingChange.objects.values_list("seq", "player_id", "mu_after", "sigma_after"))
        == incremental
    )


def test_a_result_confirmed_twice_at_once_is_rated_once():
    organiser = UserFactory()
    ann, bob = UserFactory(), UserFactory()
    league = services.create_league(creator=organiser, name="L", ruleset=GAME)
    for player in (ann, bob):
        services.add_member(league=league, player=player, actor=organiser)
    result = services.report_result(
        league=league, actor=ann, placements={ann.username: 1, bob.username: 2}
    )
    actors = [organiser, bob, organiser, bob]
    done, errors = in_threads(4, lambda i: services.confirm_result(result=result, actor=actors[i]))
    assert len(done) == 1 and len(errors) == 3
    assert all(isinstance(e, DomainError) and e.status_code == 409 for e in errors)
    assert RatingChange.objects.count() == 2
