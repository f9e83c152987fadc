"""Push: published only once the resolving transaction commits, and every stream carries only
its own viewer's view of the match."""

import asyncio
import json
import re
import threading

import pytest
from django.db import connection, connections, transaction
from django.test import Client

from matches import push, services
from matches.models import Match
from matches.views.stream import api_render, page_render
from rulesets.registry import get_ruleset
from tests.factories import UserFactory
from tests.matches.factories import accept_all

pytestmark = pytest.mark.django_db(transaction=True)


def _ldp(**extra):
    alice, bob = UserFactory(), UserFactory()
    match = accept_all(
        services.create_live_match(
            ruleset="le-dernier-peuple",
            players=[alice.username, bob.username],
            options={},
            created_by=alice,
            **extra,
        )
    )
    return match, alice, bob


def _hand(match, seat):
    match.refresh_from_db()
    return list(match.state["hands"][seat])


def _shows(text: str, card: str) -> bool:
    return re.search(rf"(?<!\w){card}(?!\w)", text) is not None


def test_a_push_waits_for_the_commit_and_a_rollback_sends_none():
    subscription = push.hub().subscribe(push.channel(4242))
    try:
        with transaction.atomic():
            push.match_changed(match_id=4242, version=7)
            assert subscription.get(timeout=0.2) is None  # not while the transaction is open
        assert json.loads(subscription.get(timeout=2)) == {"match": 4242, "version": 7}
        with pytest.raises(RuntimeError), transaction.atomic():
            push.match_changed(match_id=4242, version=8)
            raise RuntimeError("rolled back")
        assert subscription.get(timeout=0.3) is None
    finally:
        subscription.close()


def _spy_on_publish(monkeypatch, match) -> list:
    seen = []
    real = push.hub().publish_many

    def spy(messages):
        stored = Match.objects.filter(pk=match.pk).values_list("version", flat=True).get()
        for name, message in messages:
            seen.append((name, json.loads(message), connection.in_atomic_block, stored))
        real(messages)

    monkeypatch.setattr(push.hub(), "publish_many", spy)
    return seen


def _sse(chunk: str) -> tuple:
    lines = dict(line.split(": ", 1) for line in chunk.strip().splitlines())
    return lines["id"], lines["event"], json.loads(lines["data"])


def _first_move(match):
    game = get_ruleset(match.ruleset)
    seat = game.to_move(match.state)[0]
    player = match.participants.get(seat=seat).player
    services.submit_action(
        match=match, player=player, payload={"type": "draw_movement"}, idempotency_key="k1"
    )


def test_resolving_an_action_publishes_after_its_commit_with_the_committed_version(monkeypatch):
    match, _alice, _bob = _ldp()
    seen = _spy_on_publish(monkeypatch, match)
    _first_move(match)
    match.refresh_from_db()
    first = get_ruleset(match.ruleset).to_move(match.state)[0]  # its frame comes first
    then = "s2" if first == "s1" else "s1"
    # outside any transaction, the row already at 1: each seat's frame on its own channel,
    # then the match's message
    assert [(name, body["version"], atomic, stored) for name, body, atomic, stored in seen] == [
        (push.seat_channel(match.pk, first), 1, False, 1),
        (push.seat_channel(match.pk, then), 1, False, 1),
        (push.channel(match.pk), 1, False, 1),
    ]
    assert seen[-1][1] == {"match": match.pk, "version": 1}


def test_the_seats_to_move_next_get_their_frames_first(monkeypatch):
    """The stream process draws tables in the order their frames come: the players who must
    act now are told first, whichever seat moved."""
    match, _alice, _bob = _ldp()
    seen = _spy_on_publish(monkeypatch, match)
    game = get_ruleset(match.ruleset)
    firsts = set()
    for n in range(12):
        match.refresh_from_db()
        seat = game.to_move(match.state)[0]
        player = match.participants.get(seat=seat).player
        action = game.legal_actions(match.state, seat)[0]
        seen.clear()
        services.submit_action(match=match, player=player, payload=action, idempotency_key=f"k{n}")
        match.refresh_from_db()
        waiting = game.to_move(match.state)
        frames = [name.rsplit(":", 1)[1] for name, *_ in seen if ":seat:" in name]
        assert sorted(frames) == ["s1", "s2"]
        assert frames[: len(waiting)] == sorted(waiting, key=frames.index)
        assert frames[0] in waiting
        firsts.add(frames[0])
    assert firsts == {"s1", "s2"}  # both orders were seen


