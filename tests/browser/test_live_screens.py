"""Each game's table draws in Chromium, wide and at 360 px, for a seat and a spectator."""

import pytest

from matches import services
from tests.browser.live_support import open_table, signed_in
from tests.factories import UserFactory
from tests.matches.factories import accept_all

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
    match = accept_all(
        services.create_live_match(
            ruleset=slug,
            players=[alice.username, bob.username],
            options=GAMES[slug],
            created_by=alice,
        )
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


def test_the_table_counts_down_the_turn_clock_of_the_seat_to_move(
    new_context, live_server, shot, transactional_db, settings
):
    settings.MATCHES_CLOCK_TIMERS = False  # no timeout during the test: only the display
    alice, bob = UserFactory(), UserFactory()
    match = accept_all(
        services.create_live_match(
            ruleset="le-dernier-peuple",
            players=[alice.username, bob.username],
            options={},
            created_by=alice,
            turn_seconds=90,
            bank_seconds=30,
        )
    )
    page = open_table(signed_in(new_context, live_server, alice), match)
    clock = page.locator(".clock")
    assert clock.count() == 1
    first = clock.inner_text()
    assert first in ("2:00", "1:59", "1:58"), first  # 90 s of turn and 30 s of bank
    page.wait_for_timeout(1300)
    assert clock.inner_text() < first
    assert page.get_by_text("bank 30 s").count() == 2
    shot(page, "turn-clock")
