"""A French browser gets French; the switcher changes to Dutch, and the page says so."""

from playwright.sync_api import expect


def test_the_browser_language_then_the_switcher(new_context, shot, transactional_db):
    page = new_context(locale="fr-FR", viewport={"width": 360, "height": 740}).new_page()
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("heading", name="Les quatre jeux")).to_be_visible()
    shot(page, "home-in-french")
    page.get_by_label("Langue").select_option("nl")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.get_by_role("heading", name="De vier spellen")).to_be_visible()
    shot(page, "home-in-dutch")
