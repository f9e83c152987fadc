"""Races on PostgreSQL with real threads: the rating series lock, not luck, orders ratings;
the league row lock, not luck, makes twenty adds of one player one membership."""

import pytest

from config.errors import DomainError
from leagues import services
from leagues.models import LeagueMatch, Membership, PlayerRating, RatingChange
from leagues.ratings import recompute_ratings
from tests.conftest import client_for
from tests.factories import UserFactory
from tests.leagues.conftest import enrol
from tests.races import in_threads

pytestmark = [pytest.mark.django_db(transaction=True)]
GAME = "last-one-standing"


def test_concurrent_confirmations_in_two_leagues_of_one_game_queue_up():
    organiser = UserFactory()
    players = [UserFactory() for _ in range(4)]
    leagues = []
    for n in range(2):
        league = services.create_league(creator=organiser, name=f"L{n}", ruleset=GAME)
        for player in players:
            enrol(league, player, organiser)
        leagues.append(league)
    names = [p.username for p in players]
    reported = [
        services.report_result(
            league=leagues[n % 2],
            actor=organiser,
            placements={names[(n + k) % 4]: place for k, place in enumerate([1, 2, 2, 4])},
        )
        for n in range(8)
    ]
    for result in reported:
        for player in players[:3]:
            services.confirm_result(result=result, actor=player)
    # The last player's confirmations, all at once: each one rates its result.
    _, errors = in_threads(
        8, lambda i: services.confirm_result(result=reported[i], actor=players[3])
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
        enrol(league, player, organiser)
    result = services.report_result(
        league=league, actor=ann, placements={ann.username: 1, bob.username: 2}
    )
    # bob's confirmation sent four times at once (a double click, a retrying client), and
    # the organiser trying to force it: rated once, the repeats a no-op, the organiser refused.
    actors = [organiser, bob, organiser, bob, bob, bob]
    done, errors = in_threads(6, lambda i: services.confirm_result(result=result, actor=actors[i]))
    assert len(done) == 4 and len(errors) == 2
    assert all(isinstance(e, DomainError) and e.status_code == 403 for e in errors)
    assert RatingChange.objects.count() == 2
    assert LeagueMatch.objects.get().status == "confirmed"


def test_twenty_concurrent_adds_of_one_player_make_one_membership():
    """Over the API, as clients would send them: one 201, the others a 4xx, never a 500."""
    organiser = UserFactory()
    player = UserFactory()
    league = services.create_league(creator=organiser, name="L", ruleset=GAME)
    url = f"/api/v1/leagues/{league.pk}/members/"

    def add(index: int):
        return client_for(organiser).post(url, {"player": player.username}, format="json")

    responses, errors = in_threads(20, add)
    assert errors == []
    codes = sorted(r.status_code for r in responses)
    assert codes == [201] + [409] * 19, codes
    assert all(set(r.json()) == {"detail", "errors"} for r in responses if r.status_code == 409)
    assert Membership.objects.filter(league=league, player=player).count() == 1
    assert Membership.objects.get(league=league, player=player).status == "invited"


def test_twenty_concurrent_joins_with_the_code_make_one_membership():
    organiser = UserFactory()
    player = UserFactory()
    league = services.create_league(creator=organiser, name="L", ruleset=GAME)
    url = f"/api/v1/leagues/{league.pk}/members/"

    def join(index: int):
        return client_for(player).post(url, {"join_code": league.join_code}, format="json")

    responses, errors = in_threads(20, join)
    assert errors == []
    assert sorted(r.status_code for r in responses) == [201] + [409] * 19
    assert Membership.objects.get(league=league, player=player).status == "active"
