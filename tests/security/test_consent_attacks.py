"""Attacks 1 and 4 of #14, scripted against the API as the attacker ran them, each now refused
and leaving nothing changed. They run on whichever database the environment gives (CI:
PostgreSQL, ``DATABASE_URL``).

1. *Any signed-in user could take over any gang*: found a campaign, ``POST members/`` with
   someone else's gang, then sell its kit, rename it, retire its fighters, zero its credits,
   report and confirm battles that kill every fighter. Now the gang is only *invited*, and
   while it is invited, after it declined, and after its owner left, the founder can do
   nothing to it. While it is a member, the founder has the campaign's business (credits,
   goods, battles) and still not the roster.
4. *Approve was a trap*: a second ``approve`` on an active membership removed the gang. Now
   approve decides only a pending request: 409 on anything else, and twice on the same
   request is one approval.
"""

from __future__ import annotations

import pytest

from campaigns.models import Battle, LogEntry, Membership
from rosters import services as rosters
from rosters.models import Gang
from tests.conftest import client_for
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def victim(db):
    """Wyatt's gang: three fighters, a pistol in the stash, goods, a flip to spend."""
    wyatt = UserFactory(username="wyatt")
    gang = rosters.create_gang(owner=wyatt, name="Earp Posse", faction="sheriffs")
    for name, role in [("Wyatt", "leader"), ("Virgil", "deputy"), ("Morgan", "ganger")]:
        rosters.hire_fighter(gang=gang, name=name, role=role, actor=wyatt)
    rosters.purchase_item(gang=gang, item="pistol", fighter_id=None, quantity=1, actor=wyatt)
    rosters.add_goods(gang=gang, item="beaver-pelt", actor=None)
    rosters.award_flips(fighter=gang.fighters.get(name="Wyatt"), count=1, actor=None)
    return Gang.objects.get(pk=gang.pk)


class Attacker:
    """Ike founds a campaign, puts his own gang in it and "adds" Wyatt's."""

    def __init__(self, victim: Gang):
        self.user = UserFactory(username="ike")
        self.api = client_for(self.user)
        self.victim = victim
        founded = self.api.post("/api/v1/campaigns/", {"name": "Takeover"}, format="json")
        assert founded.status_code == 201, founded.content
        self.campaign = founded.json()["id"]
        own = self.api.post("/api/v1/gangs/", {"name": "Clantons", "faction": "outlawmen"})
        self.gang = own.json()["id"]
        self.api.post(self.url("fighters/", self.gang), {"name": "Ike", "role": "leader"})
        assert self.post("members/", {"gang": self.gang}).json()["status"] == "active"
        assert self.post("status/", {"status": "active"}).status_code == 200

    def url(self, rest: str, gang: int | None = None) -> str:
        return f"/api/v1/gangs/{gang or self.victim.pk}/{rest}"

    def post(self, rest: str, body=None, client=None):
        client = client or self.api
        return client.post(f"/api/v1/campaigns/{self.campaign}/{rest}", body or {}, format="json")

    def add_victim(self) -> dict:
        added = self.post("members/", {"gang": self.victim.pk})
        assert added.status_code == 201, added.content
        return added.json()

    def roster_attacks(self) -> dict[str, int]:
        """The owner's roster: never the founder's, member or not."""
        gang = self.victim
        stash = gang.equipment.get(item__slug="pistol")
        leader, ganger = gang.fighters.get(name="Wyatt"), gang.fighters.get(name="Morgan")
        api = self.api
        return {
            "rename": api.patch(self.url(""), {"name": "Pwned"}).status_code,
            "sell kit": api.post(self.url("sales/"), {"equipment": stash.pk}).status_code,
            "sell goods": api.post(self.url("sales/"), {"goods": gang.goods.get().pk}).status_code,
            "retire": api.post(f"/api/v1/fighters/{ganger.pk}/retire/").status_code,
            "rename a fighter": api.patch(
                f"/api/v1/fighters/{leader.pk}/", {"name": "Coward"}
            ).status_code,
            "hire": api.post(self.url("fighters/"), {"name": "Spy", "role": "ganger"}).status_code,
            "buy": api.post(
                self.url("purchases/"), {"item": "whiskey", "fighter": None}, format="json"
            ).status_code,
            "move kit": api.post(
                self.url(f"equipment/{stash.pk}/move/"), {"fighter": leader.pk}, format="json"
            ).status_code,
            "flip": api.post(
                f"/api/v1/fighters/{leader.pk}/flips/", {"action": "flip"}
            ).status_code,
        }

    def business_attacks(self) -> dict[str, int]:
        """The campaign's business: only for a gang whose owner accepted the campaign."""
        gang = self.victim
        every_fighter = [{"fighter": f.pk, "taken_out_by": None} for f in gang.fighters.all()]
        return {
            "zero the credits": self.api.post(
                self.url("adjustments/"), {"amount": -gang.credits, "note": "Mine now"}
            ).status_code,
            "plant goods": self.api.post(self.url("goods/"), {"item": "beaver-pelt"}).status_code,
            "report a massacre": self.post(
                "battles/",
                {"gangs": [self.gang, gang.pk], "winner": self.gang, "casualties": every_fighter},
            ).status_code,
            "answer for the owner": self.post(
                f"members/{self.membership_id()}/accept/"
            ).status_code,
        }

    def membership_id(self) -> int:
        return Membership.objects.filter(gang=self.victim).latest("pk").pk