def test_each_seats_frame_is_its_own_view_and_equals_what_its_stream_reads(monkeypatch):
    """A seat's frame (published to that seat's channel only) is what its stream would have
    read from the database (the same JSON; PostgreSQL's jsonb orders an event's keys its own
    way), and holds no other seat's hand nor the seed."""
    from matches.views.page_frames import handed_over

    match, alice, bob = _ldp()
    seen = _spy_on_publish(monkeypatch, match)
    _first_move(match)
    hands = {"s1": _hand(match, "s1"), "s2": _hand(match, "s2")}
    for user, seat, other in ((alice, "s1", "s2"), (bob, "s2", "s1")):
        message = json.dumps(next(b for n, b, _, _ in seen if n.endswith(f":seat:{seat}")))
        assert not any(_shows(message, c) for c in hands[other]) and str(match.seed) not in message
        # the stream sent version 0 with the events up to it (the start: seq 1)
        chunk, version, seq = handed_over(message, 0, 1)
        assert version == 1
        read, _, read_seq = api_render(match.pk, user, 0, 1, None)
        assert _sse(chunk) == _sse(read) and seq == read_seq
        # a stream that missed a version (it last sent another one) does not take the frame
        assert handed_over(message, -1, 0) is None
    assert set(seen[-1][1]) == {"match", "version"}  # the match's own message: no view in it


def test_each_stream_carries_only_its_own_seats_view():
    match, alice, bob = _ldp()
    match.public = True
    match.save(update_fields=["public"])
    carol = UserFactory()
    alice_hand, bob_hand = _hand(match, "s1"), _hand(match, "s2")
    for render in (page_render, api_render):
        alice_sees = render(match.pk, alice, -1, 0)[0]
        bob_sees = render(match.pk, bob, -1, 0)[0]
        carol_sees = render(match.pk, carol, -1, 0)[0]
        assert all(_shows(alice_sees, c) for c in alice_hand)
        assert not any(_shows(alice_sees, c) for c in bob_hand)
        assert all(_shows(bob_sees, c) for c in bob_hand)
        assert not any(_shows(bob_sees, c) for c in alice_hand)
        assert not any(_shows(carol_sees, c) for c in alice_hand + bob_hand)
        for text in (alice_sees, bob_sees, carol_sees):
            assert str(match.seed) not in text


def test_a_stream_sends_the_table_again_when_the_match_moves_on():
    match, alice, _bob = _ldp()
    client = Client()
    client.force_login(alice)
    response = client.get(f"/matches/{match.pk}/stream/?version={match.version}")
    assert response["Content-Type"] == "text/event-stream"
    chunks = iter(response.streaming_content)
    assert next(chunks).startswith(b"retry:")
    game = get_ruleset(match.ruleset)
    seat = game.to_move(match.state)[0]
    player = match.participants.get(seat=seat).player
    services.submit_action(
        match=match, player=player, payload={"type": "draw_movement"}, idempotency_key="k1"
    )
    event = next(chunks).decode()
    assert event.startswith("id: 1\nevent: table\n")
    data = json.loads(event.split("data: ", 1)[1])
    assert data["version"] == 1 and "What happened" in data["html"]
    response.close()


def test_an_outsider_gets_no_stream_of_a_private_match():
    match, _alice, _bob = _ldp()
    client = Client()
    client.force_login(UserFactory())
    assert client.get(f"/matches/{match.pk}/stream/").status_code == 403
    assert client.get(f"/api/v1/matches/{match.pk}/stream/").status_code == 403


async def _first_events(url, user, count):
    from django.test import AsyncClient

    client = AsyncClient()
    await client.aforce_login(user)
    response = await client.get(url)
    chunks = []
    async for chunk in response.streaming_content:
        chunks.append(chunk.decode() if isinstance(chunk, bytes) else chunk)
        if len(chunks) >= count:
            break
    return response, chunks


