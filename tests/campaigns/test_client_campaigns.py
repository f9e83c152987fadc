"""Campaigns as a client meets them (issue #21): battles by round and status, a battle's
post-game outcome in its detail, the log newest first, refused fields named, honest job
progress, and the campaign rule on how often two gangs fight in a round."""

import pytest

from campaigns.models import Campaign
from tests.campaigns.test_campaign_flow import close_round, confirm, report

pytestmark = pytest.mark.django_db


def test_battles_filter_by_round_and_status(world, run_on_commit):
    ann, bob, cal, _ = world.players
    A, B, C, D = world.gangs
    first = report(world, ann, A, B, winner=A)
    confirm(world, run_on_commit, bob, first)
    report(world, cal, C, D, winner=None)
    client = world.client(ann)
    assert client.get(world.url("battles/?status=confirmed")).json()["count"] == 1
    assert client.get(world.url("battles/?status=reported&round=1")).json()["count"] == 1
    assert client.get(world.url("battles/?round=2")).json()["count"] == 0
    refused = client.get(world.url("battles/?status=won"))
    assert refused.status_code == 400 and "status" in refused.json()["errors"]


def test_the_schema_advertises_the_battle_filters_and_the_log_ordering(as_user):
    schema = as_user.get("/api/schema/?format=json").json()["paths"]
    battles = {p["name"] for p in schema["/api/v1/campaigns/{id}/battles/"]["get"]["parameters"]}
    assert {"round", "status"} <= battles
    log = {p["name"] for p in schema["/api/v1/campaigns/{id}/log/"]["get"]["parameters"]}
    assert "ordering" in log


def test_a_battle_detail_carries_its_post_game_outcome(world, run_on_commit):
    ann, bob, _, _ = world.players
    A, B, _, _ = world.gangs
    a_lead = world.fighters[A.pk][0]
    b_g1 = world.fighters[B.pk][2]
    battle = report(
        world,
        ann,
        A,
        B,
        winner=A,
        casualties=[(b_g1, a_lead)],
        goods={A.pk: ["whiskey"]},
        credits={A.pk: 10},
    )
    assert battle["outcome"] is None  # not confirmed yet: no post-game
    confirm(world, run_on_commit, bob, battle)
    detail = world.client(ann).get(world.url(f"battles/{battle['id']}/")).json()
    outcome = detail["outcome"]
    assert outcome["injuries"] == [
        {"fighter": b_g1.pk, "name": b_g1.name, "gang": B.pk, "strike": 1, "wounds_lost": 1}
    ]
    assert outcome["deaths"] == []
    assert outcome["flips"] == [
        {"fighter": a_lead.pk, "name": a_lead.name, "gang": A.pk, "count": 1}
    ]
    rewards = {r["gang"]: r for r in outcome["rewards"]}
    campaign = world.campaign
    assert rewards[A.pk] == {"gang": A.pk, "result": "win", "credits": campaign.reward_win + 10}
    assert rewards[B.pk]["credits"] == campaign.reward_loss
    assert outcome["items"] == [{"gang": A.pk, "item": "whiskey", "how": "found"}]


def test_the_log_is_newest_first_on_request(world, run_on_commit):
    ann, bob, _, _ = world.players
    A, B, _, _ = world.gangs
    confirm(world, run_on_commit, bob, report(world, ann, A, B, winner=A))
    client = world.client(ann)
    oldest = client.get(world.url("log/")).json()["results"]
    newest = client.get(world.url("log/?ordering=-at")).json()["results"]
    assert oldest[0]["at"] <= oldest[-1]["at"]
    assert newest[0]["at"] >= newest[-1]["at"]
    assert newest[0]["id"] == max(row["id"] for row in oldest)
    ids = [row["id"] for row in newest]
    assert ids == sorted(ids, reverse=True)  # ties on the timestamp: newest id first too


def test_a_campaign_patch_naming_its_ruleset_is_a_400_naming_it(world):
    client = world.client(world.arbitrator)
    response = client.patch(
        world.url(), {"ruleset": "le-dernier-peuple", "points_win": 4}, format="json"
    )
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["ruleset"]
    campaign = Campaign.objects.get(pk=world.campaign.pk)
    assert campaign.ruleset == "last-hope-frontier" and campaign.points_win == 3
    unknown = client.patch(world.url(), {"colour": "red"}, format="json")
    assert unknown.status_code == 400 and list(unknown.json()["errors"]) == ["colour"]


