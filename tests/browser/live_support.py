"""Helpers for the live table browser tests: signed-in contexts, page secrets, waiting."""

from __future__ import annotations

import json
import re
import time

from django.test import Client

from matches.models import Match


def signed_in(new_context, live_server, user, **options):
    """A browser context with ``user``'s session (made by the test client, no login form)."""
    client = Client()
    client.force_login(user)
    context = new_context(**options)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return context


def open_table(context, match: Match):
    page = context.new_page()
    page.goto(f"/matches/{match.pk}/")
    page.wait_for_function("window.posseTable && window.posseTable.streamOpen", timeout=10_000)
    return page


def version_of(page) -> int:
    return page.evaluate("window.posseTable.version")


def wait_for_version(page, version: int, *, timeout: float = 1.0, source: str = "push"):
    """The page shows ``version`` within ``timeout`` seconds, brought by ``source``."""
    page.wait_for_function(
        f"window.posseTable.version >= {version}", timeout=int(timeout * 1000) + 50
    )
    got = page.evaluate("window.posseTable.lastSource")
    assert got == source, f"version {version} arrived by {got}, not {source}"


def hidden_tokens(match: Match, seat: str | None, view: dict) -> set[str]:
    """Strings of the state that ``seat`` may not see: the seed, the rng, and every card of
    another hand or a deck that its view does not show anyway."""
    state = match.state
    tokens = {str(match.seed)}
    if "rng" in state:
        tokens.add(json.dumps(state["rng"]))
    shown = json.dumps(view)
    for card in _secret_cards(match.ruleset, state, seat):
        if not re.search(rf"(?<![\w#-]){re.escape(card)}(?![\w#-])", shown):
            tokens.add(card)
    return tokens


def _secret_cards(slug: str, state: dict, seat: str | None) -> list[str]:
    if slug == "le-dernier-peuple":
        cards = list(state["movement_pile"]) + list(state["power_pile"])
        return cards + [c for s, h in state["hands"].items() if s != seat for c in h]
    if slug == "last-one-standing":
        cards = list(state["decks"]["loot"])
        for s, p in state["players"].items():
            if s != seat:
                cards += list(p["hand"])
                cards += [h["card"] for h in p["slots"].values() if h and h["face_down"]]
        return cards
    return []  # Battle Royale and Last Hope Frontier: every player holds the same card faces


def assert_nothing_hidden(page, match: Match, seat: str | None, game) -> None:
    match.refresh_from_db()
    view = game.view(match.state, seat)
    source = page.content()
    leaked = [t for t in hidden_tokens(match, seat, view) if _contains(source, t)]
    assert leaked == [], f"{seat or 'spectator'} page shows {leaked[:5]}"
    if slug_deck_order(match) and slug_deck_order(match) in source:
        raise AssertionError("the deck order is on the page")


def _contains(source: str, token: str) -> bool:
    if token.isdigit() and len(token) > 6:
        return token in source
    return re.search(rf"(?<![\w#-]){re.escape(token)}(?![\w#-])", source) is not None


def slug_deck_order(match: Match) -> str | None:
    decks = match.state.get("decks")
    if isinstance(decks, dict) and decks:
        first = next(iter(decks.values()))
        if isinstance(first, list) and len(first) > 2:
            return json.dumps(first)
    return None


def wait_until(predicate, *, timeout: float = 10.0, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")
