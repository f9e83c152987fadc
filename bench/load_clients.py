"""The simulated players of ``make load`` (bench/load.py): each a coroutine in a closed loop
that keeps its own books so that every request it sends is valid, and records each answer in
its phase (bench/load_phase.py)."""

from __future__ import annotations

import asyncio
import random
import time
import uuid
from dataclasses import dataclass, field

import httpx

from bench.load_phase import Phase

LIVE_TABLES = 6  # live games at once, each played by one client holding both seats
READERS = 3
BUYERS = 2
LOGGERS = 1
PLAYERS = 2 * LIVE_TABLES
CLIENTS = LIVE_TABLES + READERS + BUYERS + LOGGERS
POLL = 0.02  # between polls of a pending action
RESIGN_AFTER = (6, 20)  # actions before a table concedes, drawn per game
RESOLVE_TIMEOUT = 30.0
REQUEST_TIMEOUT = 30.0
SLUG = "le-dernier-peuple"
SHOP = ["whiskey", "pistol", "light-leather", "dynamite", "hunting-knife"]


class Api:
    """One HTTP client for every simulated player; each request is timed and judged."""

    def __init__(self, client: httpx.AsyncClient):
        self.client = client
        self.phase: Phase | None = None
        self.accepted: set[int] = set()

    async def call(
        self, kind: str, method: str, path: str, *, token: str, expect: int, **kwargs
    ) -> dict | None:
        """The JSON body, or None after recording an error: a transport failure, a status
        other than ``expect``, or a body that is not JSON."""
        phase = self.phase
        headers = {"Authorization": f"Token {token}", **kwargs.pop("headers", {})}
        start = time.perf_counter()
        try:
            reply = await self.client.request(
                method, path, headers=headers, timeout=REQUEST_TIMEOUT, **kwargs
            )
        except httpx.HTTPError as exc:
            phase.latencies[kind].append(time.perf_counter() - start)
            phase.error(kind, f"{method} {path}: {exc.__class__.__name__}")
            return None
        phase.latencies[kind].append(time.perf_counter() - start)
        if reply.status_code != expect:
            phase.error(kind, f"{method} {path}: {reply.status_code} {reply.text[:200]}")
            return None
        try:
            return reply.json()
        except ValueError:
            phase.error(kind, f"{method} {path}: not JSON")
            return None


# --- the simulated players -----------------------------------------------------------------------


@dataclass
class Player:
    username: str
    token: str
    gang_id: int


async def reader(api: Api, me: Player, gangs: list[int], rnd: random.Random, deadline: float):
    """Reads rosters: three gang details, then a page of the gang list."""
    n = 0
    while time.perf_counter() < deadline:
        n += 1
        if n % 4:
            gang = rnd.choice(gangs)
            await api.call(
                "read roster", "GET", f"/api/v1/gangs/{gang}/", token=me.token, expect=200
            )
        else:
            await api.call("list gangs", "GET", "/api/v1/gangs/", token=me.token, expect=200)


@dataclass
class Shop:
    """A buyer's own books: credits and the stash items it bought (to sell some back)."""

    credits: int
    held: list[int] = field(default_factory=list)


async def buyer(api: Api, me: Player, staff: str, shop: Shop, rnd: random.Random, deadline: float):
    """Buys for the stash, sells one item in three back, asks staff for credits when short."""
    gang = f"/api/v1/gangs/{me.gang_id}"
    while time.perf_counter() < deadline:
        if shop.credits < 100:
            body = await api.call(
                "staff credit adjustment",
                "POST",
                f"{gang}/adjustments/",
                token=staff,
                expect=201,
                json={"amount": 500, "note": "load test: the bank lends again"},
            )
            if body:
                shop.credits = body["balance_after"]
        elif shop.held and rnd.random() < 0.33:
            item = shop.held.pop(rnd.randrange(len(shop.held)))
            body = await api.call(
                "sell",
                "POST",
                f"{gang}/sales/",
                token=me.token,
                expect=201,
                json={"equipment": item},
            )
            if body:
                shop.credits = body["balance_after"]
        else:
            body = await api.call(
                "buy",
                "POST",
                f"{gang}/purchases/",
                token=me.token,
                expect=201,
                json={"item": rnd.choice(SHOP), "fighter": None, "quantity": 1},
            )
            if body:
                shop.credits = body["credits"]
                shop.held += [e["id"] for e in body["equipment"]]


