"""A property of #14: whatever happens to a gang's memberships (invitations, requests, accepts,
declines, approvals, rejections, leaves, in two campaigns, in any order, twice over) and
whatever its campaigns' arbitrators try, nobody but the owner acts on the gang unless its owner
accepted a campaign that person arbitrates, and has not left it, and then only in the
campaign's business, never the roster.

Each example is a random sequence of steps against the API, checked against a model of the
consent rules (each decision belongs to one side and decides one state; the same decision
again is no change; anything else is a 409 that changes nothing). After every step:

- the memberships are what the model says;
- ``rosters.access`` gives each non-owner exactly the power the model allows: the overseer
  actions for an arbitrator of a campaign where the gang is active, nothing otherwise;
- an arbitrator's write succeeded only if the gang was active in their campaign and the write
  was the campaign's business; a refused write changed nothing on the gang.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaigns import services as campaigns
from campaigns.models import Battle, Membership
from rosters import access
from rosters import services as rosters
from rosters.models import Gang
from tests.conftest import client_for
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

LIVE = ("invited", "pending", "active")
OWNER_STEPS = ("ask", "accept", "decline", "leave")
ARBITRATOR_STEPS = ("invite", "approve", "reject")
# What an arbitrator tries on the gang: the campaign's business, then the owner's roster.
BUSINESS = ("adjust", "goods", "report", "confirm")
ROSTER = ("rename", "sell", "retire", "hire", "move")
STEPS = OWNER_STEPS + ARBITRATOR_STEPS + BUSINESS + ROSTER


@dataclass
class Seat:
    """One campaign, its arbitrator, the arbitrator's own gang in it, and the model's view of
    the gang's latest membership there."""

    campaign: object
    judge: object
    own_gang: object
    membership: int | None = None
    status: str | None = None
    via: str | None = None


def build():
    owner = UserFactory(username="wyatt")
    gang = rosters.create_gang(owner=owner, name="Earp Posse", faction="sheriffs")
    rosters.hire_fighter(gang=gang, name="Wyatt", role="leader", actor=owner)
    rosters.hire_fighter(gang=gang, name="Morgan", role="ganger", actor=owner)
    rosters.purchase_item(gang=gang, item="pistol", fighter_id=None, quantity=1, actor=owner)
    seats = []
    for name in ("judge", "baron"):
        judge = UserFactory(username=name)
        campaign = campaigns.create_campaign(creator=judge, name=f"{name}'s campaign")
        own = rosters.create_gang(owner=judge, name=f"{name}'s gang", faction="outlawmen")
        rosters.hire_fighter(gang=own, name=f"{name}-leader", role="leader", actor=judge)
        campaigns.request_join(campaign=campaign, gang=own, actor=judge)  # their own: active
        campaigns.set_status(campaign=campaign, status="active", actor=judge)
        seats.append(Seat(campaign=campaign, judge=judge, own_gang=own))
    stranger = UserFactory(username="stranger")
    return owner, gang, seats, stranger


def snapshot(gang: Gang) -> tuple:
    gang = Gang.objects.get(pk=gang.pk)
    return (
        gang.name,
        gang.credits,
        gang.wealth,
        list(gang.fighters.order_by("pk").values_list("name", "status")),
        list(gang.equipment.order_by("pk").values_list("fighter", "disposal")),
        gang.goods.count(),
        gang.ledger.count(),
        Battle.objects.filter(sides__gang=gang).exclude(status="void").count(),
    )


def expected_decision(seat: Seat, step: str) -> tuple[int, str | None]:
    """The model: the status code of a decision on the latest membership, and the status after."""
    status, via = seat.status, seat.via
    if step in ("invite", "ask"):
        return (
            (409, status) if status in LIVE else (201, "invited" if step == "invite" else "pending")
        )
    if status is None:
        return 404, None
    rules = {
        # decision: (the state it decides, what it makes, how the membership came)
        "accept": ("invited", "active", "invitation"),
        "decline": ("invited", "declined", "invitation"),
        "approve": ("pending", "active", "request"),
        "reject": ("pending", "rejected", "request"),
    }
    if step == "leave":
        if status == "left":
            return 200, status
        return (200, "left") if status in ("pending", "active") else (409, status)
    decides, makes, came = rules[step]
    if status == makes and via == came:
        return 200, status  # the same decision again: no change
    return (200, makes) if status == decides else (409, status)


