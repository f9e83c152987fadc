"""Each game's table draws in Chromium, wide and at 360 px, for a seat and a spectator."""

import pytest

from matches import services
from tests.browser.live_support import open_table, signed_in
from tests.factories import UserFactory

GAMES = {
    "le-dernier-peuple": {},
    "battle-royale": {},
    "last-one-standing": {"max_rounds": 2},
    "last-hope-frontier": {"turn_limit": 1},
}


@pytest.mark.parametrize("slug", list(GAMES))
def test_each_table_draws_wide_and_on_a_phone(
    slug, new_context, live_server, shot, transactional_db
):
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    match = services.create_live_match(
        ruleset=slug, players=[alice.username, bob.username], options=GAMES[slug], created_by=alice
    )
    match.public = True
    match.save(update_fields=["public"])
    wide = open_table(signed_in(new_context, live_server, alice), match)
    assert wide.locator("svg.board-svg").is_visible()
    shot(wide, f"{slug}-seat-wide")
    phone = open_table(
        signed_in(new_context, live_server, carol, viewport={"width": 360, "height": 740}), match
    )
    assert phone.get_by_text("You are watching").is_visible()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width}px wide on a 360px phone"
    shot(phone, f"{slug}-spectator-phone")
