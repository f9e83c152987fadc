"""A stream that reaches ``posse web`` (WSGI) is short: what is new, then the end, with a retry
hint; no open page holds one of its threads (config/wsgi.py marks the requests it serves,
matches/views/stream.py answers them). Under ``posse stream`` (ASGI) the stream is the long
one: tests/production/test_installed.py serves both from the installed wheel."""

from __future__ import annotations

import io
import sys

import pytest
from django.test import Client, RequestFactory

from matches.views.stream import SHORT_RETRY_MS
from tests.factories import UserFactory
from tests.matches.factories import start_live_match

pytestmark = pytest.mark.django_db(transaction=True)
SHORT = {"posse.short_streams": True}  # what config.wsgi.application sets


@pytest.fixture
def match_and_player():
    alice, bob = UserFactory(), UserFactory()
    match = start_live_match(
        ruleset="le-dernier-peuple",
        players=[alice.username, bob.username],
        options={},
        created_by=alice,
    )
    return match, alice


def _body(response) -> str:
    # Consuming it to the end terminates: the stream ends by itself.
    return b"".join(response.streaming_content).decode()


@pytest.mark.parametrize("url", ["/matches/{}/stream/", "/api/v1/matches/{}/stream/"])
def test_a_short_stream_sends_what_is_new_then_ends_with_the_polling_interval(
    match_and_player, url
):
    match, alice = match_and_player
    client = Client()
    client.force_login(alice)
    response = client.get(url.format(match.pk), **SHORT)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    body = _body(response)
    assert body.startswith(f"retry: {SHORT_RETRY_MS}\n\n")
    assert body.count("\nevent: ") == 1, body[:300]  # the current table, once
    version = int(body.split("id: ")[1].split("\n")[0])
    # Coming back with what it has: nothing new, only the hint (one read, no wait).
    again = client.get(url.format(match.pk), HTTP_LAST_EVENT_ID=str(version), **SHORT)
    assert _body(again) == f"retry: {SHORT_RETRY_MS}\n\n"


def test_a_short_stream_still_refuses_who_may_not_watch(match_and_player):
    match, _ = match_and_player
    client = Client()
    client.force_login(UserFactory())
    assert client.get(f"/matches/{match.pk}/stream/", **SHORT).status_code == 403


def test_the_wsgi_application_of_posse_web_marks_every_request(monkeypatch):
    sys.modules.pop("config.wsgi", None)
    from config import wsgi

    seen = {}
    monkeypatch.setattr(wsgi, "django_application", lambda environ, start: seen.update(environ))
    environ = RequestFactory().get("/healthz").environ
    environ.setdefault("wsgi.input", io.BytesIO())
    wsgi.application(environ, lambda *a: None)
    assert seen["posse.short_streams"] is True
