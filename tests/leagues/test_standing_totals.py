"""The standing totals (leagues/summaries.py): kept in the transactions that confirm, void or
rescore, they always equal a rebuild from the confirmed results, and the standings read from
them equal the standings computed from every result (the pre-#20 algorithm, kept as an oracle
in tests/leagues/reference_standings.py).

Seeded random seasons over several leagues of the four games: results reported by players and
organisers, confirmed out of order, disputed, confirmed after a dispute, voided before and
after counting, points changed mid-season; compared after every step.
"""

import random
from io import StringIO

import pytest
from django.core.management import call_command

from config.errors import NotAllowed
from leagues import services, summaries
from leagues.models import LeagueMatch, StandingPair, StandingSeat, StandingTotals
from leagues.standings import league_standings
from tests.factories import UserFactory
from tests.leagues.conftest import BR, LDP, LHF, LOS
from tests.leagues.reference_standings import reference_standings
from tests.leagues.test_random_season import random_result

pytestmark = pytest.mark.django_db

ALL_BREAKERS = {
    LDP: ["head_to_head", "wins", "average_placement", "opponents_strength", "score_difference"],
    LHF: ["opponents_strength", "head_to_head", "most_kills", "score_difference", "wins"],
    BR: ["wins", "head_to_head", "most_kills", "average_placement"],
    LOS: ["head_to_head", "opponents_strength", "most_kills", "average_placement"],
}


def stored(league) -> dict[int, tuple]:
    return {
        row.player_id: (
            row.played,
            row.won,
            row.drawn,
            row.lost,
            row.places,
            row.place_counts,
            row.points,
            row.difference,
            row.kills,
        )
        for row in StandingTotals.objects.filter(league=league)
    }


def pairs(league) -> dict[tuple[int, int], tuple[int, int]]:
    return {
        (row.player_id, row.other_id): (row.weight, row.head_to_head)
        for row in StandingPair.objects.filter(league=league)
    }


def seats(league) -> dict[tuple[int, int], tuple]:
    return {
        (row.match_id, row.player_id): (row.team, row.share, row.opponents_points)
        for row in StandingSeat.objects.filter(league=league)
    }


def rebuilt(league) -> tuple[dict, dict, dict]:
    """What a rebuild from scratch writes: totals, pairs and seats."""
    summaries.rebuild_totals(league=league)
    return stored(league), pairs(league), seats(league)


def check(league) -> None:
    """The standings equal the former algorithm's, read twice (the second from the cache the
    first filled, under the revision the last write left), and the totals equal a rebuild."""
    league.refresh_from_db()
    expected = reference_standings(league)
    assert league_standings(league) == expected
    assert league_standings(league) == expected
    incremental = stored(league), pairs(league), seats(league)
    assert incremental == rebuilt(league)
    # The rebuild moved the revision: fill the cache again, so that the next write must move
    # it too for the next check to pass (a writer that forgot would serve this cache).
    assert league_standings(league) == expected


def season(seed: int):
    rng = random.Random(seed)
    organiser = UserFactory()
    players = [UserFactory(username=f"s{seed % 100}p{n:02}") for n in range(10)]
    names = [p.username for p in players]
    by_name = {p.username: p for p in players}
    leagues = []
    for n, game in enumerate([LDP, LHF, BR, LOS, LOS]):
        settings = {"tie_breakers": ALL_BREAKERS[game]}
        if n == 4:
            settings |= {"scoring": "win_draw_loss", "points_table": {}}
        league = services.create_league(
            creator=organiser, name=f"{game} {n}", ruleset=game, **settings
        )
        for player in players:
            membership = services.add_member(league=league, player=player, actor=organiser)
            services.accept_membership(membership=membership, actor=player)
        leagues.append(league)
    return rng, organiser, names, by_name, leagues


