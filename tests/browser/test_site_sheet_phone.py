"""At the table, on a phone (390 px): the sheet says what each weapon does, and selling asks
first — cancelling keeps the item, confirming sells it (#30)."""

from playwright.sync_api import expect

from tests.browser.checkers import axe_violations, blocking
from tests.browser.live_support import signed_in
from tests.factories import UserFactory

PHONE = {"width": 390, "height": 844}


def test_on_a_phone_the_sheet_shows_weapons_and_selling_asks_first(
    new_context, live_server, shot, seeded_catalogue
):
    from rosters import services
    from rosters.models import Equipment

    user = UserFactory(username="calamity")
    gang = services.create_gang(owner=user, name="The Dalton Boys", faction="outlawmen")
    bob = services.hire_fighter(gang=gang, name="Bob", role="leader", actor=user)
    (revolver,) = services.purchase_item(
        gang=gang, item="revolver", fighter_id=bob.pk, quantity=1, actor=user
    )
    services.purchase_item(gang=gang, item="shotgun", fighter_id=bob.pk, quantity=1, actor=user)
    page = signed_in(new_context, live_server, user, viewport=PHONE).new_page()

    page.goto(f"/gangs/{gang.pk}/")
    card = page.locator(f"#fighter-{bob.pk}")
    expect(card).to_contain_text("range 0 to 1 · +1 damage · never reloads")
    expect(card).to_contain_text("range 1 to 2 · +2 damage · reload after every 3 shots")
    expect(page.locator("#hire")).to_contain_text("A gang may have at most 1 leader")
    assert blocking(axe_violations(page)) == []
    shot(page, "sheet-at-390px")

    row = page.locator(f"#equipment-{revolver.pk}")
    row.get_by_role("link", name="Sell for 7…").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Sell the Revolver?")
    expect(page.get_by_text("The marketplace pays 7 credits")).to_be_visible()
    assert blocking(axe_violations(page)) == []
    shot(page, "sell-asks-first")
    page.get_by_role("link", name="Keep it").click()
    expect(page.locator(f"#equipment-{revolver.pk}")).to_contain_text("Revolver")
    assert Equipment.objects.get(pk=revolver.pk).disposal == ""
    shot(page, "sell-cancelled-revolver-kept")

    page.locator(f"#equipment-{revolver.pk}").get_by_role("link", name="Sell for 7…").click()
    page.get_by_role("button", name="Sell for 7").click()
    expect(page.get_by_role("status").first).to_contain_text("+7 credits")
    expect(page.locator(f"#equipment-{revolver.pk}")).to_have_count(0)
    assert Equipment.objects.get(pk=revolver.pk).disposal != ""
    shot(page, "sold")

    page.goto(f"/gangs/{gang.pk}/print/")
    expect(page.get_by_text("reload after every 3 shots")).to_be_visible()
    shot(page, "print-at-390px")
