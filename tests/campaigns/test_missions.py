"""Missions in a campaign: the list on the API, chosen per battle as the campaign says (the
arbitrator, a random draw, or the underdog), a tabletop report paid with the mission's
rewards, and a live battle refereed with its mission whose earnings the post-game applies
exactly once."""

import pytest

from campaigns import services
from campaigns.models import Battle, LiveBattle, Mission
from config.errors import DomainError
from rosters.models import Gang, LedgerEntry
from tests.campaigns.test_live_battles import start

pytestmark = pytest.mark.django_db

MISSIONS = "/api/v1/rulesets/last-hope-frontier/missions/"


def _settings(world, **changes):
    response = world.client(world.arbitrator).patch(world.url(), changes, format="json")
    assert response.status_code == 200, response.json()


def _report(world, user, body):
    return world.client(user).post(world.url("battles/"), body, format="json")


def test_the_missions_are_listed_with_set_up_rules_and_rewards(api, django_assert_max_num_queries):
    with django_assert_max_num_queries(3):
        body = api.get(MISSIONS).json()
    assert len(body) >= 6
    bells = next(m for m in body if m["key"] == "mission-bells")
    assert bells["name"] == "The Mission Bells"
    assert {o["key"] for o in bells["setup"]["objectives"]} == {"bell-tower", "chapel"}
    assert bells["setup"]["loot"][0]["item"] == "silver-pocket-watch"
    assert bells["setup"]["zones"]["attacker"] == {"x": [0.0, 24.0], "y": [0.0, 3.5]}
    assert bells["rules"] and bells["setup"]["terrain"]
    assert bells["rewards"]["attacker"]["win"] == {"credits": 35, "goods": ["hooch"]}


def test_an_arbitrator_picks_the_mission_and_the_report_pays_its_rewards(world):
    a, b = world.gangs[:2]
    ann = world.players[0]
    body = {
        "gangs": [a.pk, b.pk],
        "winner": a.pk,
        "casualties": [],
        "mission": "strongbox-scramble",
    }
    refused = _report(world, ann, body)
    assert refused.status_code == 403
    assert "arbitrator picks" in refused.json()["detail"]
    body["loot"] = {str(a.pk): ["box-1"], str(b.pk): ["box-3", "box-4"]}
    made = _report(world, world.arbitrator, body)
    assert made.status_code == 201, made.json()
    assert made.json()["mission"] == "strongbox-scramble"
    sides = {s["gang"]: s for s in made.json()["sides"]}
    assert sides[a.pk]["credits_earned"] == 25 and sides[a.pk]["goods"] == ["gold-nugget"]
    assert sides[b.pk]["credits_earned"] == 0
    assert sides[b.pk]["goods"] == ["railroad-bond", "whiskey"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"mission": "high-noon"}, "mission"),
        ({"credits": {"1": 10}}, "credits"),
        ({"loot": {"999": ["box-1"]}}, "loot"),
        ({"loot": "box-1"}, "loot"),
    ],
)
def test_a_bad_mission_report_is_refused_naming_the_field(world, change, field):
    a, b = world.gangs[:2]
    body = {"gangs": [a.pk, b.pk], "winner": None, "mission": "strongbox-scramble", **change}
    if "credits" in change:
        body["credits"] = {str(a.pk): 10}
    response = _report(world, world.arbitrator, body)
    assert response.status_code == 400, response.json()
    assert field in response.json()["errors"], response.json()
    assert not Battle.objects.exists()


def test_a_loot_token_is_picked_up_once(world):
    a, b = world.gangs[:2]
    body = {
        "gangs": [a.pk, b.pk],
        "winner": None,
        "mission": "strongbox-scramble",
        "loot": {str(a.pk): ["box-1"], str(b.pk): ["box-1"]},
    }
    response = _report(world, world.arbitrator, body)
    assert response.status_code == 400 and f"loot.{b.pk}" in response.json()["errors"]


