"""One person plays a whole game of Battle Royale against a greedy bot by clicking cards and
the arrows on the tiles; a spectator's page follows every move by push."""

import random
import time

from matches import policies, services
from tests.browser.live_support import (
    Table,
    click_action,
    open_table,
    signed_in,
    wait_for_move,
)
from tests.factories import UserFactory
from tests.matches.factories import accept_all

PLUS_ISLAND = {"layout": {"rows": [".#.", "#F#", ".#."]}}


def test_a_player_beats_or_loses_to_the_bot_by_clicking(
    new_context, live_server, shot, transactional_db
):
    alice, carol = UserFactory(), UserFactory()
    match = accept_all(
        services.create_live_match(
            ruleset="battle-royale",
            players=[alice.username],
            options=PLUS_ISLAND,
            created_by=alice,
            public=True,
            bots=1,
        )
    )
    bot = match.participants.get(seat="s2")
    assert bot.bot == "greedy" and bot.player.username == "Bot #1"
    pages = {
        "s1": open_table(signed_in(new_context, live_server, alice), match),
        "spectator": open_table(
            signed_in(new_context, live_server, carol, viewport={"width": 360, "height": 740}),
            match,
        ),
    }
    table = Table(match, pages)
    table.check_secrets()
    shot(pages["s1"], "alice-at-the-start")
    rnd = random.Random(3)
    clicked = {"card": 0, "arrow": 0, "button": 0}
    while table.match.status == "live" and table.moves < 300:
        state = table.state()
        waiting = table.game.to_move(state)
        assert waiting == ["s1"], f"the bot did not finish its turn: {waiting}"
        action = policies.greedy_action(table.game, state, "s1", rnd)
        kind = {"play_card": "card", "step": "arrow"}.get(action["type"], "button")
        clicked[kind] += 1
        before, started = table.match.version, time.monotonic()
        click_action(pages["s1"], action)
        wait_for_move(pages["s1"], before)
        # The bot answers at once (in the same request when tasks run in-process): wait for
        # the page to say it is our move again, or the game is over.
        pages["s1"].wait_for_function(
            "() => document.querySelector('.table-root').dataset.myTurn === '1' || "
            "document.querySelector('.table-root').dataset.running === '0'",
            timeout=10_000,
        )
        table.after_move(before, started)
        if table.moves == 2:
            shot(pages["s1"], "alice-moving-a-warrior")
    assert table.match.status == "finished"
    assert clicked["card"] and clicked["arrow"], clicked
    assert table.match.actions.filter(seat="s2", idempotency_key__startswith="bot:").exists()
    for page in pages.values():
        assert page.locator(".table-status strong", has_text="Winner:").is_visible()
    table.no_reloads()
    shot(pages["s1"], "alice-at-the-end")
    shot(pages["spectator"], "carol-on-a-phone-at-the-end")
