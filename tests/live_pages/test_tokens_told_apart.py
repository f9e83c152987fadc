"""Issue 31: on every live table each token is told apart, tap or hover names it, no two
buttons read the same, and the log is a named region a keyboard reaches."""

import re
from html import unescape

import pytest
from django.test import Client

from matches import services
from matches.tables import last_one_standing
from matches.tables.common import Seats
from matches.tables.last_hope_frontier import token_codes
from tests.factories import UserFactory
from tests.matches.factories import accept_all

GAMES = {
    "le-dernier-peuple": {},
    "battle-royale": {},
    "last-one-standing": {"max_rounds": 2},
    "last-hope-frontier": {"turn_limit": 1},
}


def _match(slug, options):
    alice, bob = UserFactory(), UserFactory()
    match = accept_all(
        services.create_live_match(
            ruleset=slug, players=[alice.username, bob.username], options=options, created_by=alice
        )
    )
    return match, alice


def _page(match, user) -> str:
    client = Client()
    client.force_login(user)
    return client.get(f"/matches/{match.pk}/").content.decode()


def crowd(match, *, names: str | None = None) -> None:
    """Every fighter of both gangs set up in a tight cluster mid-table, as in the issue."""
    state = match.state
    for n, f in enumerate(state["fighters"].values()):
        f["position"] = {"x": 10 + (n % 4) * 1.1, "y": 10 + (n // 4) * 1.1}
        f["status"] = "in_play"
        if names and f["seat"] == "s2":
            f["name"] = names
    match.state = state
    match.save(update_fields=["state"])


def test_six_fighters_of_one_name_get_six_codes():
    fighters = {str(i): {"id": i, "name": "Barker"} for i in range(1, 7)}
    fighters["7"] = {"id": 7, "name": "Ma Barker"}
    assert list(token_codes(fighters).values()) == ["B1", "B2", "B3", "B4", "B5", "B6", "MB"]


@pytest.mark.django_db
def test_a_crowded_frontier_table_names_each_token_once():
    match, alice = _match("last-hope-frontier", {"turn_limit": 1})
    crowd(match, names="Barker")
    body = _page(match, alice)
    labels = re.findall(r'<text [^>]*class="fname">([^<]+)</text>', body)
    assert len(labels) == 12 and len(set(labels)) == 12
    titles = re.findall(r"<title>([^<]+)</title>", body)
    assert any("B3 Barker" in unescape(t) and "wounds" in t for t in titles)
    legend = re.search(r'<ul class="legend"[^>]*>(.*?)</ul>', body, re.S).group(1)
    assert legend.count("<li>") == 12


@pytest.mark.django_db
@pytest.mark.parametrize("slug", list(GAMES))
def test_no_two_buttons_read_the_same_and_the_log_is_reachable(slug):
    match, alice = _match(slug, GAMES[slug])
    body = _page(match, alice)
    labels = re.findall(r'<button type="button" class="act"[^>]*>([^<]+)</button>', body)
    assert len(labels) == len(set(labels)), labels
    assert re.search(r'class="log-list" tabindex="0" role="region" aria-label="[^"]+"', body)


def test_two_charges_from_different_hexes_read_apart():
    seats = Seats(names={"s1": "alice", "s2": "Bot #1"}, you="s1")
    base = {"type": "shoot", "slot": "light", "attack": "secondary", "target": "s2"}
    cards = {"light": "knife"}
    one = last_one_standing._control({**base, "hex": [1, 2]}, seats, cards).label
    two = last_one_standing._control({**base, "hex": [2, 2]}, seats, cards).label
    assert one != two
    assert "from 1,2" in one and "secondary attack" in one and "Bot #1" in one
