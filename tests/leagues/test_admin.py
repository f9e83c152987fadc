"""Organisers in the admin: the same services as the API (confirm and void rate and re-rate)."""

import pytest

from leagues import services
from leagues.models import League, LeagueMatch, Membership, RatingChange

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, world):
    world.organiser.is_staff = world.organiser.is_superuser = True
    world.organiser.save()
    client.force_login(world.organiser)
    return client


def _reported(world):
    return services.report_result(
        league=world.league, actor=world.players[0], placements={"ann": 1, "bob": 2}
    )


def test_confirm_and_void_from_the_admin_go_through_the_services(admin_client, world):
    result = _reported(world)
    # The organiser did not play: the admin's confirm is refused (only players confirm).
    response = admin_client.post(
        "/admin/leagues/leaguematch/",
        {"action": "confirm", "_selected_action": [result.pk]},
        follow=True,
    )
    assert "Only the players of a result confirm it" in response.content.decode()
    result.refresh_from_db()
    assert result.status == "reported" and not RatingChange.objects.exists()
    services.confirm_result(result=result, actor=world.players[1])
    result.refresh_from_db()
    assert result.status == "confirmed" and result.rating_seq == 1
    assert RatingChange.objects.filter(result=result).count() == 2
    admin_client.post(
        "/admin/leagues/leaguematch/", {"action": "void", "_selected_action": [result.pk]}
    )
    result.refresh_from_db()
    assert result.status == "void" and not RatingChange.objects.exists()


def test_a_refused_action_is_a_message_not_an_error(admin_client, world):
    result = _reported(world)
    services.void_result(result=result, actor=world.organiser)
    response = admin_client.post(
        "/admin/leagues/leaguematch/",
        {"action": "void", "_selected_action": [result.pk]},
        follow=True,
    )
    assert "already void" in response.content.decode()
    assert LeagueMatch.objects.get().status == "void"


def test_a_league_founded_in_the_admin_is_organised_by_its_founder(admin_client, world):
    response = admin_client.post(
        "/admin/leagues/league/add/",
        {
            "name": "Admin league",
            "ruleset": "battle-royale",
            "description": "",
            "scoring": "placement",
            "points_table_0": 4,
            "points_table_1": 2,
            "points_win": 3,
            "points_draw": 1,
            "points_loss": 0,
            "tie_breakers_0": "most_kills",
            "unreported_tables": "unplayed",  # the select's default, as a browser posts it
            "memberships-TOTAL_FORMS": 1,
            "memberships-INITIAL_FORMS": 0,
            "memberships-0-player": world.players[0].pk,
        },
    )
    assert response.status_code == 302
    league = League.objects.get(name="Admin league")
    assert list(league.organisers.all()) == [world.organiser]
    assert league.points_table == {"1": 4, "2": 2} and league.tie_breakers == ["most_kills"]
    member = Membership.objects.get(league=league)
    assert (member.player, member.via) == (world.players[0], "invitation")


def test_the_admin_refuses_bad_settings(admin_client, world):
    response = admin_client.post(
        "/admin/leagues/league/add/",
        {
            "name": "Bad",
            "ruleset": "le-dernier-peuple",
            "scoring": "placement",
            "points_win": 3,
            "points_draw": 1,
            "points_loss": 0,
            "tie_breakers_0": "most_kills",
            "unreported_tables": "unplayed",  # the select's default, as a browser posts it
            "memberships-TOTAL_FORMS": 0,
            "memberships-INITIAL_FORMS": 0,
        },
    )
    assert response.status_code == 200
    assert "not a tie-breaker for this game" in response.content.decode()
    assert not League.objects.filter(name="Bad").exists()


def test_admin_pages_render(admin_client, world):
    result = _reported(world)
    services.confirm_result(result=result, actor=world.players[1])
    for url in [
        "/admin/leagues/league/",
        f"/admin/leagues/league/{world.league.pk}/change/",
        "/admin/leagues/leaguematch/",
        f"/admin/leagues/leaguematch/{result.pk}/change/",
        "/admin/leagues/playerrating/",
        "/admin/leagues/ratingchange/",
    ]:
        assert admin_client.get(url).status_code == 200, url
