"""A French browser gets French; the switcher changes to Dutch, and the page says so."""

from playwright.sync_api import expect


def test_the_browser_language_then_the_switcher(new_context, shot, transactional_db):
    page = new_context(locale="fr-FR", viewport={"width": 360, "height": 740}).new_page()
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("heading", name="Les quatre jeux")).to_be_visible()
    shot(page, "home-in-french")
    page.get_by_label("Langue").select_option("nl")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.get_by_role("heading", name="De vier spellen")).to_be_visible()
    shot(page, "home-in-dutch")


def test_a_french_player_at_the_table_reads_french_before_and_after_a_push(
    new_context, live_server, shot, transactional_db
):
    import random

    from matches import policies, services
    from rulesets.registry import get_ruleset
    from tests.browser.live_support import (
        click_action,
        open_table,
        signed_in,
        version_of,
        wait_for_move,
    )
    from tests.matches.factories import two_player_match

    match, alice, _bob = two_player_match()
    seat = match.participants.get(player=alice).seat
    page = open_table(signed_in(new_context, live_server, alice, locale="fr-FR"), match)
    expect(page.get_by_role("heading", name="Joueurs")).to_be_visible()
    expect(page.get_by_role("heading", name="Ce qui s’est passé")).to_be_visible()
    game = get_ruleset(match.ruleset)
    rnd = random.Random(3)
    match.refresh_from_db()
    for n in range(20):  # the other seat moves until it is alice's turn, each a push to her
        mover = game.to_move(match.state)[0]
        if mover == seat:
            break
        other = match.participants.get(seat=mover).player
        action = policies.greedy_action(game, match.state, mover, rnd)
        before = version_of(page)
        services.submit_action(match=match, player=other, payload=action, idempotency_key=f"b{n}")
        wait_for_move(page, before)
        match.refresh_from_db()
    expect(page.get_by_role("heading", name="Vos coups")).to_be_visible()
    action = policies.greedy_action(game, match.state, seat, rnd)
    before = version_of(page)
    click_action(page, action)
    wait_for_move(page, before)
    expect(page.get_by_role("heading", name="Joueurs")).to_be_visible()  # the pushed table
    assert "What happened" not in page.content()
    seen = []
    page.once("dialog", lambda dialog: (seen.append(dialog.message), dialog.dismiss()))
    page.get_by_role("button", name="Abandonner").click()
    expect(page.locator("#table")).to_be_visible()
    assert seen == ["Abandonner ce match ?"]
    shot(page, "table-in-french")
