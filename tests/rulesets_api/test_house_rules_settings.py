"""Campaigns and leagues choose house rules like any setting, record them, and show them
(issue 33)."""

import pytest
from django.test import Client

from campaigns import services as campaigns
from campaigns.errors import CampaignError
from leagues import services as leagues
from leagues.errors import LeagueError
from matches.models import Match
from tests.factories import UserFactory
from tests.matches.factories import start_live_match

pytestmark = pytest.mark.django_db


def page(user):
    client = Client()
    client.force_login(user)
    return client


def test_a_league_records_its_house_rules_and_shows_them(as_user, user):
    response = as_user.post(
        "/api/v1/leagues/",
        {"name": "Fall", "ruleset": "battle-royale", "house_rules": {"eliminator_must_move": True}},
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["house_rules"] == {"eliminator_must_move": True}
    text = page(user).get(f"/leagues/{body['id']}/").content.decode()
    assert "House rules: the eliminator must move" in text


@pytest.mark.parametrize(
    ("house_rules", "field"),
    [
        ({"storm": True}, "house_rules.storm"),
        ({"eliminator_must_move": "on"}, "house_rules.eliminator_must_move"),
        ("storm", "house_rules"),
    ],
)
def test_a_league_refuses_unknown_house_rules_and_wrong_types(as_user, house_rules, field):
    body = {"name": "Fall", "ruleset": "battle-royale", "house_rules": house_rules}
    response = as_user.post("/api/v1/leagues/", body, format="json")
    assert response.status_code == 400, response.content
    assert field in response.json()["errors"]


def test_league_and_campaign_services_name_the_key_at_fault():
    user = UserFactory()
    with pytest.raises(LeagueError) as caught:
        leagues.create_league(
            creator=user, name="X", ruleset="le-dernier-peuple", house_rules={"storm": True}
        )
    assert caught.value.field == "house_rules.storm"
    with pytest.raises(CampaignError) as caught:
        campaigns.create_campaign(creator=user, name="X", house_rules={"storm": True})
    assert caught.value.field == "house_rules.storm"


def test_a_league_without_house_rules_follows_the_text_and_shows_none(user):
    league = leagues.create_league(creator=user, name="Plain", ruleset="last-one-standing")
    assert league.house_rules == {}
    assert "House rules" not in page(user).get(f"/leagues/{league.pk}/").content.decode()


def test_the_match_table_page_shows_the_house_rules(user):
    match = start_live_match(
        ruleset="last-one-standing",
        players=[user.username, UserFactory().username],
        options={"house_rules": {"storm": True, "melee_unloaded": True}},
        created_by=user,
    )
    assert Match.objects.get(pk=match.pk).state["house_rules"] == ["melee_unloaded", "storm"]
    text = page(user).get(f"/matches/{match.pk}/").content.decode()
    assert "House rules: melee without loading, the storm" in text


def test_a_campaign_records_its_house_rules_and_shows_them(as_user, user):
    body = {"name": "Tombstone", "house_rules": {"stat_caps": True, "fists": False}}
    response = as_user.post("/api/v1/campaigns/", body, format="json")
    assert response.status_code == 201, response.content
    campaign = response.json()
    assert campaign["house_rules"] == {"stat_caps": True}  # the rules on
    text = page(user).get(f"/campaigns/{campaign['id']}/").content.decode()
    assert "House rules: stat caps" in text
    bad = as_user.post(
        "/api/v1/campaigns/", {"name": "X", "house_rules": {"stat_caps": 1}}, format="json"
    )
    assert bad.status_code == 400 and "house_rules.stat_caps" in bad.json()["errors"]
