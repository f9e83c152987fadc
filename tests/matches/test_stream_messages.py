"""Issue 31: the API's live stream (``GET matches/{id}/stream/``) gives each event its
``message`` in the request's language, as ``GET matches/{id}/events/`` does: from the stream's
own read and from a seat's frame a worker built once for readers of every language. The
schema declares the stream's ``state`` event with the events' own component."""

import json

import pytest
from django.test import Client
from django.utils import translation

from matches import push, services
from matches.messages import event_message
from matches.views.page_frames import handed_over
from matches.views.stream import api_render
from rulesets.registry import get_ruleset
from tests.factories import UserFactory
from tests.matches.factories import accept_all

pytestmark = pytest.mark.django_db(transaction=True)
SHORT = {"posse.short_streams": True}  # a stream that ends (config/wsgi.py)


def _match():
    alice, bob = UserFactory(), UserFactory()
    match = accept_all(
        services.create_live_match(
            ruleset="le-dernier-peuple",
            players=[alice.username, bob.username],
            options={},
            created_by=alice,
        )
    )
    return match, alice


def _data(chunk: str) -> dict:
    return json.loads(next(x for x in chunk.splitlines() if x.startswith("data: "))[6:])


def _in_french(events: list[dict], ruleset: str) -> None:
    assert events
    with translation.override("fr"):
        for event in events:
            said = event_message(
                ruleset=ruleset, kind=event["type"], text=event["text"], data=event
            )
            assert event["message"] == said, event
    assert any(e["message"] != e["text"] for e in events), "no event said in French"


def test_the_api_stream_says_each_event_in_the_requests_language():
    match, alice = _match()
    client = Client()
    client.force_login(alice)
    response = client.get(
        f"/api/v1/matches/{match.pk}/stream/?after=0", HTTP_ACCEPT_LANGUAGE="fr", **SHORT
    )
    body = b"".join(response.streaming_content).decode()
    state = _data(body.split("event: state", 1)[1])
    _in_french(state["events"], match.ruleset)


def test_a_seats_frame_is_said_in_the_language_of_the_stream_that_sends_it(monkeypatch):
    match, _alice = _match()
    seen = []
    real = push.hub().publish_many
    monkeypatch.setattr(
        push.hub(), "publish_many", lambda messages: (seen.extend(messages), real(messages))
    )
    game = get_ruleset(match.ruleset)
    seat = game.to_move(match.state)[0]
    player = match.participants.get(seat=seat).player
    services.submit_action(
        match=match, player=player, payload={"type": "draw_movement"}, idempotency_key="k1"
    )
    message = next(body for name, body in seen if name.endswith(f":seat:{seat}"))
    with translation.override("fr"):
        chunk, _version, _seq = handed_over(message, 0, 1)
        read, _, _ = api_render(match.pk, player, 0, 1, None)
    assert _data(chunk) == _data(read)
    _in_french(_data(chunk)["events"], match.ruleset)


def test_the_schema_declares_the_streams_state_with_the_events_message():
    schema = Client().get("/api/schema/?format=json").json()["components"]["schemas"]
    stream = schema["StreamState"]
    events = stream["allOf"][1]["properties"]["events"]["items"]
    assert events == {"$ref": "#/components/schemas/Event"}
    assert "message" in schema["Event"]["properties"]
    assert stream["allOf"][0] == {"$ref": "#/components/schemas/State"}
