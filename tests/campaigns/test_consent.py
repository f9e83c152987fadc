"""A gang is in a campaign only with its owner's consent, and leaves it when the owner says:
invitations, requests, leaving, and what a leave does to the gang's battles in flight
(docs/rules/campaigns.md)."""

import pytest

from campaigns import services as campaigns
from campaigns.models import Battle, LiveBattle, LogEntry, Membership
from matches.models import Match
from rosters import services as rosters
from rosters.models import Fighter, GangEvent
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def post(world, user, suffix, body=None):
    return world.client(user).post(world.url(suffix), body or {}, format="json")


def membership_log(world, gang) -> list[str]:
    return list(
        LogEntry.objects.filter(
            campaign=world.campaign, gang=gang, kind=LogEntry.Kind.MEMBERSHIP
        ).values_list("text", flat=True)
    )


@pytest.fixture
def newcomer_gang(world):
    eve = UserFactory(username="eve")
    return rosters.create_gang(owner=eve, name="Eve's", faction="sheriffs")


# --- the three ways in ------------------------------------------------------------------------


def test_an_arbitrator_adding_someone_elses_gang_only_invites_it(world, newcomer_gang):
    invited = post(world, world.arbitrator, "members/", {"gang": newcomer_gang.pk})
    assert invited.status_code == 201, invited.content
    body = invited.json()
    assert (body["status"], body["via"], body["requested_by"]) == (
        "invited",
        "invitation",
        "judge",
    )
    assert membership_log(world, newcomer_gang) == [
        "judge invited Eve's; it joins when its owner accepts."
    ]


def test_only_the_owner_accepts_an_invitation_and_then_it_is_a_member(world, newcomer_gang):
    invited = post(world, world.arbitrator, "members/", {"gang": newcomer_gang.pk}).json()
    staff = UserFactory(is_staff=True)
    for who in (world.arbitrator, staff, world.players[0]):
        assert post(world, who, f"members/{invited['id']}/accept/").status_code == 403
    accepted = post(world, newcomer_gang.owner, f"members/{invited['id']}/accept/")
    assert accepted.status_code == 200 and accepted.json()["status"] == "active"


def test_a_declined_invitation_gives_nothing_and_a_new_one_may_follow(world, newcomer_gang):
    invited = post(world, world.arbitrator, "members/", {"gang": newcomer_gang.pk}).json()
    declined = post(world, newcomer_gang.owner, f"members/{invited['id']}/decline/")
    assert declined.status_code == 200 and declined.json()["status"] == "declined"
    assert post(world, newcomer_gang.owner, f"members/{invited['id']}/accept/").status_code == 409
    again = post(world, world.arbitrator, "members/", {"gang": newcomer_gang.pk})
    assert again.status_code == 201 and again.json()["status"] == "invited"


def test_an_arbitrator_adding_their_own_gang_is_a_member_at_once(world):
    own = rosters.create_gang(owner=world.arbitrator, name="Judge's", faction="townsfolk")
    added = post(world, world.arbitrator, "members/", {"gang": own.pk})
    assert added.status_code == 201
    assert (added.json()["status"], added.json()["via"]) == ("active", "own")


def test_an_owners_request_waits_for_an_arbitrator_and_the_owner_cannot_approve_it(
    world, newcomer_gang
):
    eve = newcomer_gang.owner
    asked = post(
        world, eve, "members/", {"gang": newcomer_gang.pk, "join_code": world.campaign.join_code}
    ).json()
    assert (asked["status"], asked["via"]) == ("pending", "request")
    for decision in ("approve", "accept"):
        assert post(world, eve, f"members/{asked['id']}/{decision}/").status_code in (403, 409)
    assert Membership.objects.get(pk=asked["id"]).status == "pending"
    assert post(world, world.arbitrator, f"members/{asked['id']}/approve/").status_code == 200


def test_a_gang_already_invited_or_in_is_not_added_twice(world, newcomer_gang):
    post(world, world.arbitrator, "members/", {"gang": newcomer_gang.pk})
    twice = post(world, world.arbitrator, "members/", {"gang": newcomer_gang.pk})
    assert twice.status_code == 409 and "gang" in twice.json()["errors"]
    member = post(world, world.arbitrator, "members/", {"gang": world.gangs[0].pk})
    assert member.status_code == 409


