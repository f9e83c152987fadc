"""A new player's first five minutes: sign up, found a Last Hope Frontier gang, hire it, kit it
out, print the roster, share it, and revoke the link."""

import re

from playwright.sync_api import expect

from rosters.models import CatalogueItem, Gang, Role


def _credits(page) -> int:
    return int(page.locator("#gang-credits").inner_text())


def test_a_new_player_builds_prints_and_shares_a_gang(
    page, new_context, shot, live_server, seeded_catalogue
):
    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Posse")
    expect(page.get_by_text("Last Hope Frontier").first).to_be_visible()
    shot(page, "home-signed-out")

    page.get_by_role("link", name="Sign up: it takes a minute").click()
    page.get_by_label("Username").fill("calamity")
    page.get_by_label("Password").fill("short")
    page.get_by_role("button", name="Create my account").click()
    expect(page.get_by_role("alert")).to_contain_text("too short")  # the API's words
    shot(page, "signup-refused")
    page.get_by_label("Password").fill("a-long-dusty-trail-42")
    page.get_by_role("button", name="Create my account").click()

    expect(page.get_by_role("heading", level=1)).to_contain_text("Found a Last Hope Frontier gang")
    page.get_by_label("Gang name").fill("The Dalton Boys")
    page.get_by_label("Faction").select_option("outlawmen")
    page.get_by_role("button", name="Found the gang").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("The Dalton Boys")
    treasury = _credits(page)
    assert treasury == 500
    expect(page.get_by_text("Not ready to fight")).to_be_visible()
    shot(page, "gang-founded")

    cost = {r.slug: r.hire_cost for r in Role.objects.all()}
    credits = treasury
    for name, role in [
        ("Bob", "leader"),
        ("Grat", "deputy"),
        ("Emmett", "ganger"),
        ("Bill", "ganger"),
    ]:
        page.get_by_label("Fighter's name").fill(name)
        page.get_by_label("Role").select_option(role)
        expect(page.locator("#hire-preview")).to_contain_text(
            f"{cost[role]} credits: {credits - cost[role]} credits left"
        )
        page.get_by_role("button", name="Hire", exact=True).click()
        page.wait_for_load_state()
        credits -= cost[role]
        expect(page.get_by_role("status").first).to_contain_text(f"Hired {name}")
        assert _credits(page) == credits
    expect(page.get_by_text("Ready to fight")).to_be_visible()
    shot(page, "gang-hired")

    price = {i.slug: i.price for i in CatalogueItem.objects.all()}
    gang = Gang.objects.get(name="The Dalton Boys")
    fighters = {f.name: f.pk for f in gang.fighters.all()}
    for fighter, item in [
        ("Bob", "revolver"),
        ("Bob", "medium-leather"),
        ("Grat", "shotgun"),
        ("Emmett", "pistol"),
        ("Bill", "hatchet"),
    ]:
        page.get_by_label("Item").select_option(item)
        page.get_by_label("For").select_option(str(fighters[fighter]))
        expect(page.locator("#buy-preview")).to_contain_text(
            f"Costs {price[item]} credits: {credits - price[item]} credits left"
        )
        page.get_by_role("button", name="Buy", exact=True).click()
        page.wait_for_load_state()
        credits -= price[item]
        assert _credits(page) == credits
        expect(page.locator(f"#fighter-{fighters[fighter]}")).to_contain_text(f"paid {price[item]}")
    # A refusal, in the service's words, next to the field.
    page.get_by_label("Item").select_option("horse")
    page.get_by_label("For").select_option(str(fighters["Bill"]))
    expect(page.locator("#buy-preview")).to_contain_text(
        "Only a leader or deputy may carry a horse"
    )
    page.get_by_role("button", name="Buy", exact=True).click()
    expect(page.locator("#buy")).to_contain_text("Only a leader or deputy may carry a horse")
    assert _credits(page) == credits
    shot(page, "gang-kitted")

    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(f"/gangs/{gang.pk}/")
    shot(page, "roster-at-360px")
    page.set_viewport_size({"width": 1280, "height": 900})

    page.get_by_role("link", name="Print the roster").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("The Dalton Boys")
    shot(page, "print-view")
    pdf = shot.folder / "roster.pdf"
    page.emulate_media(media="print")
    page.pdf(path=str(pdf), format="A4", print_background=False)
    assert pdf.stat().st_size > 10_000
    page.emulate_media(media="screen")

    page.goto(f"/gangs/{gang.pk}/")
    page.get_by_role("button", name="Make a share link").click()
    url = page.get_by_role("textbox", name="Secret link").input_value()
    assert re.search(r"/shared/[\w-]{40,}/$", url)
    shot(page, "share-link")
    assert page.get_by_role("button", name="Make a share link").count() == 0

    stranger = new_context().new_page()
    stranger.goto(url)
    expect(stranger.get_by_role("heading", level=1)).to_have_text("The Dalton Boys")
    expect(stranger.get_by_role("heading", name="Bob")).to_be_visible()
    expect(stranger.get_by_text("calamity")).to_have_count(0)  # nothing else of the owner
    expect(stranger.get_by_role("button", name="Buy")).to_have_count(0)
    shot(stranger, "shared-signed-out")

    page.get_by_role("link", name="Revoke the link…").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Revoke the share link?")
    shot(page, "revoke-asks-first")
    page.get_by_role("button", name="Revoke the link").click()
    expect(page.get_by_role("button", name="Make a share link")).to_be_visible()
    response = stranger.goto(url)
    assert response.status == 404
    shot(stranger, "revoked-404")
