"""The streams of one process share one Redis subscriber (matches/push_fanout.py): Redis sees
one connection per process whatever the watchers, every stream of a channel hears each
message, the last one to leave unsubscribes, and a dropped connection comes back with every
stream still open, told to read what it may have missed."""

import asyncio
import json
import threading
import time

import pytest
import redis
from asgiref.sync import sync_to_async
from django.conf import settings
from django.test import AsyncClient

from matches import push, push_fanout
from tests.factories import UserFactory
from tests.live_pages.test_push import _first_move, _ldp
from tests.worker import require_worker_environment

pytestmark = pytest.mark.django_db(transaction=True)
STREAMS = 40


@pytest.fixture
def server():
    require_worker_environment()  # a real Redis (REDIS_URL)
    client = redis.Redis.from_url(settings.REDIS_URL, decode_responses=True)
    yield client
    client.close()


def in_a_loop(coro):
    """Run ``coro`` on a loop of its own thread (a browser test may have left one in this)."""
    got = {}

    def run():
        try:
            got["result"] = asyncio.run(coro)
        except BaseException as exc:
            got["error"] = exc

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)
    if "error" in got:
        raise got["error"]
    return got["result"]


def subscribers(server, name: str) -> int:
    return dict(server.pubsub_numsub(name))[name]


def our_connections(server) -> list[dict]:
    return [c for c in server.client_list() if c["name"] == push_fanout.client_name()]


async def wait_until(check, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


def test_streams_of_a_process_share_one_connection_and_each_hears_its_channels(server):
    match_channel, seat_channel = push.channel(9101), push.seat_channel(9101, "s1")

    async def scenario():
        clients = server.info("clients")["connected_clients"]
        watchers = [await push.hub().asubscribe(match_channel) for _ in range(STREAMS)]
        seated = [await push.hub().asubscribe(match_channel, seat_channel) for _ in range(5)]
        opened = server.info("clients")["connected_clients"] - clients
        counted = {
            "connections": len(our_connections(server)),
            "match": subscribers(server, match_channel),
            "seat": subscribers(server, seat_channel),
        }
        push.hub().publish_many([(seat_channel, "frame"), (match_channel, "v1")])
        heard_by_watchers = [await w.aget(timeout=5) for w in watchers]
        heard_by_seats = [(await s.aget(timeout=5), await s.aget(timeout=5)) for s in seated]
        for subscription in watchers + seated:
            await subscription.aclose()
        return opened, counted, heard_by_watchers, heard_by_seats

    opened, counted, watchers, seats = in_a_loop(scenario())
    assert counted == {"connections": 1, "match": 1, "seat": 1}
    assert opened < STREAMS // 4  # one of ours; the rest is other clients of this Redis
    assert watchers == ["v1"] * STREAMS
    assert seats == [("frame", "v1")] * 5


def test_the_last_stream_to_leave_a_channel_unsubscribes_it(server):
    first, second = push.channel(9102), push.channel(9103)

    async def scenario():
        a = await push.hub().asubscribe(first)
        b = await push.hub().asubscribe(first, second)
        await b.aclose()
        await wait_until(lambda: subscribers(server, second) == 0)
        still = subscribers(server, first)
        await a.aclose()
        await wait_until(lambda: subscribers(server, first) == 0)
        return still

    assert in_a_loop(scenario()) == 1


def test_a_dropped_connection_comes_back_and_every_stream_is_told_to_read_again(server):
    name = push.channel(9104)

    async def scenario():
        streams = [await push.hub().asubscribe(name) for _ in range(5)]
        (connection,) = our_connections(server)
        server.client_kill_filter(_id=connection["id"])
        told = [await s.aget(timeout=15) for s in streams]  # after redis-py reconnected
        await wait_until(lambda: subscribers(server, name) == 1)
        push.hub().publish(name, "v2")
        heard = [await s.aget(timeout=5) for s in streams]
        reconnected = our_connections(server)
        for stream in streams:
            await stream.aclose()
        return connection["id"], told, heard, reconnected

    killed, told, heard, reconnected = in_a_loop(scenario())
    assert told == [push_fanout.RESYNC] * 5
    assert heard == ["v2"] * 5
    assert len(reconnected) == 1 and reconnected[0]["id"] != killed


def test_a_stream_told_to_read_again_reads_the_database():
    from matches.views.stream import _frame_like, _heard

    # Not a version and not a seat's frame: the stream's next render asks the database.
    assert _heard(push_fanout.RESYNC) is None and not _frame_like(push_fanout.RESYNC)


def test_a_stream_that_falls_behind_is_told_to_read_again():
    queue = asyncio.Queue(3)
    for message in ("v1", "v2", "v3", "v4"):
        push_fanout._put(queue, message)
    assert [queue.get_nowait() for _ in range(queue.qsize())] == [push_fanout.RESYNC]


def test_spectators_of_a_public_match_on_one_process_all_see_a_move(server):
    match, _alice, _bob = _ldp(public=True)
    watchers = [UserFactory() for _ in range(8)]
    url = f"/api/v1/matches/{match.pk}/stream/"
    ready = []

    async def watch(user):
        client = AsyncClient()
        await client.aforce_login(user)
        response = await client.get(url)
        chunks = aiter(response.streaming_content)
        versions = []
        while len(versions) < 2:
            chunk = await anext(chunks)
            chunk = chunk.decode() if isinstance(chunk, bytes) else chunk
            if chunk.startswith("id: "):
                versions.append(json.loads(chunk.split("data: ", 1)[1])["version"])
                ready.append(user)
        await chunks.aclose()
        return versions

    async def scenario():
        streams = [asyncio.ensure_future(watch(user)) for user in watchers]
        await wait_until(lambda: len(ready) == len(watchers), 30)  # each has sent version 0
        shared = subscribers(server, push.channel(match.pk))
        await sync_to_async(_first_move, thread_sensitive=False)(match)
        return shared, await asyncio.wait_for(asyncio.gather(*streams), 30)

    shared, versions = in_a_loop(scenario())
    assert shared == 1
    assert versions == [[0, 1]] * len(watchers)