# --- each decision decides one state, once -----------------------------------------------------


@pytest.mark.parametrize(
    ("decision", "who", "status"),
    [
        ("approve", "arbitrator", "active"),
        ("reject", "arbitrator", "rejected"),
    ],
)
def test_an_arbitrators_decision_twice_is_the_same_answer_and_one_log_line(
    world, newcomer_gang, decision, who, status
):
    eve = newcomer_gang.owner
    asked = post(
        world, eve, "members/", {"gang": newcomer_gang.pk, "join_code": world.campaign.join_code}
    ).json()
    first = post(world, world.arbitrator, f"members/{asked['id']}/{decision}/")
    second = post(world, world.arbitrator, f"members/{asked['id']}/{decision}/")
    assert first.status_code == second.status_code == 200
    assert first.json() == second.json() and second.json()["status"] == status
    assert len(membership_log(world, newcomer_gang)) == 2  # asked, decided: once


@pytest.mark.parametrize(("decision", "status"), [("accept", "active"), ("decline", "declined")])
def test_an_owners_answer_twice_is_the_same_answer_and_one_log_line(
    world, newcomer_gang, decision, status
):
    invited = post(world, world.arbitrator, "members/", {"gang": newcomer_gang.pk}).json()
    eve = newcomer_gang.owner
    first = post(world, eve, f"members/{invited['id']}/{decision}/")
    second = post(world, eve, f"members/{invited['id']}/{decision}/")
    assert first.status_code == second.status_code == 200
    assert first.json() == second.json() and second.json()["status"] == status
    assert len(membership_log(world, newcomer_gang)) == 2


def test_approve_and_reject_decide_only_a_pending_request(world, newcomer_gang):
    """Attack 4 of #14: a second approve on an active membership removed the gang."""
    invited = post(world, world.arbitrator, "members/", {"gang": newcomer_gang.pk}).json()
    member = Membership.objects.get(gang=world.gangs[0])
    before = list(Membership.objects.order_by("pk").values())
    for membership_id in (invited["id"], member.pk):
        for decision in ("approve", "reject"):
            refused = post(world, world.arbitrator, f"members/{membership_id}/{decision}/")
            assert refused.status_code == 409, refused.content
            assert "membership" in refused.json()["errors"]
    assert list(Membership.objects.order_by("pk").values()) == before


def test_accept_and_decline_answer_only_an_invitation(world, newcomer_gang):
    eve = newcomer_gang.owner
    asked = post(
        world, eve, "members/", {"gang": newcomer_gang.pk, "join_code": world.campaign.join_code}
    ).json()
    for decision in ("accept", "decline"):
        assert post(world, eve, f"members/{asked['id']}/{decision}/").status_code == 409
    assert Membership.objects.get(pk=asked["id"]).status == "pending"


# --- leaving ----------------------------------------------------------------------------------


def test_a_request_may_be_withdrawn_and_an_invitation_is_declined_not_left(world, newcomer_gang):
    eve = newcomer_gang.owner
    asked = post(
        world, eve, "members/", {"gang": newcomer_gang.pk, "join_code": world.campaign.join_code}
    ).json()
    assert post(world, eve, f"members/{asked['id']}/leave/").json()["status"] == "left"
    invited = post(world, world.arbitrator, "members/", {"gang": newcomer_gang.pk}).json()
    assert post(world, eve, f"members/{invited['id']}/leave/").status_code == 409


def test_leaving_twice_is_one_leave(world):
    ann = world.players[0]
    member = Membership.objects.get(gang=world.gangs[0])
    first = post(world, ann, f"members/{member.pk}/leave/")
    second = post(world, ann, f"members/{member.pk}/leave/")
    assert first.status_code == second.status_code == 200
    assert first.json() == second.json()
    assert membership_log(world, world.gangs[0])[-1] == "ann's gang left the campaign."
    assert membership_log(world, world.gangs[0]).count("ann's gang left the campaign.") == 1


