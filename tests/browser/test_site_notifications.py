"""The inbox in a browser: Bill has a page open; Annie invites him to her league, and the count
in Bill's header goes up without a reload; he opens the inbox, follows the notification to the
league, and the count goes back to nothing."""

from playwright.sync_api import expect

from leagues import services as leagues
from tests.browser.signing import sign_in
from tests.factories import UserFactory


def test_the_header_count_follows_what_the_other_player_does(
    new_context, shot, transactional_db, settings
):
    settings.NOTIFY_POLL_SECONDS = 0.5
    annie, _bill = UserFactory(username="annie"), UserFactory(username="bill")
    league = leagues.create_league(creator=annie, name="Dust Bowl Cup", ruleset="last-one-standing")

    page = sign_in(new_context(viewport={"width": 360, "height": 780}), "bill")
    inbox = page.get_by_role("link", name="Inbox")
    expect(inbox).to_be_visible()
    expect(page.locator("[data-unread-count]")).to_be_hidden()
    shot(page, "nothing-unread")

    leagues.invite_players(league=league, usernames=["bill"], actor=annie)  # Annie acts
    expect(page.locator("[data-unread-count]")).to_have_text("1", timeout=10_000)
    shot(page, "one-unread-without-a-reload")

    inbox.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Inbox")
    expect(page.get_by_text("annie invited you to the league Dust Bowl Cup.")).to_be_visible()
    shot(page, "inbox")
    page.get_by_role("button", name="Open").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Dust Bowl Cup")
    expect(page.locator("[data-unread-count]")).to_be_hidden()
    shot(page, "followed-to-the-league")
