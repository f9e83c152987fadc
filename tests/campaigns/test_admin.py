import pytest

from campaigns.models import Battle, LogEntry, Membership

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, world):
    world.arbitrator.is_staff = world.arbitrator.is_superuser = True
    world.arbitrator.save()
    client.force_login(world.arbitrator)
    return client


def test_arbitrator_confirms_a_battle_from_the_admin_through_the_service(
    admin_client, world, django_capture_on_commit_callbacks
):
    from campaigns import services

    a, b = world.gangs[:2]
    battle = services.report_battle(
        campaign=world.campaign,
        actor=world.players[0],
        gangs=[a.pk, b.pk],
        winner=a.pk,
        casualties=[],
    )
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            "/admin/campaigns/battle/", {"action": "confirm", "_selected_action": [battle.pk]}
        )
    assert response.status_code == 302
    battle.refresh_from_db()
    assert battle.status == "confirmed" and battle.post_game_at is not None
    assert LogEntry.objects.filter(battle=battle, text__contains="confirmed").exists()


def test_admin_pages_render(admin_client, world):
    membership = Membership.objects.first()
    for url in [
        "/admin/campaigns/campaign/",
        f"/admin/campaigns/campaign/{world.campaign.pk}/change/",
        "/admin/campaigns/membership/",
        f"/admin/campaigns/membership/{membership.pk}/change/",
        "/admin/campaigns/round/",
        "/admin/campaigns/battle/",
        "/admin/campaigns/logentry/",
    ]:
        assert admin_client.get(url).status_code == 200, url
    assert not Battle.objects.exists()
