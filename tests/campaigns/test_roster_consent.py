"""Organisers manage rosters with the owner's consent (#30): ``arbitrators_manage_roster`` on
the membership is the owner's choice, made when the gang joins or accepts and changed by the
owner alone at any time; while it is on and the gang is active, the campaign's arbitrators
hire, buy, sell, move and spend flips for it, and the history names them."""

import pytest

from campaigns import services as campaigns
from campaigns.models import Membership
from rosters import access
from rosters.models import GangEvent
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def patch(world, user, membership, value):
    return world.client(user).patch(
        world.url(f"members/{membership.pk}/"),
        {"arbitrators_manage_roster": value},
        format="json",
    )


def test_only_the_owner_says_whether_the_arbitrators_manage_the_roster(world):
    ann, bob = world.players[:2]
    member = Membership.objects.get(gang=world.gangs[0])
    assert member.arbitrators_manage_roster is False  # off unless the owner says so
    for someone in (bob, world.arbitrator, UserFactory(is_staff=True)):
        assert patch(world, someone, member, True).status_code == 403
    response = patch(world, ann, member, True)
    assert response.status_code == 200 and response.json()["arbitrators_manage_roster"] is True
    listed = world.client(bob).get(world.url("members/")).json()["results"]
    assert next(m for m in listed if m["id"] == member.pk)["arbitrators_manage_roster"] is True
    assert patch(world, ann, member, "maybe").status_code == 400


def test_an_arbitrator_buys_for_a_consenting_gang_and_is_named_in_its_history(world):
    ann = world.players[0]
    gang = world.gangs[0]
    judge = world.client(world.arbitrator)
    leader = world.fighters[gang.pk][0]
    buy = {"item": "revolver", "fighter": leader.pk}
    refused = judge.post(f"/api/v1/gangs/{gang.pk}/purchases/", buy, format="json")
    assert refused.status_code == 403
    patch(world, ann, Membership.objects.get(gang=gang), True)
    bought = judge.post(f"/api/v1/gangs/{gang.pk}/purchases/", buy, format="json")
    assert bought.status_code == 201, bought.content
    event = GangEvent.objects.filter(gang=gang, kind="purchase").latest("pk")
    assert event.text.endswith("(by judge)") and event.actor == world.arbitrator
    renamed = judge.patch(f"/api/v1/gangs/{gang.pk}/", {"name": "Judge's"}, format="json")
    assert renamed.status_code == 403  # the name stays the owner's


def test_consent_ends_when_the_owner_takes_it_back_or_the_gang_leaves(world):
    ann = world.players[0]
    gang = world.gangs[0]
    member = Membership.objects.get(gang=gang)
    patch(world, ann, member, True)
    assert access.can(user=world.arbitrator, action=access.Action.HIRE, gang=gang)
    patch(world, ann, member, False)
    assert not access.can(user=world.arbitrator, action=access.Action.HIRE, gang=gang)
    patch(world, ann, member, True)
    campaigns.leave_campaign(membership=member, actor=ann)
    assert not access.can(user=world.arbitrator, action=access.Action.HIRE, gang=gang)


def test_consent_is_given_when_accepting_or_asking(world):
    eve = UserFactory(username="eve")
    from rosters import services as rosters

    invited_gang = rosters.create_gang(owner=eve, name="Eve's", faction="sheriffs")
    asking_gang = rosters.create_gang(owner=eve, name="Eve's second", faction="outlawmen")
    invited = campaigns.request_join(
        campaign=world.campaign,
        gang=invited_gang,
        actor=world.arbitrator,
        arbitrators_manage_roster=True,  # not the arbitrator's to give
    )
    assert invited.arbitrators_manage_roster is False
    accepted = world.client(eve).post(
        world.url(f"members/{invited.pk}/accept/"),
        {"arbitrators_manage_roster": True},
        format="json",
    )
    assert accepted.status_code == 200 and accepted.json()["arbitrators_manage_roster"] is True
    asked = world.client(eve).post(
        world.url("members/"),
        {
            "gang": asking_gang.pk,
            "join_code": world.campaign.join_code.lower(),
            "arbitrators_manage_roster": True,
        },
        format="json",
    )
    assert asked.status_code == 201 and asked.json()["arbitrators_manage_roster"] is True
    # Pending: no power until an arbitrator approves it.
    assert not access.can(user=world.arbitrator, action=access.Action.BUY, gang=asking_gang)


def test_the_owner_changes_it_from_the_campaign_page_and_the_sheet_says_so(world):
    from django.test import Client

    ann = world.players[0]
    gang = world.gangs[0]
    member = Membership.objects.get(gang=gang)
    client = Client()
    client.force_login(ann)
    url = f"/campaigns/{world.campaign.pk}/members/{member.pk}/roster/"
    client.post(url, {"arbitrators_manage_roster": "on"})
    member.refresh_from_db()
    assert member.arbitrators_manage_roster
    sheet = client.get(f"/gangs/{gang.pk}/").content.decode()
    assert "its arbitrators may hire, buy, sell" in sheet
    page = client.get(f"/campaigns/{world.campaign.pk}/").content.decode()
    assert "the arbitrators manage its roster" in page