def test_a_random_draw_needs_nobody_to_pick(world):
    _settings(world, mission_choice="random")
    a, b = world.gangs[:2]
    made = _report(world, world.players[0], {"gangs": [a.pk, b.pk], "winner": None})
    assert made.status_code == 201, made.json()
    assert made.json()["mission"] in set(Mission.objects.values_list("key", flat=True))
    picked = _report(
        world, world.arbitrator, {"gangs": [a.pk, b.pk], "winner": None, "mission": "crossroads"}
    )
    assert picked.status_code == 403


def test_the_underdog_picks_and_earns_the_bonus(world):
    _settings(world, mission_choice="underdog", underdog_bonus=20)
    a, b = world.gangs[:2]
    Gang.objects.filter(pk=a.pk).update(rating=500)
    Gang.objects.filter(pk=b.pk).update(rating=300)
    body = {"gangs": [a.pk, b.pk], "winner": a.pk, "mission": "claim-jumpers"}
    assert _report(world, world.players[0], body).status_code == 403  # ann's gang is favourite
    made = _report(world, world.players[1], body)
    assert made.status_code == 201, made.json()
    sides = {s["gang"]: s for s in made.json()["sides"]}
    assert sides[a.pk]["credits_earned"] == 30  # the win
    assert sides[b.pk]["credits_earned"] == 5 + 20  # the loss, and the underdog's bonus


def test_staff_edit_a_mission_through_the_engines_rules(world, staff):
    mission = Mission.objects.get(key="claim-jumpers")
    data = {**mission.data, "turn_limit": 4, "name": "Claim Jumpers at Dawn"}
    services.save_mission(mission=mission, data=data, active=True, actor=staff)
    mission.refresh_from_db()
    assert mission.name == "Claim Jumpers at Dawn" and mission.data["turn_limit"] == 4
    with pytest.raises(DomainError) as caught:
        services.save_mission(
            mission=mission, data={**data, "turn_limit": 0}, active=True, actor=staff
        )
    assert caught.value.field == "data.turn_limit"
    with pytest.raises(DomainError):
        services.save_mission(mission=mission, data=data, active=True, actor=world.arbitrator)


def test_a_live_battle_plays_its_mission_and_the_post_game_pays_it_once(world, run_on_commit):
    a, b = world.gangs[:2]
    ann, bob = world.players[:2]
    refused = world.client(ann).post(
        world.url("live-battles/"),
        {"gangs": [a.pk, b.pk], "mission": "water-rights"},
        format="json",
    )
    assert refused.status_code == 403  # the arbitrator picks in this campaign
    _settings(world, mission_choice="random")
    body = start(world, ann, a, b)
    live = LiveBattle.objects.select_related("match", "mission").get(pk=body["id"])
    assert body["mission"] == live.mission.key
    state = live.match.state
    assert state["mission"]["key"] == live.mission.key
    assert state["turn_limit"] == live.mission.data["turn_limit"]
    before = {g.pk: g.credits for g in Gang.objects.filter(pk__in=[a.pk, b.pk])}
    run_on_commit(world.client(bob).post, f"/api/v1/matches/{body['match']}/resign/")
    battle = LiveBattle.objects.get(pk=body["id"]).battle
    assert battle.mission_id == live.mission_id
    rewards = live.mission.data["rewards"]
    sides = {s.gang_id: s for s in battle.sides.all()}
    assert sides[a.pk].credits_earned == rewards["attacker"]["win"]["credits"]
    assert sides[b.pk].credits_earned == rewards["defender"]["loss"]["credits"]
    for _ in range(2):  # confirmed twice, and the post-game asked again: paid once
        run_on_commit(world.client(ann).post, world.url(f"battles/{battle.pk}/confirm/"))
        services.run_post_game(battle_id=battle.pk)
    after = {g.pk: g.credits for g in Gang.objects.filter(pk__in=[a.pk, b.pk])}
    campaign = world.campaign
    assert after[a.pk] - before[a.pk] == campaign.reward_win + sides[a.pk].credits_earned
    assert after[b.pk] - before[b.pk] == campaign.reward_loss + sides[b.pk].credits_earned
    rewards_paid = LedgerEntry.objects.filter(gang=a, reason=LedgerEntry.Reason.REWARD)
    assert rewards_paid.count() == 1
