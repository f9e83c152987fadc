"""A new player starts each of the four games against a bot from the home page, in one click,
and plays a few moves by clicking; two players start a Battle Royale game from /matches/new/,
the second accepting the invitation. Screenshots at each step (var/artifacts/)."""

from __future__ import annotations

import random
import re
import time

import pytest
from playwright.sync_api import expect

from matches import policies
from matches.models import Match
from rosters import services as rosters
from rulesets.registry import get_ruleset
from tests.browser.live_support import click_action, signed_in, wait_for_move
from tests.browser.test_live_last_hope_frontier import _click_table_at, _inside
from tests.factories import UserFactory

GAMES = ["le-dernier-peuple", "battle-royale", "last-one-standing", "last-hope-frontier"]


def _my_turn(match: Match, game, *, timeout: float = 10.0) -> dict | None:
    """The state once it is the player's decision (the bot has answered), or None when over."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        match.refresh_from_db()
        if match.status != Match.Status.LIVE:
            return None
        if "s1" in game.to_move(match.state):
            return match.state
        time.sleep(0.05)
    raise AssertionError("the bot did not answer")


def _click_lhf(page, game, state) -> None:
    """Set a fighter up or move it by clicking the table; else activate or end by its button."""
    legal = {a["type"]: a for a in game.legal_actions(state, "s1")}
    for kind, label in (("deploy", "Set up"), ("move", "Move")):
        if kind in legal:
            page.locator("button.act", has_text=label).first.click()
            _click_table_at(page, *_inside(legal[kind]["to"], 1))
            return
    if "activate" in legal:
        page.locator(f'[data-pick="fighter:{legal["activate"]["fighter"]}"]').first.click()
        return
    click_action(page, game.legal_actions(state, "s1")[0])


def _play_a_few(page, match: Match, moves: int = 3) -> int:
    game = get_ruleset(match.ruleset)
    rnd = random.Random(5)
    played = 0
    page.wait_for_function("() => window.posseTable && window.posseTable.streamOpen")
    while played < moves:
        state = _my_turn(match, game)
        if state is None:
            break
        before = match.version
        page.wait_for_function(f"() => window.posseTable.version >= {before}")
        if match.ruleset == "last-hope-frontier":
            _click_lhf(page, game, state)
        elif match.ruleset == "last-one-standing":
            legal = game.legal_actions(state, "s1")
            moving = [a for a in legal if a["type"] in ("drop_in", "move", "step", "done")]
            click_action(page, rnd.choice(moving or legal))
        else:
            click_action(page, policies.greedy_action(game, state, "s1", rnd))
        wait_for_move(page, before)
        played += 1
    return played


@pytest.mark.parametrize("slug", GAMES)
def test_a_new_player_plays_each_game_against_a_bot_from_home(
    new_context, live_server, shot, transactional_db, seeded_catalogue, slug
):
    newcomer = UserFactory()
    if slug == "last-hope-frontier":
        rosters.create_starting_gang(
            owner=newcomer,
            name="Hale's Riders",
            faction="sheriffs",
            fighters=[{"name": "Ada Hale", "role": "leader", "equipment": ["revolver"]}],
            stash=[],
        )
    page = signed_in(new_context, live_server, newcomer).new_page()
    page.goto("/")
    name = get_ruleset(slug).name
    page.get_by_role("button", name=f"Play {name} against a bot").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    expect(page.get_by_role("status").first).to_contain_text("has begun")
    match = Match.objects.get(participants__player=newcomer)
    assert match.status == Match.Status.LIVE
    assert match.participants.get(seat="s2").bot
    if slug == "last-hope-frontier":
        assert match.state["gangs"]["s1"]["name"] == "Hale's Riders"
    shot(page, f"{slug}-dealt")
    assert _play_a_few(page, match) >= 1
    match.refresh_from_db()
    assert match.actions.filter(seat="s1", status="resolved").exists()
    shot(page, f"{slug}-after-a-few-moves")


def test_two_players_start_battle_royale_from_the_new_game_page(
    new_context, live_server, shot, transactional_db
):
    annie, bill = UserFactory(username="annie"), UserFactory(username="bill")
    annie_page = signed_in(new_context, live_server, annie).new_page()
    annie_page.goto("/matches/new/")
    shot(annie_page, "choose-a-game")
    annie_page.get_by_role("link", name="Battle Royale").click()
    expect(annie_page.get_by_role("heading", level=1)).to_have_text("A new game of Battle Royale")
    annie_page.get_by_label("Other players").fill("bill")
    annie_page.get_by_label("Bots").fill("0")
    annie_page.get_by_label("Talents").check()
    shot(annie_page, "battle-royale-form")
    annie_page.get_by_role("button", name="Start the game").click()
    expect(annie_page).to_have_url(re.compile(r"/matches/\d+/$"))
    expect(annie_page.get_by_role("status").first).to_contain_text("invitations are sent")
    match = Match.objects.get()
    assert match.status == Match.Status.INVITED and match.options == {"talents": True}
    shot(annie_page, "waiting-for-bill")

    bill_page = signed_in(
        new_context, live_server, bill, viewport={"width": 390, "height": 844}
    ).new_page()
    bill_page.goto("/")
    bill_page.get_by_role("button", name="Accept: Battle Royale").click()
    expect(bill_page.locator("svg.board-svg")).to_be_visible()
    match.refresh_from_db()
    assert match.status == Match.Status.LIVE
    shot(bill_page, "bill-at-the-table")