def test_closing_a_round_reports_honest_progress(world, run_on_commit):
    status = close_round(world, run_on_commit, 1)
    assert status["done"] == status["total"] and status["progress"] == 1.0


def test_two_gangs_fight_once_a_round_by_default(world):
    ann, _, _, _ = world.players
    A, B, C, _ = world.gangs
    report(world, ann, A, B, winner=A)
    again = world.client(ann).post(
        world.url("battles/"), {"gangs": [B.pk, A.pk], "winner": None}, format="json"
    )
    assert again.status_code == 400
    message = again.json()["errors"]["gangs"][0]
    assert "already fought 1 battle in round 1" in message
    assert "allows 1 battle per pair" in message
    report(world, ann, A, C, winner=A)  # another pairing is fine


def test_the_arbitrators_set_how_often_a_pair_may_fight(world):
    ann, _, _, _ = world.players
    A, B, _, _ = world.gangs
    assert world.client(ann).patch(world.url(), {"max_battles_per_pairing": 2}).status_code == 403
    response = world.client(world.arbitrator).patch(
        world.url(), {"max_battles_per_pairing": 2}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["max_battles_per_pairing"] == 2
    report(world, ann, A, B, winner=A)
    report(world, ann, A, B, winner=B)
    third = world.client(ann).post(
        world.url("battles/"), {"gangs": [A.pk, B.pk], "winner": None}, format="json"
    )
    assert third.status_code == 400 and "allows 2 battles per pair" in third.json()["detail"]
    zero = world.client(world.arbitrator).patch(
        world.url(), {"max_battles_per_pairing": 0}, format="json"
    )
    assert zero.status_code == 400 and "max_battles_per_pairing" in zero.json()["errors"]


def test_a_void_battle_does_not_count_against_the_pair(world, run_on_commit):
    ann, _, _, _ = world.players
    A, B, _, _ = world.gangs
    battle = report(world, ann, A, B, winner=A)
    voided = world.client(world.arbitrator).post(
        world.url(f"battles/{battle['id']}/void/"), {"reason": "Wrong gangs"}, format="json"
    )
    assert voided.status_code == 200, voided.json()
    report(world, ann, A, B, winner=B)


def test_founding_a_campaign_with_its_pairing_limit(as_user):
    response = as_user.post(
        "/api/v1/campaigns/", {"name": "Long Summer", "max_battles_per_pairing": 3}, format="json"
    )
    assert response.status_code == 201, response.json()
    assert response.json()["max_battles_per_pairing"] == 3


def test_a_live_battle_beyond_the_pairing_limit_is_refused_at_its_start(world):
    ann, _, _, _ = world.players
    A, B, _, _ = world.gangs
    report(world, ann, A, B, winner=A)
    response = world.client(ann).post(
        world.url("live-battles/"), {"gangs": [A.pk, B.pk]}, format="json"
    )
    assert response.status_code == 400
    assert "allows 1 battle per pair of gangs a round" in response.json()["errors"]["gangs"][0]


def test_a_live_battle_not_yet_reported_counts_against_the_pair(world):
    """A live battle of the pair that is invited, being played or finished but not yet written
    as a report counts: the pair cannot report (or start) another meanwhile; a declined one
    does not."""
    from matches import services as matches
    from matches.models import Match

    ann, bob, _, _ = world.players
    A, B, C, _ = world.gangs
    started = world.client(ann).post(
        world.url("live-battles/"), {"gangs": [A.pk, B.pk]}, format="json"
    )
    assert started.status_code == 201, started.json()
    again = world.client(ann).post(
        world.url("battles/"), {"gangs": [B.pk, A.pk], "winner": None}, format="json"
    )
    assert again.status_code == 400
    assert "already fought 1 battle in round 1" in again.json()["errors"]["gangs"][0]
    second = world.client(ann).post(
        world.url("live-battles/"), {"gangs": [A.pk, B.pk]}, format="json"
    )
    assert second.status_code == 400
    report(world, ann, A, C, winner=A)  # another pairing is fine
    match = Match.objects.get(campaign_live__campaign_id=world.campaign.pk, status="invited")
    matches.decline_match(match=match, player=bob)
    report(world, ann, A, B, winner=A)  # the declined battle never happened