def write(step: str, *, api, gang: Gang, seat: Seat):
    """An arbitrator's attempt on the gang; returns the response."""
    campaign_url = f"/api/v1/campaigns/{seat.campaign.pk}/"
    gang_url = f"/api/v1/gangs/{gang.pk}/"
    fighter = gang.fighters.order_by("pk").last()
    stash = gang.equipment.filter(disposal="").first()
    if step == "adjust":
        return api.post(gang_url + "adjustments/", {"amount": 1, "note": "Bounty"})
    if step == "goods":
        return api.post(gang_url + "goods/", {"item": "beaver-pelt"})
    if step == "report":
        return api.post(
            campaign_url + "battles/",
            {"gangs": [seat.own_gang.pk, gang.pk], "winner": seat.own_gang.pk},
            format="json",
        )
    if step == "confirm":
        battle = Battle.objects.filter(campaign=seat.campaign, sides__gang=gang).last()
        if battle is None:
            return None
        return api.post(campaign_url + f"battles/{battle.pk}/confirm/")
    if step == "rename":
        return api.patch(gang_url, {"name": "Pwned"})
    if step == "sell":
        return api.post(gang_url + "sales/", {"equipment": stash.pk if stash else 0})
    if step == "retire":
        return api.post(f"/api/v1/fighters/{fighter.pk}/retire/")
    if step == "hire":
        return api.post(gang_url + "fighters/", {"name": "Spy", "role": "ganger"})
    if step == "move":
        return api.post(
            gang_url + f"equipment/{stash.pk if stash else 0}/move/",
            {"fighter": fighter.pk},
            format="json",
        )
    raise AssertionError(step)


def decide(step: str, *, owner, gang: Gang, seat: Seat):
    url = f"/api/v1/campaigns/{seat.campaign.pk}/members/"
    if step == "invite":
        return client_for(seat.judge).post(url, {"gang": gang.pk}, format="json")
    if step == "ask":
        body = {"gang": gang.pk, "join_code": seat.campaign.join_code}
        return client_for(owner).post(url, body, format="json")
    who = owner if step in OWNER_STEPS else seat.judge
    membership = seat.membership or 0  # no membership yet: a 404
    return client_for(who).post(f"{url}{membership}/{step}/")


def check_power(*, gang: Gang, seats: list[Seat], stranger) -> None:
    gang = Gang.objects.get(pk=gang.pk)
    assert access.actions_for(user=stranger, gang=gang) == frozenset()
    for seat in seats:
        allowed = access.OVERSEER_ACTIONS if seat.status == "active" else frozenset()
        assert access.actions_for(user=seat.judge, gang=gang) == allowed, (seat.status, allowed)


def run(owner, gang: Gang, seats: list[Seat], stranger, steps) -> None:
    for step, index in steps:
        seat = seats[index]
        if step in OWNER_STEPS + ARBITRATOR_STEPS:
            code, status = expected_decision(seat, step)
            response = decide(step, owner=owner, gang=gang, seat=seat)
            assert response.status_code == code, (step, seat.status, response.content)
            if step in ("invite", "ask") and code == 201:
                seat.membership, seat.via = response.json()["id"], response.json()["via"]
            seat.status = status
            if seat.membership:
                actual = Membership.objects.get(pk=seat.membership)
                assert (actual.status, actual.via) == (seat.status, seat.via)
        else:
            before = snapshot(gang)
            battles = dict(Battle.objects.values_list("pk", "status"))
            response = write(step, api=client_for(seat.judge), gang=gang, seat=seat)
            if response is not None:
                ok = response.status_code < 400
                assert response.status_code < 500, response.content
                if step in ROSTER or seat.status != "active":
                    # Refused, or (a battle confirmed while the gang was a member, confirmed
                    # again) a 200 that changes nothing.
                    assert not ok or dict(Battle.objects.values_list("pk", "status")) == battles
                    assert not ok or step == "confirm", (step, seat.status, response.content)
                    assert snapshot(gang) == before, step
                elif step in ("adjust", "goods", "report"):
                    assert ok, (step, response.content)
        check_power(gang=gang, seats=seats, stranger=stranger)


steps = st.lists(st.tuples(st.sampled_from(STEPS), st.sampled_from([0, 1])), max_size=14)


def test_no_sequence_of_decisions_lets_a_non_owner_act_without_the_owners_consent():
    owner, gang, seats, stranger = build()

    @settings(
        max_examples=40,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        database=None,
    )
    @given(steps=steps)
    def example(steps):
        with transaction.atomic():
            fresh = [Seat(campaign=s.campaign, judge=s.judge, own_gang=s.own_gang) for s in seats]
            try:
                run(owner, gang, fresh, stranger, steps)
            finally:
                transaction.set_rollback(True)

    example()


def test_the_model_agrees_with_the_rules_it_is_checked_against():
    """The model's own spot checks, from docs/rules/campaigns.md."""
    seat = Seat(campaign=None, judge=None, own_gang=None, membership=1)
    seat.status, seat.via = "active", "invitation"
    assert expected_decision(seat, "approve") == (409, "active")  # attack 4
    assert expected_decision(seat, "accept") == (200, "active")  # the same answer again
    seat.via = "request"
    assert expected_decision(seat, "approve") == (200, "active")  # a double approve
    assert expected_decision(seat, "leave") == (200, "left")
    seat.status = "left"
    assert expected_decision(seat, "reject") == (409, "left")  # nobody refuses a leave
