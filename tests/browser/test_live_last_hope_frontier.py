"""Two people fight a one-turn Last Hope Frontier battle by clicking: each sets a fighter up by
clicking inside the deployment zone, activates it and moves it by clicking on the table within
its reach; the battle ends at the turn limit. Every other page follows by push."""

import time

from matches import services
from rulesets.registry import get_ruleset
from tests.browser.live_support import (
    Table,
    open_table,
    signed_in,
    wait_for_move,
)
from tests.factories import UserFactory
from tests.matches.factories import accept_all


def _one_fighter_gangs() -> dict:
    game = get_ruleset("last-hope-frontier")
    state = game.new_game(["s1", "s2"], {}, 1)
    gangs = {}
    for seat, fid in (("s1", "101"), ("s2", "201")):
        f = state["fighters"][fid]
        gang = state["gangs"][seat]
        gangs[seat] = {
            "gang_id": 900 + int(seat[1:]),
            "name": gang["name"],
            "faction": gang["faction"],
            "fighters": [
                {
                    "id": f["id"],
                    "name": f["name"],
                    "role": f["role"],
                    "stats": f["stats"],
                    "equipment": f["equipment"],
                }
            ],
        }
    return gangs


def _click_table_at(page, x: float, y: float) -> None:
    svg = page.locator("svg.board-svg")
    box = svg.bounding_box()
    view = [float(v) for v in svg.get_attribute("viewBox").split()]
    scale = float(svg.get_attribute("data-scale"))
    px = box["x"] + (x * scale - view[0]) / view[2] * box["width"]
    py = box["y"] + (y * scale - view[1]) / view[3] * box["height"]
    page.mouse.click(px, py)


def _inside(bounds: dict, towards: float) -> tuple[float, float]:
    x = (bounds["x"]["min"] + bounds["x"]["max"]) / 2
    span = bounds["y"]["max"] - bounds["y"]["min"]
    y = bounds["y"]["min"] + span * (0.8 if towards > 0 else 0.2)
    return round(x, 2), round(y, 2)


def test_two_players_set_up_and_move_by_clicking_on_the_table(
    new_context, live_server, shot, transactional_db
):
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    match = accept_all(
        services.create_live_match(
            ruleset="last-hope-frontier",
            players=[alice.username, bob.username],
            options={"turn_limit": 1, "gangs": _one_fighter_gangs()},
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
    placed = 0
    while table.match.status == "live" and table.moves < 40:
        state = table.state()
        seat = table.game.to_move(state)[0]
        legal = {a["type"]: a for a in table.game.legal_actions(state, seat)}
        page = pages[seat]
        before, started = table.match.version, time.monotonic()
        forward = 1 if seat == "s1" else -1
        for kind in ("deploy", "move"):
            if kind in legal:
                label = "Set up" if kind == "deploy" else "Move"
                page.locator("button.act", has_text=label).first.click()
                _click_table_at(page, *_inside(legal[kind]["to"], forward))
                placed += 1
                break
        else:
            choice = next(k for k in ("activate", "end_activation", "end_turn") if k in legal)
            if choice == "activate":
                page.locator(f'[data-pick="fighter:{legal[choice]["fighter"]}"]').first.click()
            else:
                page.locator("button.act", has_text="End the").first.click()
        wait_for_move(page, before)
        table.after_move(before, started)
        if placed == 2 and table.moves == 2:
            shot(pages["s1"], "both-fighters-set-up")
        if "move" in legal:
            shot(page, f"{seat}-moved")
    assert table.match.status == "finished"
    assert placed >= 3  # two set-ups, and at least one move by a click on the table
    table.no_reloads()
    shot(pages["spectator"], "carol-at-the-end")