@pytest.mark.parametrize("seed", [7, 2024, 31337])
def test_incremental_totals_equal_a_rebuild_after_every_step(seed):
    rng, organiser, names, by_name, leagues = season(seed)
    open_results: list[LeagueMatch] = []
    for _step in range(60):
        league = rng.choice(leagues)
        roll = rng.random()
        if roll < 0.45 or not open_results:
            body = random_result(rng, league.ruleset, names)
            reporter = rng.choice([organiser, by_name[rng.choice(list(body["placements"]))]])
            result = services.report_result(league=league, actor=reporter, **body)
            open_results.append(result)
        elif roll < 0.85:
            result = rng.choice(open_results)
            result.refresh_from_db()
            league = result.league
            players = list(result.match.participants.select_related("player"))
            if result.status == LeagueMatch.Status.DISPUTED:
                player = result.disputed_by
            else:
                player = rng.choice(players).player
            services.confirm_result(result=result, actor=player)
        elif roll < 0.9:
            result = rng.choice(open_results)
            result.refresh_from_db()
            league = result.league
            if result.status == LeagueMatch.Status.REPORTED:
                player = rng.choice(list(result.match.participants.all())).player
                services.dispute_result(result=result, actor=player, reason="Not so.")
        elif roll < 0.95:
            result = open_results.pop(rng.randrange(len(open_results)))
            result.refresh_from_db()
            league = result.league
            if result.status != LeagueMatch.Status.VOID:
                services.void_result(result=result, actor=organiser)
        else:  # new points mid-season: the totals are rescored
            if league.scoring == "placement":
                table = {"1": rng.randint(5, 9), "2": rng.randint(2, 4), "3": 1}
                services.update_league(league=league, actor=organiser, points_table=table)
            else:
                services.update_league(league=league, actor=organiser, points_win=rng.randint(2, 4))
        check(league)
    # Settle what is left so that every league has a real table, then check them all.
    for result in open_results:
        result.refresh_from_db()
        if result.status == LeagueMatch.Status.DISPUTED:
            services.confirm_result(result=result, actor=result.disputed_by)
        for seat in result.match.participants.select_related("player"):
            services.confirm_result(result=result, actor=seat.player)
    counted = []
    for league in leagues:
        check(league)
        counted.append(league_standings(league)["results"])
    assert sum(counted) >= 10 and sum(1 for n in counted if n) >= 4  # a real season


def test_confirming_counts_the_result_for_its_players_at_once(world):
    ann, bob, cal = world.players[:3]
    result = services.report_result(
        league=world.league,
        actor=ann,
        placements={"ann": 1, "bob": 2, "cal": 3},
        scores={"ann": {"vp": 12}, "bob": {"vp": 5}, "cal": {"vp": 3}},
    )
    assert stored(world.league) == {}  # reported: counts for nobody yet
    services.confirm_result(result=result, actor=bob)
    assert stored(world.league) == {}  # still waits for cal
    services.confirm_result(result=result, actor=cal)
    totals = stored(world.league)
    assert set(totals) == {ann.pk, bob.pk, cal.pk}
    assert totals[ann.pk][:4] == (1, 1, 0, 0)
    assert totals[ann.pk][6] == 5 and totals[cal.pk][6] == 2  # points per place 5, 3, 2
    assert totals[ann.pk][7] == 12 - 5  # the score difference against the best opponent


def test_a_dispute_changes_nothing_and_voiding_a_counted_result_takes_it_out(world):
    ann, bob = world.players[:2]
    first = services.report_result(league=world.league, actor=ann, placements={"ann": 1, "bob": 2})
    second = services.report_result(league=world.league, actor=ann, placements={"ann": 2, "bob": 1})
    services.dispute_result(result=second, actor=bob, reason="I lost that one.")
    assert stored(world.league) == {}
    services.confirm_result(result=first, actor=bob)
    before = stored(world.league)
    assert before[ann.pk][:2] == (1, 1)
    services.void_result(result=second, actor=world.organiser)  # never counted: no change
    assert stored(world.league) == before
    services.void_result(result=first, actor=world.organiser)
    assert stored(world.league) == {}  # no confirmed result left: no rows


def test_new_points_rescore_the_totals_in_the_same_transaction(world):
    ann, bob = world.players[:2]
    result = services.report_result(league=world.league, actor=ann, placements={"ann": 1, "bob": 2})
    services.confirm_result(result=result, actor=bob)
    services.update_league(
        league=world.league, actor=world.organiser, points_table={"1": 9, "2": 4}
    )
    assert {p: t[6] for p, t in stored(world.league).items()} == {ann.pk: 9, bob.pk: 4}
    services.update_league(league=world.league, actor=world.organiser, scoring="win_draw_loss")
    assert {p: t[6] for p, t in stored(world.league).items()} == {ann.pk: 3, bob.pk: 0}


