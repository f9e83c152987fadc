"""Three players in a Last One Standing league: join by code, log results, confirm them, and
see the standings and each player's rating drawn as a chart."""

from pathlib import Path

from playwright.sync_api import expect

from leagues import services as leagues
from tests.browser.signing import sign_in
from tests.factories import UserFactory


def _log(page, places: dict[str, str]):
    for name, place in places.items():
        page.get_by_label(f"Place of {name}").select_option(place)
    page.get_by_role("button", name="Log the result").click()
    expect(page.get_by_role("status").first).to_contain_text("Result logged")


def _confirm_all(page):
    while page.get_by_role("button", name="Confirm", exact=True).count():
        page.get_by_role("button", name="Confirm", exact=True).first.click()
        expect(page.get_by_role("status").first).to_contain_text("Confirmed")


def test_three_players_log_and_confirm_and_the_chart_is_drawn(new_context, shot, transactional_db):
    annie, *_ = (UserFactory(username=n) for n in ("annie", "bill", "cody"))
    league = leagues.create_league(creator=annie, name="Dust Bowl Cup", ruleset="last-one-standing")
    leagues.add_member(league=league, player=annie, actor=annie)

    pages = {"annie": sign_in(new_context(), "annie")}
    for name in ("bill", "cody"):
        page = sign_in(new_context(viewport={"width": 360, "height": 780}), name)
        page.get_by_role("link", name="Join a league with its code").click()
        page.get_by_label("Join code").fill(league.join_code)
        page.get_by_role("button", name="Join").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Dust Bowl Cup")
        pages[name] = page

    bill_page = pages["bill"]
    bill_page.reload()
    _log(bill_page, {"annie": "2", "bill": "1", "cody": "3"})
    _log(bill_page, {"annie": "1", "bill": "2", "cody": "3"})
    shot(bill_page, "logged-by-bill")

    for name in ("cody", "annie"):
        page = pages[name]
        page.goto("/")
        expect(page.get_by_text("waits for your confirmation").first).to_be_visible()
        page.goto(f"/leagues/{league.pk}/")
        _confirm_all(page)
    page = pages["annie"]
    page.reload()
    rows = page.get_by_role("row")
    expect(rows.nth(1)).to_contain_text("annie")
    expect(page.locator("svg.chart polyline.series")).to_have_count(3)
    expect(page.locator("#standings-title + p")).to_contain_text("2 confirmed results")
    shot(page, "standings-and-chart")
    with page.expect_download() as download:
        page.get_by_role("link", name="Download as CSV").click()
    assert "annie" in Path(download.value.path()).read_text()

    pages["cody"].goto("/players/bill/")
    expect(pages["cody"].locator("svg.chart polyline")).to_have_count(1)
    shot(pages["cody"], "player-page")