def test_under_asgi_the_stream_is_asynchronous_and_sends_the_seats_table():
    match, alice, _bob = _ldp()
    got = {}

    def run():  # in a thread of its own: a browser test may have left a loop in this one
        got["result"] = asyncio.run(_first_events(f"/matches/{match.pk}/stream/", alice, 2))

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(30)
    response, chunks = got["result"]
    assert response.is_async
    assert chunks[0].startswith("retry:")
    assert chunks[1].startswith("id: 0\nevent: table\n")
    assert all(_shows(chunks[1], c) for c in _hand(match, "s1"))


def test_an_invited_table_waits_and_the_deal_is_pushed_to_it():
    alice, bob = UserFactory(), UserFactory()
    match = services.create_live_match(
        ruleset="le-dernier-peuple",
        players=[alice.username, bob.username],
        options={},
        created_by=alice,
    )
    assert match.status == "invited"
    client = Client()
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert f"Waiting for {bob.username} to accept." in page
    response = client.get(f"/matches/{match.pk}/stream/?version=-2")
    chunks = iter(response.streaming_content)
    assert next(chunks).startswith(b"retry:")
    services.accept_match(match=match, player=bob)
    event = next(chunks).decode()
    data = json.loads(event.split("data: ", 1)[1])
    assert data["version"] == 0 and "Your hand" in data["html"]
    response.close()


@pytest.mark.parametrize("path", ["/matches/{id}/stream/", "/api/v1/matches/{id}/stream/"])
def test_under_asgi_an_open_stream_holds_no_database_connection_of_its_request(path, monkeypatch):
    """Django gives a request thread's connection back when the response ends: for a stream,
    minutes later. `posse stream` has a pool of a few connections, so streams that kept theirs
    starved every render (bench/bench_push.py found it with four streams open)."""
    from matches.views import stream

    match, alice, _bob = _ldp()
    held = []
    real = stream.load_match

    def spy(match_id):  # first called by the view, in its request's thread
        found = real(match_id)
        if not held:
            held.append(connections["default"])  # that thread's own connection wrapper
        return found

    monkeypatch.setattr(stream, "load_match", spy)
    got = {}

    def run():
        got["result"] = asyncio.run(_first_events(path.format(id=match.pk), alice, 2))

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(30)
    _response, chunks = got["result"]
    assert chunks[1].startswith("id: 0\n")  # the stream is open and has sent the table
    assert held and held[0].connection is None


def test_a_seated_page_drawn_from_its_seats_frame_is_the_page_read_from_the_database(
    monkeypatch,
):
    """A seat's table page stream keeps what it last read and draws the next version from its
    seat's frame: the same HTML as reading the match again (matches/views/page_frames.py)."""
    from matches.views.page_frames import PageMemory

    match, alice, bob = _ldp()
    memories = {}
    for user, seat in ((alice, "s1"), (bob, "s2")):
        memories[seat] = PageMemory()
        chunk, version, _ = page_render(match.pk, user, -3, 0, None, memory=memories[seat])
        assert version == 0 and chunk
    seen = _spy_on_publish(monkeypatch, match)
    _first_move(match)
    for user, seat, other in ((alice, "s1", "s2"), (bob, "s2", "s1")):
        message = json.dumps(next(b for n, b, _, _ in seen if n.endswith(f":seat:{seat}")))
        drawn, version, _ = memories[seat].take(message, 0, 0)
        read, _, _ = page_render(match.pk, user, 0, 0, None)
        assert version == 1 and _sse(drawn) == _sse(read)
        assert not any(_shows(drawn, c) for c in _hand(match, other))
        assert memories[seat].take(message, 1, 0) is None  # not a version after the one sent


