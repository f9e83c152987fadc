"""An organiser who is not staff runs a campaign round from the admin, in Chromium.

Judge ran last spring's campaign (founded over the API), so the admin lets him in. He founds
"Deadwood Summer" in the admin, takes in two gangs (one asks with the join code over the API
and he approves it; he invites the other by its number and its owner accepts over the API),
starts the campaign, reports a battle with a casualty, confirms it, watches the post-game land
on the roster sheet (the casualty's wounds drop, the victor's flips arrive), finds the roster
is not his to run (no flip button, no store: the owner's, #14) and corrects the credits
instead, closes the round and reads the standings. A screenshot of each page is kept in
var/artifacts/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from rosters import services as rosters
from rosters.models import Fighter
from tests.conftest import client_for
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def _gang(owner, name, faction):
    gang = rosters.create_gang(owner=owner, name=name, faction=faction)
    crew = {
        role: rosters.hire_fighter(gang=gang, name=f"{first}", role=role, actor=owner)
        for role, first in zip(
            ["leader", "deputy", "ganger"],
            {"Earp Posse": ["Wyatt", "Morgan", "Virgil"]}.get(name, ["Ike", "Billy", "Frank"]),
            strict=True,
        )
    }
    return gang, crew


@pytest.fixture
def people(seeded_catalogue):
    judge = UserFactory(username="judge")
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    # Last spring's campaign, founded over the API: that is what makes Judge an organiser.
    assert (
        client_for(judge).post("/api/v1/campaigns/", {"name": "Deadwood Spring"}).status_code == 201
    )
    earps, earp_crew = _gang(ann, "Earp Posse", "sheriffs")
    clantons, clanton_crew = _gang(bob, "Clanton Gang", "outlawmen")
    return {
        "judge": judge,
        "ann": ann,
        "bob": bob,
        "earps": earps,
        "clantons": clantons,
        "wyatt": earp_crew["leader"],
        "billy": clanton_crew["deputy"],
    }


def test_an_organiser_runs_a_campaign_round_from_the_admin(page, shot, people):
    assert not people["judge"].is_staff

    # Signing in with his own account.
    page.goto("/admin/")
    page.get_by_label("Username").fill("judge")
    page.get_by_label("Password").fill(PASSWORD)
    shot(page, "sign-in")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("link", name="Campaigns").first).to_be_visible()
    expect(page.get_by_text("Users")).to_have_count(0)
    expect(page.get_by_text("Catalogue items")).to_have_count(0)
    shot(page, "organiser-index")

    # Founding a campaign; the form refuses what the API refuses, on the field at fault.
    page.goto("/admin/campaigns/campaign/add/")
    page.get_by_label("Name").fill("Deadwood Summer")
    page.get_by_label("Points for a win").fill("1")
    page.get_by_label("Points for a draw").fill("2")
    page.get_by_role("button", name="Save", exact=True).click()
    errors = page.locator(".errorlist")
    expect(errors).to_have_count(1)
    expect(errors).to_contain_text("A win must be worth at least a draw")
    shot(page, "campaign-form-refusal")
    page.get_by_label("Points for a win").fill("3")
    page.get_by_label("Points for a draw").fill("1")
    tie_breakers = page.locator("select[name^=tie_breakers_]")
    tie_breakers.nth(0).select_option("wins")
    tie_breakers.nth(1).select_option("head_to_head")
    tie_breakers.nth(2).select_option("taken_out")
    page.get_by_role("button", name="Save and continue editing").click()
    expect(page.locator("#dashboard")).to_contain_text("Draft")
    campaign = people["judge"].arbitrated_campaigns.get(name="Deadwood Summer")
    assert campaign.tie_breakers == ["wins", "head_to_head", "taken_out"]
    assert campaign.ruleset == "last-hope-frontier"

    # Ann asks to join with the code (over the API); Judge approves, and invites Bob's gang.
    api = client_for(people["ann"])
    asked = api.post(
        f"/api/v1/campaigns/{campaign.pk}/members/",
        {"gang": people["earps"].pk, "join_code": campaign.join_code},
    )
    assert asked.status_code == 201
    page.reload()
    waiting = page.locator("#waiting-members")
    expect(waiting).to_contain_text("Earp Posse")
    expect(waiting).to_contain_text("asked to join")
    shot(page, "dashboard-waiting-member")
    waiting.get_by_role("button", name="Approve").click()
    expect(page.locator(".messagelist")).to_have_text("Earp Posse is in the campaign.")
    page.get_by_label("Add a gang by its number").fill(str(people["clantons"].pk))
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator(".messagelist")).to_have_text(
        "Clanton Gang is invited: its owner accepts or declines."
    )
    invitation = campaign.memberships.get(gang=people["clantons"])
    accepted = client_for(people["bob"]).post(
        f"/api/v1/campaigns/{campaign.pk}/members/{invitation.pk}/accept/"
    )
    assert accepted.status_code == 200 and accepted.json()["status"] == "active"
    page.reload()

    # Starting it opens round 1.
    page.get_by_role("button", name="Start the campaign (opens round 1)").click()
    expect(page.locator(".messagelist")).to_contain_text("round 1 is open")
    expect(page.locator("#campaign-round")).to_contain_text("1 · Open")
    shot(page, "dashboard-round-open")

    # Reporting a battle: Wyatt takes Billy out of action; the Earps win and find a pelt.
    page.get_by_role("link", name="Report a battle").click()
    page.locator("#id_gang_a").select_option(label="Earp Posse")
    page.locator("#id_gang_b").select_option(label="Clanton Gang")
    page.get_by_role("button", name="Next").click()
    page.get_by_label("Earp Posse won").check()
    page.locator("#id_casualties-0-fighter").select_option(label="Billy (deputy)")
    page.locator("#id_casualties-0-taken_out_by").select_option(label="Wyatt (leader)")
    page.locator("#id_goods_a_0").select_option(index=1)
    page.locator("#id_credits_a").fill("15")
    shot(page, "report-form")
    page.get_by_role("button", name="Report the battle").click()
    expect(page.locator(".messagelist")).to_contain_text(
        "reported: Earp Posse against Clanton Gang, Earp Posse won; 1 fighter out of action"
    )
    expect(page.locator(".field-casualties_report")).to_contain_text(
        "Billy (Clanton Gang), taken out by Wyatt"
    )
    shot(page, "battle-reported")

    # Confirming it runs the post-game.
    page.get_by_role("button", name="Confirm (runs the post-game)").click()
    expect(page.locator(".messagelist")).to_contain_text("confirmed")
    expect(page.locator(".field-status")).to_contain_text("Confirmed")
    expect(page.locator(".field-casualties_report")).to_contain_text("injured")
    shot(page, "battle-confirmed")

    # The post-game on the roster sheets: Billy lost a wound, Wyatt earned a flip.
    billy = Fighter.objects.get(pk=people["billy"].pk)
    page.goto(f"/admin/rosters/gang/{people['clantons'].pk}/change/")
    wounds = page.locator(f"tr[data-fighter='{billy.pk}'] td[data-stat=wounds]")
    expect(wounds).to_contain_text(f"{billy.wounds - 1}")
    expect(wounds).to_contain_text(f"{billy.wounds} −1")
    expect(page.locator(f"tr[data-fighter='{billy.pk}']")).to_contain_text("1 of 3")
    shot(page, "roster-sheet-after-injury")

    # The roster is Ann's: Wyatt's flip waits for her, and there is no store for Judge; he
    # has the campaign's business, a correction of the credits, in one sentence.
    page.goto(f"/admin/rosters/gang/{people['earps'].pk}/change/")
    wyatt = page.locator(f"tr[data-fighter='{people['wyatt'].pk}']")
    expect(wyatt).to_contain_text("1 waiting")
    expect(wyatt.get_by_role("button", name="Flip a card")).to_have_count(0)
    expect(page.locator("#op-purchase")).to_have_count(0)
    expect(page.locator("#op-hire")).to_have_count(0)
    shot(page, "roster-sheet-the-owners-to-run")
    credits = int(page.locator("#gang-credits").inner_text())
    page.locator("#op-adjust input[name=amount]").fill("5")
    page.locator("#op-adjust input[name=note]").fill("Bounty on Billy")
    page.locator("#op-adjust").get_by_role("button", name="Adjust").click()
    expect(page.locator(".messagelist li")).to_have_count(1)
    expect(page.locator(".messagelist")).to_have_text(
        f"Gave 5 credits to Earp Posse (Bounty on Billy); it now has {credits + 5}."
    )
    expect(page.locator("#ledger tbody tr").first).to_contain_text("+5")
    shot(page, "roster-sheet-after-correction")

    # Closing the round; the standings say why the Earps lead.
    page.goto(f"/admin/campaigns/campaign/{campaign.pk}/change/")
    expect(page.locator("#next-step")).to_contain_text("1 of 1 battle confirmed")
    page.get_by_role("button", name="Close round 1").click()
    expect(page.locator(".messagelist")).to_contain_text("The round is closing")
    page.reload()
    expect(page.locator("#campaign-round")).to_contain_text("1 closed")
    expect(page.get_by_role("button", name="Open round 2")).to_be_visible()
    standings = page.locator("#standings tbody tr")
    expect(standings.nth(0)).to_contain_text("Earp Posse")
    expect(standings.nth(0)).to_contain_text("3")
    expect(standings.nth(1)).to_contain_text("Clanton Gang")
    expect(page.locator("#log")).to_contain_text("Round 1 closed after 1 confirmed battle")
    shot(page, "dashboard-standings")
