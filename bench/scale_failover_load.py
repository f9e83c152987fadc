"""The failover run's clients (bench/scale_failover.py): live tables, roster readers and
buyers through the proxy, each keeping the books the run's invariants are checked against.

A client retries what it may: a GET, and a write POSTed with an Idempotency-Key: a live
action (the server answers with the action it already has) and a purchase (the server
answers with the first answer: rosters/keyed_writes.py). So every purchase ends answered or
counted as failed, and the books keep the key of each one answered, which the run checks
against the purchases made.
"""

from __future__ import annotations

import asyncio
import random
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field

import httpx

RETRIES = 20
RETRY_PAUSE = 0.25
LOST = {502, 503, 504}  # the proxy found no process to answer
POLL = 0.05
RESOLVE_TIMEOUT = 120.0  # an action whose task died waits for beat's sweep
SHOP = ["whiskey", "light-leather", "hunting-knife"]


@dataclass
class Books:
    requests: Counter = field(default_factory=Counter)
    retries: Counter = field(default_factory=Counter)
    failures: Counter = field(default_factory=Counter)  # after retries, by kind
    ambiguous: Counter = field(default_factory=Counter)  # a write's answer lost, not retried
    accepted: dict[int, set[str]] = field(default_factory=dict)  # match -> action keys
    bought: dict[int, set[str]] = field(default_factory=dict)  # gang -> purchase keys (201)
    errors: list[str] = field(default_factory=list)

    def fail(self, kind: str, why: str) -> None:
        self.failures[kind] += 1
        if len(self.errors) < 20:
            self.errors.append(f"{kind}: {why}")


class Api:
    def __init__(self, client: httpx.AsyncClient, books: Books):
        self.client, self.books = client, books

    async def call(self, kind, method, path, *, token, expect, key=None, **kwargs):
        """The answer's JSON, or None once it failed as the client sees it."""
        headers = {"Authorization": f"Token {token}", **kwargs.pop("headers", {})}
        if key:
            headers["Idempotency-Key"] = key
        retryable = method == "GET" or key is not None
        for attempt in range(RETRIES):
            self.books.requests[kind] += 1
            try:
                reply = await self.client.request(method, path, headers=headers, **kwargs)
            except httpx.HTTPError as exc:
                why = exc.__class__.__name__
            else:
                if reply.status_code in expect:
                    return reply.json()
                why = f"{reply.status_code} {reply.text[:120]}"
                if reply.status_code not in LOST:
                    self.books.fail(kind, f"{method} {path}: {why}")
                    return None
            if not retryable:
                self.books.ambiguous[kind] += 1
                return None
            self.books.retries[kind] += 1
            await asyncio.sleep(RETRY_PAUSE * (attempt + 1))
        self.books.fail(kind, f"{method} {path}: {why} after {RETRIES} tries")
        return None


@dataclass
class Table:
    tokens: dict[str, str]  # seat -> token
    matches: list[int]  # dealt before the run: played one after the other


async def live_table(api: Api, table: Table, rnd: random.Random, deadline: float) -> None:
    """The seat to move reads the state and its legal actions, POSTs one (Idempotency-Key,
    Expected-Version) and polls it until it is settled; the next match when one ends."""
    for match_id in table.matches:
        url = f"/api/v1/matches/{match_id}"
        api.books.accepted[match_id] = set()
        while time.perf_counter() < deadline:
            state = await api.call(
                "GET state", "GET", f"{url}/state/", token=table.tokens["s1"], expect={200}
            )
            decision = state and state["view"].get("decision")
            if not state or state["status"] != "live" or not decision:
                break
            token = table.tokens[decision["seat"]]
            legal = await api.call(
                "GET legal", "GET", f"{url}/legal-actions/", token=token, expect={200}
            )
            if not legal or not legal["actions"]:
                break
            await _play(api, url, match_id, token, rnd.choice(legal["actions"]), state["version"])
        if time.perf_counter() >= deadline:
            return


async def _play(api: Api, url: str, match_id: int, token: str, action: dict, version: int):
    key = str(uuid.uuid4())
    body = await api.call(
        "POST action",
        "POST",
        f"{url}/actions/",
        token=token,
        expect={200, 201, 202},
        key=key,
        json=action,
        headers={"Expected-Version": str(version)},
    )
    if not body:
        return
    api.books.accepted[match_id].add(key)
    started = time.perf_counter()
    while body and body["status"] == "pending":
        if time.perf_counter() - started > RESOLVE_TIMEOUT:
            api.books.fail("action resolved", f"{body['id']} pending after {RESOLVE_TIMEOUT} s")
            return
        await asyncio.sleep(POLL)
        body = await api.call(
            "GET action", "GET", f"{url}/actions/{body['id']}/", token=token, expect={200}
        )


async def reader(api: Api, token: str, gangs: list[int], rnd: random.Random, deadline: float):
    while time.perf_counter() < deadline:
        gang = rnd.choice(gangs)
        await api.call("GET gang", "GET", f"/api/v1/gangs/{gang}/", token=token, expect={200})
        await api.call("GET gangs", "GET", "/api/v1/gangs/", token=token, expect={200})


async def buyer(api: Api, token: str, gang: int, rnd: random.Random, deadline: float):
    """Buys for the stash until the credits run out (a 4xx refusal then is expected), each
    purchase with a key of its own, retried with it until answered."""
    bought = api.books.bought.setdefault(gang, set())
    while time.perf_counter() < deadline:
        key = str(uuid.uuid4())
        body = await api.call(
            "POST purchase",
            "POST",
            f"/api/v1/gangs/{gang}/purchases/",
            token=token,
            expect={201, 400},
            key=key,
            json={"item": rnd.choice(SHOP), "fighter": None, "quantity": 1},
        )
        if body and "credits" not in body:
            return  # out of credits: this buyer is done
        if body:
            bought.add(key)
        await asyncio.sleep(0.05)


async def run(base: str, *, tables, readers, buyers, seconds: float, seed: int = 3) -> Books:
    """Every client until ``seconds`` have passed; ``readers``: (token, gang ids) each,
    ``buyers``: (token, gang id) each."""
    books = Books()
    rnd = random.Random(seed)
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as client:
        api = Api(client, books)
        deadline = time.perf_counter() + seconds
        await asyncio.gather(
            *(live_table(api, t, random.Random(rnd.random()), deadline) for t in tables),
            *(reader(api, tok, g, random.Random(rnd.random()), deadline) for tok, g in readers),
            *(buyer(api, tok, g, random.Random(rnd.random()), deadline) for tok, g in buyers),
        )
    return books
