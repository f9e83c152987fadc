"""The live table in the reader's language: its page, the words table.js says, and what its
stream draws later — in another thread under ASGI, after other requests under WSGI."""

import asyncio
import json
import threading

import pytest
from django.test import AsyncClient, Client
from django.utils import translation

from matches import services
from rulesets.registry import get_ruleset
from tests.live_pages.test_table_pages import GAMES, _client, _match
from tests.matches.factories import two_player_match

WORDS = {
    "fr": ("Joueurs", "Ce qui s’est passé", "À la table", "Abandonner ce match ?"),
    "nl": ("Spelers", "Wat er gebeurde", "Aan tafel", "Deze partij opgeven?"),
}
ENGLISH = ("<h2>Players</h2>", "<h2>What happened</h2>", "<h2>At the table</h2>")


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["fr", "nl"])
@pytest.mark.parametrize("slug", list(GAMES))
def test_each_games_table_is_drawn_in_the_readers_language(slug, language):
    options, _label = GAMES[slug]
    match, alice, _bob = _match(slug, options)
    page = _client(alice).get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    text = page.content.decode()
    players, happened, table, resign = WORDS[language]
    assert f"<h2>{players}</h2>" in text and f"<h2>{happened}</h2>" in text
    assert f"<h2>{table}</h2>" in text
    assert not any(english in text for english in ENGLISH)
    words = json.loads(text.split('id="table-words" type="application/json">')[1].split("<")[0])
    assert words["resign"] == resign


def _ldp():
    match, alice, _bob = two_player_match()
    return match, alice


def _move(match):
    seat = get_ruleset(match.ruleset).to_move(match.state)[0]
    player = match.participants.get(seat=seat).player
    services.submit_action(
        match=match, player=player, payload={"type": "draw_movement"}, idempotency_key="k1"
    )


def _html(event: str) -> str:
    return json.loads(event.split("data: ", 1)[1])["html"]


@pytest.mark.django_db(transaction=True)
def test_a_streams_later_tables_keep_the_language_it_was_opened_in():
    match, alice = _ldp()
    client = Client()
    client.force_login(alice)
    response = client.get(
        f"/matches/{match.pk}/stream/?version={match.version}", HTTP_ACCEPT_LANGUAGE="fr"
    )
    chunks = iter(response.streaming_content)
    assert next(chunks).startswith(b"retry:")
    translation.activate("en")  # what another request on this thread would have left behind
    try:
        _move(match)
        html = _html(next(chunks).decode())
    finally:
        translation.deactivate()
        response.close()
    assert "Ce qui s’est passé" in html and "What happened" not in html


async def _first_table(url, user, language):
    client = AsyncClient()
    await client.aforce_login(user)
    response = await client.get(url, headers={"accept-language": language})
    chunks = []
    async for chunk in response.streaming_content:
        chunks.append(chunk.decode() if isinstance(chunk, bytes) else chunk)
        if len(chunks) >= 2:
            break
    return chunks[1]


@pytest.mark.django_db(transaction=True)
def test_under_asgi_the_stream_draws_in_the_readers_language():
    match, alice = _ldp()
    got = {}

    def run():  # in a thread of its own: a browser test may have left a loop in this one
        got["event"] = asyncio.run(_first_table(f"/matches/{match.pk}/stream/", alice, "nl"))

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(30)
    html = _html(got["event"])
    assert "Wat er gebeurde" in html and "What happened" not in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "row", "red", "grey"),
    [
        ("en", "red", "red", "grey"),
        ("fr", "rouge", "rouge", "gris"),
        ("nl", "rood", "rode", "grijze"),  # a colour on its own, and as a warrior's
    ],
)
def test_battle_royales_colours_are_in_the_readers_words(language, row, red, grey):
    """The players' rows and the warriors' titles name colours as the log does."""
    import re
    from html import unescape

    options, _label = GAMES["battle-royale"]
    match, alice, _bob = _match("battle-royale", options)
    text = unescape(
        _client(alice).get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    )
    details = re.findall(r"</b> <small>([^<]*)</small>", text)
    assert any(d.startswith(f"{row} · ") for d in details), details
    titles = re.findall(r"<title>(\d+ [^<]*)</title>", text)
    assert f"2 {grey}" in titles and any(t.endswith(f" {red}") for t in titles), titles
    if language != "en":
        assert not any(re.search(r"\b(red|blue|grey)\b", t) for t in [*details, *titles])
