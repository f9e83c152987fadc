"""Two people play a short game of Last One Standing (two rounds) by clicking hexes and
buttons; every other page follows each move by push."""

import random
import time

from matches import services
from tests.browser.live_support import (
    Table,
    click_action,
    open_table,
    signed_in,
    wait_for_move,
)
from tests.factories import UserFactory
from tests.matches.factories import accept_all


def test_two_players_drop_in_move_and_finish_last_one_standing(
    new_context, live_server, shot, transactional_db
):
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    match = accept_all(
        services.create_live_match(
            ruleset="last-one-standing",
            players=[alice.username, bob.username],
            options={"max_rounds": 2},
            created_by=alice,
            public=True,
        )
    )
    pages = {
        "s1": open_table(signed_in(new_context, live_server, alice), match),
        "s2": open_table(signed_in(new_context, live_server, bob), match),
        "spectator": open_table(signed_in(new_context, live_server, carol), match),
    }
    table = Table(match, pages)
    table.check_secrets()
    rnd = random.Random(2)
    hexes = 0
    while table.match.status == "live" and table.moves < 200:
        state = table.state()
        seat = table.game.to_move(state)[0]
        legal = table.game.legal_actions(state, seat)
        # Prefer moving about (and so looting), end the turn now and then.
        moving = [a for a in legal if a["type"] in ("drop_in", "move", "step", "equip", "done")]
        action = rnd.choice(moving or legal)
        hexes += action["type"] in ("drop_in", "step")
        before, started = table.match.version, time.monotonic()
        click_action(pages[seat], action)
        wait_for_move(pages[seat], before)
        table.after_move(before, started)
        if table.moves == 2:
            shot(pages["s1"], "after-the-drop-in")
    assert table.match.status == "finished"
    assert hexes >= 2
    table.no_reloads()
    shot(pages["s1"], "alice-at-the-end")
    shot(pages["spectator"], "carol-at-the-end")