def snapshot(gang: Gang) -> dict:
    gang = Gang.objects.get(pk=gang.pk)
    return {
        "gang": (gang.name, gang.notes, gang.credits, gang.rating, gang.wealth, gang.battles),
        "fighters": list(
            gang.fighters.order_by("pk").values_list("name", "status", "flips", "hire_cost")
        ),
        "injuries": sorted(gang.fighters.values_list("injuries__id", flat=True), key=str),
        "equipment": list(gang.equipment.order_by("pk").values_list("pk", "fighter", "disposal")),
        "goods": list(gang.goods.order_by("pk").values_list("pk", "sold_at")),
        "ledger": gang.ledger.count(),
        "history": gang.events.count(),
        "battles": Battle.objects.filter(sides__gang=gang).exclude(status="void").count(),
    }


def owner_says(attacker: Attacker, decision: str) -> dict:
    response = attacker.post(
        f"members/{attacker.membership_id()}/{decision}/", client=client_for(attacker.victim.owner)
    )
    assert response.status_code == 200, response.content
    return response.json()


def refused(codes: dict[str, int]) -> dict[str, int]:
    """The attempts that were not refused (should be none)."""
    return {what: code for what, code in codes.items() if code < 400 or code >= 500}


def test_attack_1_an_invited_gang_gives_the_founder_nothing(victim):
    attacker = Attacker(victim)
    before = snapshot(victim)
    assert attacker.add_victim()["status"] == "invited"
    assert refused(attacker.roster_attacks()) == {}
    assert refused(attacker.business_attacks()) == {}
    assert snapshot(victim) == before
    assert Membership.objects.get(pk=attacker.membership_id()).status == "invited"


def test_attack_1_a_declined_invitation_gives_the_founder_nothing(victim):
    attacker = Attacker(victim)
    attacker.add_victim()
    assert owner_says(attacker, "decline")["status"] == "declined"
    before = snapshot(victim)
    assert refused(attacker.roster_attacks()) == {}
    assert refused(attacker.business_attacks()) == {}
    assert snapshot(victim) == before
    assert Membership.objects.get(pk=attacker.membership_id()).status == "declined"


def test_attack_1_a_member_gang_gives_the_founder_the_campaigns_business_not_the_roster(victim):
    attacker = Attacker(victim)
    attacker.add_victim()
    assert owner_says(attacker, "accept")["status"] == "active"
    before = snapshot(victim)
    codes = attacker.roster_attacks()
    assert codes == dict.fromkeys(codes, 403)  # every one refused: the roster is not his
    assert snapshot(victim) == before
    grant = attacker.api.post(attacker.url("adjustments/"), {"amount": 5, "note": "Bounty"})
    assert grant.status_code == 201
    history = client_for(victim.owner).get(attacker.url("history/")).json()["results"]
    assert (history[-1]["actor"], history[-1]["text"]) == ("ike", "+5 credits: Bounty")


def test_attack_1_after_the_owner_leaves_the_founder_can_do_nothing_and_confirm_nothing(victim):
    attacker = Attacker(victim)
    attacker.add_victim()
    owner_says(attacker, "accept")
    every_fighter = [{"fighter": f.pk, "taken_out_by": None} for f in victim.fighters.all()]
    massacre = attacker.post(
        "battles/",
        {"gangs": [attacker.gang, victim.pk], "winner": attacker.gang, "casualties": every_fighter},
    )
    assert massacre.status_code == 201  # a member's battle may be reported...
    assert owner_says(attacker, "leave")["status"] == "left"  # ...and the owner walks out

    before = snapshot(victim)
    confirm = attacker.post(f"battles/{massacre.json()['id']}/confirm/")
    assert confirm.status_code == 403, confirm.content  # he has no power over it any more
    assert Battle.objects.get(pk=massacre.json()["id"]).status == "void"
    for decision in ("approve", "reject"):  # nor can the founder refuse the leave
        assert attacker.post(f"members/{attacker.membership_id()}/{decision}/").status_code == 409
    assert refused(attacker.roster_attacks()) == {}
    assert refused(attacker.business_attacks()) == {}
    assert snapshot(victim) == before
    assert Membership.objects.get(pk=attacker.membership_id()).status == "left"


def test_attack_4_a_second_approve_on_an_active_membership_is_a_409_and_changes_nothing(victim):
    attacker = Attacker(victim)
    attacker.add_victim()
    member = owner_says(attacker, "accept")
    for decision in ("approve", "approve", "reject"):
        response = attacker.post(f"members/{member['id']}/{decision}/")
        assert response.status_code == 409, response.content
        assert set(response.json()) == {"detail", "errors"}
    membership = Membership.objects.get(pk=member["id"])
    assert membership.status == "active"
    assert membership.decided_by == victim.owner  # the owner's acceptance, still


def test_attack_4_a_double_approve_of_a_request_is_one_approval(victim):
    attacker = Attacker(victim)
    code = client_for(attacker.user).get(f"/api/v1/campaigns/{attacker.campaign}/").json()
    asked = attacker.post(
        "members/",
        {"gang": victim.pk, "join_code": code["join_code"]},
        client=client_for(victim.owner),
    )
    assert asked.json()["status"] == "pending"
    first = attacker.post(f"members/{asked.json()['id']}/approve/")
    second = attacker.post(f"members/{asked.json()['id']}/approve/")  # a double click
    assert first.status_code == second.status_code == 200
    assert first.json() == second.json() and second.json()["status"] == "active"
    joined = LogEntry.objects.filter(gang=victim, text__endswith="joined the campaign.")
    assert joined.count() == 1


def test_attack_4_the_admins_approve_action_on_an_active_membership_changes_nothing(victim, client):
    attacker = Attacker(victim)
    attacker.add_victim()
    member = owner_says(attacker, "accept")
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    response = client.post(
        "/admin/campaigns/membership/",
        {"action": "approve", "_selected_action": [member["id"]]},
        follow=True,
    )
    assert response.status_code == 200
    assert Membership.objects.get(pk=member["id"]).status == "active"
    assert "Approved: 1." not in response.content.decode()
