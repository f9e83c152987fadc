"""Two people play a whole game of Le Dernier Peuple at the table by clicking, while a
spectator watches; every page follows each move by push within a second."""

import random

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


def test_two_players_play_le_dernier_peuple_to_the_end(
    new_context, live_server, shot, transactional_db
):
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    match = accept_all(
        services.create_live_match(
            ruleset="le-dernier-peuple",
            players=[alice.username, bob.username],
            options={},
            created_by=alice,
            public=True,
        )
    )
    pages = {
        "s1": open_table(signed_in(new_context, live_server, alice), match),
        "s2": open_table(
            signed_in(new_context, live_server, bob, viewport={"width": 360, "height": 740}),
            match,
        ),
        "spectator": open_table(signed_in(new_context, live_server, carol), match),
    }
    table = Table(match, pages)
    table.check_secrets()
    shot(pages["s1"], "alice-at-the-start")
    rnd = random.Random(7)
    while table.match.status == "live" and table.moves < 400:
        state = table.state()
        seat = table.game.to_move(state)[0]
        action = policies.greedy_action(table.game, state, seat, rnd)
        before = table.match.version
        started = __import__("time").monotonic()
        click_action(pages[seat], action)
        wait_for_move(pages[seat], before)
        table.after_move(before, started)
        if table.moves in (3, 20):
            shot(pages["s1"], f"alice-after-{table.moves}-moves")
            shot(pages["s2"], f"bob-on-a-phone-after-{table.moves}-moves")
    assert table.match.status == "finished", f"not over after {table.moves} moves"
    for page in pages.values():
        assert page.locator(".table-status strong", has_text="Winner:").is_visible()
    table.no_reloads()
    shot(pages["s1"], "alice-at-the-end")
    shot(pages["spectator"], "carol-watching-the-end")
    print(f"{table.moves} moves, slowest push {table.slowest:.2f} s")
