"""A four-round league night of Last Hope Frontier in Chromium, from check-in to the final
standings: players check in (one herself, the others by the organiser), the organiser opens
each round with a clock, each table's first player reports a win on the pairings page, the
other confirms on the league page (the last confirmation ends the round), and the standings
screen ranks the night."""

import re

from playwright.sync_api import expect

from leagues import services as leagues
from leagues.rounds_models import Round
from tests.browser.signing import sign_in
from tests.factories import UserFactory

PLAYERS = ("ann", "bob", "cal", "dee")


def _play_round(pages, league, number):
    round_ = Round.objects.get(league=league, number=number)
    for table in round_.tables.order_by("number"):
        first, second = [s.player.username for s in table.seats.order_by("id")]
        page = pages[first]
        page.goto("/")
        expect(page.locator("li.league-table")).to_contain_text(
            f"round {number}, table {table.number}: against {second}"
        )
        page.goto(f"/leagues/{league.pk}/pairings/{number}/")
        page.get_by_role("button", name="Log the result").click()
        expect(page.get_by_role("status").first).to_contain_text("Result logged")
        other = pages[second]
        other.goto(f"/leagues/{league.pk}/")
        other.get_by_role("button", name="Confirm", exact=True).first.click()
        expect(other.get_by_role("status").first).to_contain_text("Confirmed")


def test_a_four_round_league_night_from_check_in_to_final_standings(
    new_context, shot, transactional_db
):
    orla = UserFactory(username="orla")
    users = [UserFactory(username=name) for name in PLAYERS]
    league = leagues.create_league(
        creator=orla, name="Friday Frontier", ruleset="last-hope-frontier", asks_check_in=True
    )
    for user in users:
        leagues.add_member(league=league, player=user, actor=user, join_code=league.join_code)

    pages = {name: sign_in(new_context(), name) for name in PLAYERS}
    organiser = sign_in(new_context(), "orla")

    ann = pages["ann"]
    ann.goto(f"/leagues/{league.pk}/")
    ann.get_by_role("button", name="Check me in").click()
    expect(ann.get_by_role("status").first).to_contain_text("ann is checked in")

    organiser.goto(f"/leagues/{league.pk}/")
    for name in PLAYERS[1:]:
        organiser.locator(f"#check-in-{name}").click()
        expect(organiser.get_by_role("status").first).to_contain_text(f"{name} is checked in")
    shot(organiser, "checked-in")

    for number in range(1, 5):
        organiser.goto(f"/leagues/{league.pk}/")
        organiser.get_by_label("Minutes").fill("30")
        organiser.get_by_role("button", name="Open the next round").click()
        expect(organiser.get_by_role("status").first).to_contain_text(f"Round {number} is paired")
        organiser.goto(f"/leagues/{league.pk}/pairings/")
        expect(organiser.locator("#round-clock")).to_have_text(re.compile(r"^\d\d:\d\d$"))
        if number == 1:
            shot(organiser, "pairings-round-1")
        _play_round(pages, league, number)
        assert Round.objects.get(league=league, number=number).status == "closed"

    organiser.goto(f"/leagues/{league.pk}/screen/")
    rows = organiser.locator("#night-standings tbody tr")
    expect(rows).to_have_count(4)
    expect(organiser.locator("h1")).to_contain_text("after round 4")
    shot(organiser, "final-standings")
    points = [int(rows.nth(i).locator("td").nth(2).inner_text()) for i in range(4)]
    assert points == sorted(points, reverse=True) and sum(points) == 4 * 2 * 3
