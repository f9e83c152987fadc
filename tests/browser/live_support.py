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
    page.wait_for_function(
        "() => window.posseTable && window.posseTable.streamOpen", timeout=10_000
    )
    return page


def version_of(page) -> int:
    return page.evaluate("window.posseTable.version")


def wait_for_version(page, version: int, *, timeout: float = 1.0, source: str = "push"):
    """The page shows ``version`` (within ``timeout`` seconds), brought by ``source``."""
    page.wait_for_function(
        f"() => window.posseTable.version >= {version}", timeout=int(timeout * 1000) + 50
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


class Table:
    """A live match open in several browser pages (one per seat, plus spectators), played by
    clicking on the page of the seat to move. After every move each page must show the new
    version within ``PUSH_SECONDS``, brought by the push, and no page may show what its
    viewer may not see."""

    PUSH_SECONDS = 1.0

    def __init__(self, match: Match, pages: dict, *, shot=None):
        from rulesets.registry import get_ruleset

        self.match = match
        self.game = get_ruleset(match.ruleset)
        self.pages = pages  # seat (or "spectator") -> page
        self.load_ids = {k: p.evaluate("window.posseTable.loadId") for k, p in pages.items()}
        self.shot = shot
        self.moves = 0
        self.slowest = 0.0
        self.times: list[float] = []

    def state(self) -> dict:
        self.match.refresh_from_db()
        return self.match.state

    def seat_page(self, seat: str):
        return self.pages[seat]

    def check_secrets(self) -> None:
        seats = set(self.match.participants.values_list("seat", flat=True))
        for key, page in self.pages.items():
            assert_nothing_hidden(page, self.match, key if key in seats else None, self.game)

    def after_move(self, before: int, started: float, *, expect_change: bool = True) -> None:
        """Every page shows the new version, brought by the push, at most ``PUSH_SECONDS``
        after the server resolved the move (the browser and the server share this machine's
        clock: the page notes when it swapped the table in)."""
        from matches.models import MatchAction

        self.match.refresh_from_db()
        if expect_change:
            assert self.match.version > before, "the move was not played"
        resolved = (
            MatchAction.objects.filter(match=self.match, version_after=self.match.version)
            .values_list("resolved_at", flat=True)
            .first()
        )
        for key, page in self.pages.items():
            wait_for_version(page, self.match.version, timeout=10)
            if resolved is not None:
                late = page.evaluate("window.posseTable.updatedAt") / 1000 - resolved.timestamp()
                self.slowest = max(self.slowest, late)
                self.times.append(round(late, 3))
                assert late <= self.PUSH_SECONDS, f"{key}: the push took {late:.2f} s"
        self.moves += 1
        self.check_secrets()

    def no_reloads(self) -> None:
        for key, page in self.pages.items():
            assert page.evaluate("window.posseTable.loadId") == self.load_ids[key], key
            assert page.evaluate("window.posseTable.pushes") >= 1, key


def click_action(page, action: dict) -> None:
    """Send ``action`` the way a person would: by the board or hand elements that choose it
    when they choose it alone, else by its button."""
    key = json.dumps(action, sort_keys=True)
    button = page.locator(f"button.act[data-action='{key}']")
    assert button.count() == 1, f"no control for {key}"
    picks = json.loads(button.get_attribute("data-picks") or "[]")
    same = [
        b
        for b in page.locator("button.act").all()
        if sorted(json.loads(b.get_attribute("data-picks") or "[]")) == sorted(picks)
    ]
    if picks and len(same) == 1 and not button.get_attribute("data-needs-card"):
        for pick in picks:
            click_pick(page, pick)
    else:
        button.click()


def click_pick(page, pick: str) -> None:
    """Click the board or hand element that stands for ``pick`` (an SVG group by its shape)."""
    element = page.locator(f'[data-pick="{pick}"]').first
    if element.evaluate("e => e.tagName.toLowerCase()") == "g":
        element = element.locator("circle, rect, polygon").first
    element.click()


def wait_for_move(page, before: int, *, timeout: float = 10.0) -> None:
    page.wait_for_function(
        f"() => window.posseTable.version > {before} || "
        "document.querySelector('#table-message').classList.contains('error')",
        timeout=int(timeout * 1000),
    )
    error = page.evaluate(
        "document.querySelector('#table-message').classList.contains('error') && "
        "document.querySelector('#table-message').textContent"
    )
    assert not error, f"the move was refused: {error}"