def test_a_failed_confirmation_writes_no_totals(world):
    ann = world.players[0]
    result = services.report_result(league=world.league, actor=ann, placements={"ann": 1, "bob": 2})
    with pytest.raises(NotAllowed):
        services.confirm_result(result=result, actor=world.organiser)  # not a player of it
    assert stored(world.league) == {}


def test_the_rebuild_command_restores_totals_written_wrong(world):
    ann, bob = world.players[:2]
    result = services.report_result(league=world.league, actor=ann, placements={"ann": 1, "bob": 2})
    services.confirm_result(result=result, actor=bob)
    good = stored(world.league), pairs(world.league)
    StandingTotals.objects.filter(league=world.league).update(points=999)  # a shell, a bug
    StandingPair.objects.filter(league=world.league, player=ann).update(weight=7)
    StandingPair.objects.filter(league=world.league, player=bob).delete()
    out = StringIO()
    call_command("rebuild_standings", str(world.league.pk), stdout=out)
    assert (stored(world.league), pairs(world.league)) == good
    assert f"league {world.league.pk}: 2 players" in out.getvalue()


def test_the_pairs_keep_what_two_players_did_against_each_other(world):
    """Opponents' strength is Σ weight × the other's points; head-to-head 2 for finishing ahead,
    1 for the same place. Voiding a counted result takes its meetings out again."""
    ann, bob, cal = world.players[:3]
    first = services.report_result(
        league=world.league, actor=ann, placements={"ann": 1, "bob": 2, "cal": 2}
    )
    second = services.report_result(league=world.league, actor=ann, placements={"ann": 2, "bob": 1})
    for result in (first, second):
        for player in (bob, cal) if result == first else (bob,):
            services.confirm_result(result=result, actor=player)
    scale = summaries.strength_scale(world.league.ruleset)
    met = pairs(world.league)
    # ann met bob twice (two opponents, then one) and cal once.
    assert met[(ann.pk, bob.pk)] == (scale // 2 + scale, 2 + 0)
    assert met[(ann.pk, cal.pk)] == (scale // 2, 2)
    assert met[(bob.pk, cal.pk)] == (scale // 2, 1)  # the same place
    assert met[(bob.pk, ann.pk)] == (scale // 2 + scale, 0 + 2)
    services.void_result(result=second, actor=world.organiser)
    met = pairs(world.league)
    assert met[(ann.pk, bob.pk)] == (scale // 2, 2) and met[(bob.pk, ann.pk)] == (scale // 2, 0)
    services.void_result(result=first, actor=world.organiser)
    assert pairs(world.league) == {}


def test_the_migration_fills_the_pairs_of_existing_leagues_as_a_rebuild_does():
    """leagues/0004's fill, run over a season confirmed before the pairs existed."""
    from importlib import import_module

    from django.apps import apps

    fill = import_module("leagues.migrations.0004_standing_pairs").fill
    rng, organiser, names, by_name, leagues = season(5)
    for _ in range(12):
        league = rng.choice(leagues)
        body = random_result(rng, league.ruleset, names)
        result = services.report_result(league=league, actor=organiser, **body)
        for player in body["placements"]:
            services.confirm_result(result=result, actor=by_name[player])
    expected = {league.pk: rebuilt(league)[1] for league in leagues}
    StandingPair.objects.all().delete()
    fill(apps, None)
    assert {league.pk: pairs(league) for league in leagues} == expected
    assert any(expected.values())


def test_the_migration_fills_the_seats_of_existing_leagues_as_a_rebuild_does():
    """leagues/0005's fill, run over a season confirmed before the seats existed."""
    from importlib import import_module

    from django.apps import apps

    fill = import_module("leagues.migrations.0005_standing_seats").fill
    rng, organiser, names, by_name, leagues = season(6)
    for _ in range(12):
        league = rng.choice(leagues)
        body = random_result(rng, league.ruleset, names)
        result = services.report_result(league=league, actor=organiser, **body)
        for player in body["placements"]:
            services.confirm_result(result=result, actor=by_name[player])
    expected = {league.pk: rebuilt(league)[2] for league in leagues}
    StandingSeat.objects.all().delete()
    fill(apps, None)
    assert {league.pk: seats(league) for league in leagues} == expected
    assert any(any(v[2] for v in s.values()) for s in expected.values())  # points were filled