async def logger(api: Api, players: list[Player], league: int, rnd: random.Random, deadline: float):
    """Logs Le Dernier Peuple results played at the table (a winner on 12 VP); the loser,
    named by the winner, confirms it (it counts for nothing until then). Every other result
    is logged for the load's league instead (its confirmation recomputes the two players'
    standing totals), and then the league's standings are read."""
    n = 0
    while time.perf_counter() < deadline:
        n += 1
        winner, loser = rnd.sample(players, 2)
        result = {
            "placements": {winner.username: 1, loser.username: 2},
            "scores": {winner.username: {"vp": 12}, loser.username: {"vp": rnd.randint(0, 11)}},
        }
        if n % 2:
            body = await api.call(
                "log result",
                "POST",
                "/api/v1/matches/",
                token=winner.token,
                expect=201,
                json={"ruleset": SLUG, "live": False, **result},
            )
            if body:
                await api.call(
                    "confirm result",
                    "POST",
                    f"/api/v1/matches/{body['id']}/confirm/",
                    token=loser.token,
                    expect=200,
                )
            continue
        base = f"/api/v1/leagues/{league}/"
        body = await api.call(
            "log league result",
            "POST",
            base + "matches/",
            token=winner.token,
            expect=201,
            json=result,
        )
        if body:
            await api.call(
                "confirm league result",
                "POST",
                f"{base}matches/{body['id']}/confirm/",
                token=loser.token,
                expect=200,
            )
            await api.call(
                "league standings", "GET", base + "standings/", token=loser.token, expect=200
            )


@dataclass
class Table:
    """A live game between two players, both played by one client (a hot seat)."""

    seats: dict[str, Player]
    match_id: int | None = None
    moves_left: int = 0  # before one side concedes (a 2-player game runs ~50 actions)


async def live_player(api: Api, table: Table, rnd: random.Random, deadline: float):
    """Create a match (s1 invites s2, who accepts: then it is dealt); then state → legal
    actions → submit one → poll until it is settled; concede after a while so that games
    finish within a short run."""
    s1 = table.seats["s1"]
    while time.perf_counter() < deadline:
        if table.match_id is None:
            body = await api.call(
                "create live match",
                "POST",
                "/api/v1/matches/",
                token=s1.token,
                expect=201,
                json={
                    "ruleset": SLUG,
                    "live": True,
                    "players": [table.seats["s1"].username, table.seats["s2"].username],
                },
            )
            if not body:
                await asyncio.sleep(0.5)
                continue
            s2 = table.seats["s2"]
            path = f"/api/v1/matches/{body['id']}/accept/"
            accepted = await api.call("accept match", "POST", path, token=s2.token, expect=200)
            if not accepted:
                await asyncio.sleep(0.5)
                continue
            table.match_id = body["id"]
            table.moves_left = rnd.randint(*RESIGN_AFTER)
        url = f"/api/v1/matches/{table.match_id}"
        state = await api.call("match state", "GET", f"{url}/state/", token=s1.token, expect=200)
        if not state:
            await asyncio.sleep(0.5)
            continue
        decision = state["view"].get("decision")
        if state["status"] != "live" or not decision:
            api.phase.games_finished += state["status"] == "finished"
            table.match_id = None
            continue
        mover = table.seats[decision["seat"]]
        if table.moves_left <= 0:
            await _settle(api, "resign", f"{url}/resign/", mover, url, json=None, version=None)
            continue
        legal = await api.call(
            "legal actions", "GET", f"{url}/legal-actions/", token=mover.token, expect=200
        )
        if not legal or not legal["actions"]:
            api.phase.error("legal actions", f"{url}: no action offered to the seat to move")
            await asyncio.sleep(0.5)
            continue
        table.moves_left -= 1
        action, version = rnd.choice(legal["actions"]), state["version"]
        await _settle(
            api, "submit action", f"{url}/actions/", mover, url, json=action, version=version
        )


async def _settle(
    api: Api, kind: str, post: str, mover: Player, url: str, *, json, version: int | None
) -> None:
    """POST an action (or a resignation), then poll it until it is no longer pending."""
    phase = api.phase  # an action started in one phase is counted in it
    headers = {"Idempotency-Key": str(uuid.uuid4())}
    if version is not None:
        headers["Expected-Version"] = str(version)
    start = time.perf_counter()
    body = await api.call(
        kind, "POST", post, token=mover.token, expect=202, json=json, headers=headers
    )
    if not body:
        return
    api.accepted.add(body["id"])
    status = body["status"]
    while status == "pending":
        if time.perf_counter() - start > RESOLVE_TIMEOUT:
            phase.error(kind, f"action {body['id']} still pending after 30 s")
            return
        await asyncio.sleep(POLL)
        polled = await api.call(
            "poll action", "GET", f"{url}/actions/{body['id']}/", token=mover.token, expect=200
        )
        status = polled["status"] if polled else status
    phase.resolve_times.append(time.perf_counter() - start)
    if status == "resolved":
        phase.resolved += 1
    else:
        phase.rejected += 1


async def pinger(api: Api, me: Player, deadline: float):
    """The yardstick: a client that only ever calls the bare endpoint."""
    while time.perf_counter() < deadline:
        await api.call("ping", "GET", "/api/v1/ping/", token=me.token, expect=200)
