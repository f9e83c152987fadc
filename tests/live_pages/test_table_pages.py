"""The table page of each game draws from the seat's view: a board, the hand, the log."""

import re

import pytest
from django.test import Client

from matches import services
from tests.factories import UserFactory
from tests.matches.factories import accept_all

pytestmark = pytest.mark.django_db

GAMES = {
    "le-dernier-peuple": ({}, "circle of territory cards"),
    "battle-royale": ({}, "island of tiles"),
    "last-one-standing": ({"max_rounds": 2}, "hex island"),
    "last-hope-frontier": ({"turn_limit": 1}, "2 by 2 foot table"),
}


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _match(slug, options, *, public=False):
    alice, bob = UserFactory(), UserFactory()
    match = accept_all(
        services.create_live_match(
            ruleset=slug, players=[alice.username, bob.username], options=options, created_by=alice
        )
    )
    if public:
        match.public = True
        match.save(update_fields=["public"])
    return match, alice, bob


@pytest.mark.parametrize("slug", list(GAMES))
def test_each_game_draws_its_board_for_a_seat(slug):
    options, label = GAMES[slug]
    match, alice, _bob = _match(slug, options)
    response = _client(alice).get(f"/matches/{match.pk}/")
    assert response.status_code == 200
    body = response.content.decode()
    assert f'aria-label="The {label}"' in body or label in body
    assert "Your hand" in body
    assert "What happened" in body
    assert str(match.seed) not in body
    title = re.search(r"<head>.*?<title>(.*?)</title>", body, re.S).group(1)  # the page's
    assert title.count("Posse") == 1 and f"match {match.pk}" in title


@pytest.mark.parametrize("slug", list(GAMES))
def test_a_spectator_of_a_public_match_sees_no_hand(slug):
    options, _label = GAMES[slug]
    match, _alice, _bob = _match(slug, options, public=True)
    body = _client(UserFactory()).get(f"/matches/{match.pk}/").content.decode()
    assert "You are watching" in body
    assert "Your hand" not in body


def test_an_outsider_may_not_watch_a_private_match():
    match, _alice, _bob = _match("le-dernier-peuple", {})
    assert _client(UserFactory()).get(f"/matches/{match.pk}/").status_code == 403


def test_the_page_asks_a_visitor_to_sign_in():
    match, _alice, _bob = _match("le-dernier-peuple", {})
    response = Client().get(f"/matches/{match.pk}/")
    assert response.status_code == 302


def test_the_fragment_answers_204_while_nothing_changed():
    match, alice, _bob = _match("le-dernier-peuple", {})
    client = _client(alice)
    assert client.get(f"/matches/{match.pk}/table/?after={match.version}").status_code == 204
    response = client.get(f"/matches/{match.pk}/table/?after=-1")
    assert response.status_code == 200 and response["X-Table-Version"] == str(match.version)


GEOMETRY = re.compile(r'\s(?:x|y|cx|cy|rx|ry|width|height|r|x1|y1|x2|y2|viewBox)="([^"]*)"')


@pytest.mark.parametrize("language", ["fr", "nl"])
@pytest.mark.parametrize("slug", list(GAMES))
def test_a_boards_coordinates_are_svg_numbers_in_every_language(slug, language):
    """French and Dutch write 123,4 for 123.4, which an SVG attribute cannot take: the board
    would be drawn in the wrong places. Its numbers are written unlocalised."""
    options, _label = GAMES[slug]
    match, alice, _bob = _match(slug, options)
    body = _client(alice).get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    assert body.status_code == 200 and f'lang="{language}"' in body.content.decode()
    values = GEOMETRY.findall(body.content.decode())
    assert values, "the board draws something"
    for value in values:
        for number in value.split():
            float(number)  # raises on "123,4"


@pytest.mark.parametrize("slug", list(GAMES))
def test_what_people_typed_is_escaped_on_the_table(slug):
    """The table is drawn by Jinja2 (matches/tables/jinja.py): a name that looks like markup
    is shown as text, in the page and in what its stream sends."""
    from matches.views.table import load_match, render_fragment

    options, _label = GAMES[slug]
    alice, bob = UserFactory(), UserFactory(username='<b id="x">bob</b>')
    match = accept_all(
        services.create_live_match(
            ruleset=slug, players=[alice.username, bob.username], options=options, created_by=alice
        )
    )
    page = _client(alice).get(f"/matches/{match.pk}/").content.decode()
    fragment = render_fragment(load_match(match.pk), match.participants.get(seat="s1"))
    for html in (page, fragment):
        assert '<b id="x">' not in html
        assert "&lt;b id=&#34;x&#34;&gt;bob&lt;/b&gt;" in html
