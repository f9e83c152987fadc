import io

import pytest
from django.core.management import call_command

from accounts.models import User
from rosters.models import Gang

pytestmark = pytest.mark.django_db


def test_seed_demo_creates_a_login_and_two_gangs_and_is_idempotent():
    call_command("seed_demo", stdout=io.StringIO())
    call_command("seed_demo", stdout=io.StringIO())
    assert User.objects.get(username="demo").check_password("posse-demo-2026")
    gangs = Gang.objects.all()
    assert gangs.count() == 2
    assert len({g.faction for g in gangs}) == 2
    assert all(g.fighters.count() == 4 for g in gangs)


def test_seed_demo_creates_a_campaign_half_way_through():
    from campaigns.models import Battle, Campaign

    call_command("seed_demo", stdout=io.StringIO())
    campaign = Campaign.objects.get(name="Deadwood Summer")
    assert list(campaign.rounds.values_list("number", "status")) == [(1, "closed"), (2, "open")]
    assert Battle.objects.filter(campaign=campaign, post_game_at__isnull=False).count() == 1
    assert Battle.objects.filter(campaign=campaign, status="reported").count() == 1
    assert campaign.log.count() > 5


def test_seed_demo_creates_a_league_whose_invited_player_accepted():
    from leagues.models import League, LeagueMatch, PlayerRating

    call_command("seed_demo", stdout=io.StringIO())
    call_command("seed_demo", stdout=io.StringIO())
    league = League.objects.get(name="Tuesday Peuple")
    assert set(league.memberships.values_list("player__username", "status")) == {
        ("demo", "active"),
        ("rival", "active"),
    }
    results = LeagueMatch.objects.filter(league=league)
    assert sorted(results.values_list("status", flat=True)) == ["confirmed", "reported"]
    assert PlayerRating.objects.filter(games=1).count() == 2