def test_a_seated_page_phrases_only_the_new_events_of_a_push(monkeypatch):
    """The log's lines a page stream phrased stay phrased: a push phrases its own events only,
    and the page is still the page read from the database."""
    from matches import tables
    from matches.views.page_frames import PageMemory

    match, alice, _bob = _ldp()
    memory = PageMemory()
    page_render(match.pk, alice, -3, 0, None, memory=memory)
    phrased = []
    real = tables.event_message

    def spy(**kwargs):
        phrased.append(kwargs["kind"])
        return real(**kwargs)

    monkeypatch.setattr(tables, "event_message", spy)
    seen = _spy_on_publish(monkeypatch, match)
    _first_move(match)
    body = next(b for n, b, _, _ in seen if n.endswith(":seat:s1"))
    drawn, _, _ = memory.take(json.dumps(body), 0, 0)
    assert len(phrased) == len(body["events"]) > 0
    read, _, _ = page_render(match.pk, alice, 0, 0, None)
    assert _sse(drawn) == _sse(read)


def test_a_spectators_page_for_a_push_is_drawn_once_and_is_the_page_from_the_database():
    """Spectators of a public table share the draw of a pushed version (one per process and
    language): the same HTML a stream reading the database draws, without a query."""
    from django.test.utils import CaptureQueriesContext
    from django.utils import translation

    from matches.views import spectator_frames

    match, _alice, _bob = _ldp(public=True)
    watcher = UserFactory()
    spectator_frames.CHUNKS.clear()
    shared = spectator_frames.shared(page_render, "page")
    version = match.version
    with translation.override("nl"):
        drawn = shared(match.pk, watcher, -3, 0, version)
        assert drawn == page_render(match.pk, watcher, -3, 0, version)
        with CaptureQueriesContext(connection) as queries:
            for _ in range(50):
                assert shared(match.pk, UserFactory.build(), -3, 0, version) == drawn
        assert len(queries) == 0
    with translation.override("fr"):  # another language is another draw
        assert shared(match.pk, watcher, -3, 0, version) != drawn


def _play_any(match, n):
    """The seat to move plays its first legal action (resolved before this returns)."""
    match.refresh_from_db()
    game = get_ruleset(match.ruleset)
    seat = game.to_move(match.state)[0]
    player = match.participants.get(seat=seat).player
    action = game.legal_actions(match.state, seat)[0]
    services.submit_action(match=match, player=player, payload=action, idempotency_key=f"m{n}")


@pytest.mark.parametrize(
    ("path", "name"),
    [("/matches/{id}/stream/", "page_render"), ("/api/v1/matches/{id}/stream/", "api_render")],
)
def test_a_seated_stream_reads_nothing_for_the_version_its_frame_gave(path, name, monkeypatch):
    """After a seat's frame, the match's own message announces the version the stream just
    sent: no render (under ASGI, a thread woken for nothing) runs for it."""
    from matches.views import stream

    match, alice, _bob = _ldp()
    renders = []
    real = getattr(stream, name)

    def counted(*args, **kwargs):
        renders.append(args[2])  # the version the stream had sent
        return real(*args, **kwargs)

    monkeypatch.setattr(stream, name, counted)
    client = Client()
    client.force_login(alice)
    response = client.get(path.format(id=match.pk))
    chunks = iter(response.streaming_content)
    assert next(chunks).startswith(b"retry:")
    assert next(chunks).startswith(b"id: 0\n")
    _play_any(match, 1)
    assert next(chunks).startswith(b"id: 1\n")  # from the frame
    _play_any(match, 2)
    assert next(chunks).startswith(b"id: 2\n")  # past version 1's own message, unread
    response.close()
    assert renders == [-3]  # the first render only


def test_a_table_drawn_in_turn_in_three_languages_speaks_each_one():
    """The template's strings are looked up once per language and process
    (matches/tables/jinja.py ``phrasebook``): what one language found never answers another."""
    from django.utils import translation

    from matches.tables import table_for
    from matches.views.table import draw, load_match

    match, alice, _bob = _ldp()
    match = load_match(match.pk)
    seat = match.participants.get(player=alice)
    words = {"en": "Your hand", "fr": "Votre main", "nl": "Je hand"}
    for _ in range(2):
        for language, said in words.items():
            with translation.override(language):
                html = draw(table_for(match, seat))
            assert said in html
            assert not any(w in html for other, w in words.items() if other != language)