def test_only_the_owner_takes_a_gang_out(world):
    member = Membership.objects.get(gang=world.gangs[0])
    for who in (world.arbitrator, UserFactory(is_staff=True), world.players[1]):
        assert post(world, who, f"members/{member.pk}/leave/").status_code == 403
    member.refresh_from_db()
    assert member.status == "active"


def report(world, reporter, a, b, **extra):
    response = post(world, reporter, "battles/", {"gangs": [a.pk, b.pk], "winner": b.pk, **extra})
    assert response.status_code == 201, response.content
    return Battle.objects.get(pk=response.json()["id"])


def test_leaving_voids_the_gangs_reported_and_disputed_battles(world):
    ann, bob, cal = world.players[:3]
    a, b, c = world.gangs[:3]
    reported = report(world, bob, a, b)
    disputed = report(world, cal, a, c)
    post(world, ann, f"battles/{disputed.pk}/dispute/", {"reason": "Never happened."})
    untouched = report(world, bob, b, c)
    member = Membership.objects.get(gang=a)
    assert post(world, ann, f"members/{member.pk}/leave/").status_code == 200

    statuses = dict(Battle.objects.values_list("pk", "status"))
    assert statuses == {reported.pk: "void", disputed.pk: "void", untouched.pk: "reported"}
    assert LogEntry.objects.filter(
        kind=LogEntry.Kind.OVERRIDE, battle=reported, text__contains="left the campaign"
    ).exists()
    # Nobody can bring them back to apply to a gang that left.
    refused = post(world, world.arbitrator, f"battles/{reported.pk}/confirm/")
    assert refused.status_code == 403  # no power over a gang that left
    assert post(world, world.players[1], f"battles/{disputed.pk}/confirm/").status_code in (
        403,
        409,
    )
    assert Fighter.objects.filter(gang=a, injuries__isnull=False).count() == 0


def test_a_battle_confirmed_before_the_leave_stands_and_its_post_game_still_runs(world):
    ann, bob = world.players[:2]
    a, b = world.gangs[:2]
    victim = world.fighters[a.pk][2]
    battle = report(world, bob, a, b, casualties=[{"fighter": victim.pk, "taken_out_by": None}])
    campaigns.confirm_battle(battle=battle, actor=ann)  # the task has not run yet
    campaigns.leave_campaign(membership=Membership.objects.get(gang=a), actor=ann)
    battle.refresh_from_db()
    assert battle.status == "confirmed"
    assert campaigns.run_post_game(battle_id=battle.pk) is True
    victim.refresh_from_db()
    assert victim.injuries.count() == 1


def test_a_live_battle_in_flight_no_longer_counts_once_a_gang_leaves(world):
    ann = world.players[0]
    a, b = world.gangs[:2]
    live = campaigns.start_live_battle(campaign=world.campaign, actor=ann, gangs=[a.pk, b.pk])
    campaigns.leave_campaign(membership=Membership.objects.get(gang=a), actor=ann)
    live.refresh_from_db()
    assert live.battle is not None and live.battle.status == "void"
    # When the match ends, the campaign does not write its report (nor does the sweep).
    Match.objects.filter(pk=live.match_id).update(status=Match.Status.FINISHED)
    assert campaigns.collect_live_battle(match_id=live.match_id) is None
    assert campaigns.collect_live_battles() == 0
    assert not Battle.objects.filter(campaign=world.campaign).exclude(status="void").exists()
    assert LiveBattle.objects.get(pk=live.pk).battle.status == "void"


def test_after_leaving_the_arbitrators_have_no_power_over_the_gang(world):
    ann = world.players[0]
    a = world.gangs[0]
    grant = {"amount": 5, "note": "Bounty"}
    arbitrator = world.client(world.arbitrator)
    assert arbitrator.post(f"/api/v1/gangs/{a.pk}/adjustments/", grant).status_code == 201
    campaigns.leave_campaign(membership=Membership.objects.get(gang=a), actor=ann)
    assert arbitrator.post(f"/api/v1/gangs/{a.pk}/adjustments/", grant).status_code == 403
    assert arbitrator.post(f"/api/v1/gangs/{a.pk}/goods/", {"item": "beaver-pelt"}).status_code == (
        403
    )
    b = world.gangs[1]
    refused = post(world, world.arbitrator, "battles/", {"gangs": [a.pk, b.pk], "winner": b.pk})
    assert refused.status_code == 400 and "gangs" in refused.json()["errors"]


