"""Issue 31: every page type, signed out and signed in (the four live tables included), read
in French and in Dutch, shows none of the English sentences listed here: the words a reader
met in English on French and Dutch pages, and the live tables' own sentences.

The list holds whole phrases, never a lone word a name could contain ("Barker", "Hale").
A page's text is what a person reads (``innerText``), the language switcher aside, and what
hovering a board's pieces says (the SVG ``<title>`` elements).
"""

from __future__ import annotations

import pytest

from tests.browser.live_support import signed_in
from tests.browser.test_outside_checkers import player_pages, signed_out_pages, world  # noqa: F401

ENGLISH = [
    # the shell and the tables' frame
    "Sign out",
    "My gangs",
    "Your moves",
    "Your hand",
    "What happened",
    "At the table",
    "You are watching",
    "Who is who",
    "Waiting for",
    # phases, options and units (issue 31's screenshots)
    "(battle)",
    "(deployment)",
    "(initiative)",
    "over obstacle",
    "line of fire",
    "jump down",
    "(in)",
    # the log
    "The match begins",
    "The match is over",
    " activates.",
    " is set up at ",
    " moves to ",
    " ends their turn",
    "It is ",
    "Turn of the ",
    "Round 1 begins",
    "rolls the doom die",
    " decided how many rabbit's feet",
    "Initiative for",
    "wounds, ready",
    "to play (",
    "A friendly battle:",
    " equips a card face down",
    " is loaded and ready",
    " takes the card off",
    " reloads and rearranges",
    "A meeple of the",
    " draw 1 ",
    " warrior steps ",
    " moves the eliminator",
    "Extra doom roll",
    # the campaign log and a gang's history
    "joined the campaign",
    "The campaign started",
    " opened; it closes on ",
    " confirmed battle ",
    " fighters out of action",
    " rode into town ",
    "Hired ",
    "Bought ",
    "for the stash",
    " card flip",
    # what hovering a board's piece says (its SVG <title>)
    "A hole at",
    "Tile (",
    "Territory ",
    ": plains",
    "loot crate",
]

LANGUAGES = {"fr": "fr-FR", "nl": "nl-NL"}
STEPS = 40  # moves played on each table first, so that its log holds the game's own events


def play_a_while(match_id: int) -> None:
    """Random legal moves through the engine, stored as the referee stores them (a test's
    privilege: no worker needed), until the log has the game's frequent events."""
    import random

    from matches.models import Match
    from matches.services import canonical
    from matches.services.common import _append_events
    from rulesets.core.errors import IllegalAction
    from rulesets.registry import get_ruleset
    from tests.rulesets.last_hope_frontier.test_live_support import concrete

    match = Match.objects.get(pk=match_id)
    game, rnd, state = get_ruleset(match.ruleset), random.Random(match_id), match.state
    for _ in range(STEPS):
        waiting = list(game.to_move(state))
        if not waiting or game.outcome(state) is not None:
            break
        seat = rnd.choice(waiting)
        legal = [a for a in game.legal_actions(state, seat) if a["type"] != "end_turn"]
        if not legal:
            break
        entry = rnd.choice(legal)
        if match.ruleset == "last-hope-frontier":  # a spot on the table, chosen in bounds
            entry = concrete(entry, state, seat, rnd)
        try:
            resolution = game.apply(state, seat, entry)
        except IllegalAction:
            continue  # a sampled spot was taken: sample again
        state = canonical(resolution.state)
        _append_events(match, [e for e in resolution.events if not e.get("private_to")])
    match.state, match.version = state, match.version + 1
    match.save(update_fields=["state", "version", "last_event_seq"])


def _english_on(page) -> list[str]:
    text = page.evaluate(
        "() => { const b = document.body.cloneNode(true);"
        " b.querySelectorAll('select, option, script, style').forEach(e => e.remove());"
        " const titles = [...document.querySelectorAll('svg title')].map(t => t.textContent);"
        " return b.innerText + '\\n' + titles.join('\\n'); }"
    )
    return [sentence for sentence in ENGLISH if sentence in text]


def _read(context, pages: dict[str, str], shot, language: str) -> dict[str, list[str]]:
    found = {}
    page = context.new_page()
    for name, path in pages.items():
        response = page.goto(path)
        assert response is not None and response.status < 500, f"{name}: {path}"
        assert page.evaluate("document.documentElement.lang") == language, name
        english = _english_on(page)
        if english:
            found[name] = english
        if name.startswith("table: "):
            shot(page, f"{language}-{name[7:]}")
    page.close()
    return found


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_page_reads_without_english_sentences(
    new_context,
    live_server,
    world,  # noqa: F811
    shot,
    language,
):
    for match_id in world["tables"].values():
        play_a_while(match_id)
    options = {"locale": LANGUAGES[language]}
    found = _read(new_context(**options), signed_out_pages(world), shot, language)
    signed = signed_in(new_context, live_server, world["demo"], **options)
    found.update(_read(signed, player_pages(world), shot, language))
    print(f"\n{language}: English sentences per page: {found or 'none'}")
    assert found == {}
