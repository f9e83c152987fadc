"""#30 in Chromium: a disputed battle ends on the campaign page, and an organiser runs a
roster from the admin where (and only where) its owner said so.

Ann reports a battle against Bob's gang; Bob disputes it; Judge, the campaign's arbitrator
who plays in neither gang, voids it from the campaign page (the page asks first, with his
reason), and Ann reports the battle again. Then, in the admin, Judge buys a revolver for
Ann's gang, whose owner lets the arbitrators manage the roster, and is refused for Bob's,
whose owner said no. Screenshots in var/artifacts/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from campaigns import services as campaigns
from rosters import services as rosters
from rosters.models import Equipment, GangEvent
from tests.browser.signing import sign_in
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def _gang(owner, name, faction):
    gang = rosters.create_gang(owner=owner, name=name, faction=faction)
    for role in ("leader", "ganger", "ganger"):
        rosters.hire_fighter(gang=gang, name=f"{name} {role}", role=role, actor=owner)
    return gang


@pytest.fixture
def campaign(seeded_catalogue):
    judge, ann, bob = (UserFactory(username=n) for n in ("judge", "ann", "bob"))
    earps, clantons = _gang(ann, "Earps", "sheriffs"), _gang(bob, "Clantons", "outlawmen")
    campaign = campaigns.create_campaign(creator=judge, name="Tombstone")
    for gang, consent in ((earps, True), (clantons, False)):
        invited = campaigns.request_join(campaign=campaign, gang=gang, actor=judge)
        campaigns.answer_invitation(
            membership=invited, accept=True, actor=gang.owner, arbitrators_manage_roster=consent
        )
    campaigns.set_status(campaign=campaign, status="active", actor=judge)
    return campaign, earps, clantons


def _report(page, campaign, other: str, winner: str):
    page.goto(f"/campaigns/{campaign.pk}/")
    page.get_by_label("Against").select_option(label=other)
    page.get_by_role("button", name="Next: the result").click()
    page.get_by_label(winner).check()
    page.get_by_role("button", name="Send the report").click()
    expect(page.get_by_role("status").first).to_contain_text("reported")


def test_a_disputed_battle_voided_by_the_arbitrator_and_reported_again(new_context, shot, campaign):
    campaign, *_ = campaign
    ann = sign_in(new_context(), "ann")
    ann.goto(f"/campaigns/{campaign.pk}/")
    expect(ann.locator(".pairs-left")).to_contain_text("Earps against Clantons: 1 battle left.")
    _report(ann, campaign, "Clantons (bob)", "Earps won")
    expect(ann.locator(".pairs-left")).to_contain_text("no battle left this round")
    shot(ann, "reported")

    bob = sign_in(new_context(viewport={"width": 390, "height": 844}), "bob")
    bob.goto(f"/campaigns/{campaign.pk}/")
    bob.get_by_label("What is wrong?").fill("Ike was never taken out.")
    bob.get_by_role("button", name="Dispute").click()
    expect(bob.get_by_role("status").first).to_contain_text(
        "Battle 1 disputed: an arbitrator who did not play in it decides."
    )
    shot(bob, "disputed")

    judge = sign_in(new_context(), "judge")
    judge.goto(f"/campaigns/{campaign.pk}/")
    battle = judge.locator("#battle-" + str(campaign.battles.get().pk))
    expect(battle.get_by_role("button", name="Confirm the result")).to_be_visible()
    battle.get_by_label("Why is it void?").fill("Played with the wrong rules.")
    shot(judge, "arbitrator-decides")
    battle.get_by_role("button", name="Void the battle…").click()
    expect(judge.get_by_role("heading", level=1)).to_have_text("Void battle 1?")
    expect(judge.get_by_text("Reason: Played with the wrong rules.")).to_be_visible()
    shot(judge, "void-asks-first")
    judge.get_by_role("button", name="Yes, void it").click()
    expect(judge.get_by_role("status").first).to_contain_text(
        "Battle 1 is void: the two gangs may report it again."
    )
    expect(judge.get_by_text("void: Played with the wrong rules.")).to_be_visible()
    shot(judge, "voided")

    ann.goto(f"/campaigns/{campaign.pk}/")
    expect(ann.locator(".pairs-left")).to_contain_text("Earps against Clantons: 1 battle left.")
    _report(ann, campaign, "Clantons (bob)", "Clantons won")
    expect(ann.get_by_role("heading", name="Battle 2, round 1")).to_be_visible()
    shot(ann, "reported-again")
    assert [b.status for b in campaign.battles.order_by("number")] == ["void", "reported"]


def test_an_organiser_buys_a_revolver_only_for_a_consenting_gang(page, shot, campaign):
    campaign, earps, clantons = campaign
    page.goto("/admin/")
    page.get_by_label("Username").fill("judge")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()

    page.goto(f"/admin/rosters/gang/{earps.pk}/change/")
    expect(page.locator(".posse-consent")).to_contain_text("the owner lets its arbitrators")
    leader = earps.fighters.get(role__slug="leader")
    buy = page.locator("#op-purchase")
    buy.locator("select[name=item]").select_option("revolver")
    buy.locator("select[name=fighter]").select_option(str(leader.pk))
    shot(page, "consenting-gang-sheet")
    buy.get_by_role("button").click()
    expect(page.locator(".messagelist")).to_contain_text("Bought Revolver for Earps leader")
    shot(page, "bought-for-consenting-gang")
    assert Equipment.objects.filter(fighter=leader, item__slug="revolver").exists()
    event = GangEvent.objects.filter(gang=earps, kind="purchase").latest("pk")
    assert event.text.endswith("(by judge)")

    page.goto(f"/admin/rosters/gang/{clantons.pk}/change/")
    expect(page.locator(".posse-consent")).to_contain_text("the owner alone manages")
    expect(page.locator("#op-purchase")).to_have_count(0)
    shot(page, "refusing-gang-sheet")
    page.goto(f"/admin/rosters/gang/{clantons.pk}/purchase/")  # straight to the form's address
    expect(page.locator(".messagelist")).to_contain_text("Only the gang's owner (or staff)")
    shot(page, "refused-for-refusing-gang")
    assert not Equipment.objects.filter(gang=clantons, item__slug="revolver").exists()