# --- the arbitrator's writes, in the gang's history ----------------------------------------------


def history(world, gang):
    response = world.client(gang.owner).get(f"/api/v1/gangs/{gang.pk}/history/")
    assert response.status_code == 200
    return [(row["actor"], row["text"]) for row in response.json()["results"]]


def test_every_arbitrator_write_on_a_gang_names_the_arbitrator_in_its_history(world):
    a, b = world.gangs[:2]
    arbitrator = world.client(world.arbitrator)
    arbitrator.post(f"/api/v1/gangs/{a.pk}/adjustments/", {"amount": -5, "note": "Cheating"})
    arbitrator.post(f"/api/v1/gangs/{a.pk}/goods/", {"item": "beaver-pelt"})
    battle = report(world, world.arbitrator, a, b)
    assert post(world, world.arbitrator, f"battles/{battle.pk}/confirm/").status_code == 200

    by_judge = [text for actor, text in history(world, a) if actor == "judge"]
    assert len(by_judge) == 4
    assert by_judge[0] == "-5 credits: Cheating"
    assert by_judge[1].startswith("Found beaver pelt")
    assert by_judge[2:] == [
        f"judge (arbitrator) reported battle {battle.number} of Deadwood Summer: ann's gang "
        "against bob's gang (won: bob's gang).",
        f"judge (arbitrator) confirmed battle {battle.number} of Deadwood Summer; its post-game "
        "applies to the gang.",
    ]
    assert [text for actor, text in history(world, b) if actor == "judge"] == by_judge[2:]


def test_an_owners_own_report_writes_nothing_to_the_rivals_history_by_arbitration(world):
    a, b = world.gangs[:2]
    report(world, world.players[0], a, b)
    assert not GangEvent.objects.filter(kind="battle").exists()


# --- the campaign page: the same decisions, each to its side -------------------------------------


def page(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client


def test_the_owner_answers_an_invitation_from_the_campaign_page(world, newcomer_gang):
    invited = campaigns.request_join(
        campaign=world.campaign, gang=newcomer_gang, actor=world.arbitrator
    )
    eve = page(newcomer_gang.owner)
    text = eve.get(f"/campaigns/{world.campaign.pk}/").content.decode()
    assert "Accept the invitation" in text and "Decline" in text
    judge_sees = page(world.arbitrator).get(f"/campaigns/{world.campaign.pk}/").content.decode()
    assert "Accept the invitation" not in judge_sees
    url = f"/campaigns/{world.campaign.pk}/members/{invited.pk}/"
    assert page(world.arbitrator).post(url + "accept/").status_code == 403
    assert eve.post(url + "accept/").status_code == 302
    invited.refresh_from_db()
    assert invited.status == "active"
    assert "Leave the campaign" in eve.get(f"/campaigns/{world.campaign.pk}/").content.decode()
    asked = eve.post(url + "leave/")  # leaving asks first, on a page of its own
    assert asked.status_code == 200 and "Yes, leave the campaign" in asked.content.decode()
    invited.refresh_from_db()
    assert invited.status == "active"
    assert eve.post(url + "leave/", {"confirmed": "yes"}).status_code == 302
    invited.refresh_from_db()
    assert invited.status == "left"


def test_the_home_page_lists_an_invitation_for_its_owner_to_answer(world, newcomer_gang):
    campaigns.request_join(campaign=world.campaign, gang=newcomer_gang, actor=world.arbitrator)
    text = page(newcomer_gang.owner).get("/").content.decode()
    assert "Eve&#x27;s in Deadwood Summer: invited" in text
    assert "Eve&#x27;s in Deadwood" not in page(world.arbitrator).get("/").content.decode()
