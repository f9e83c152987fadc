"""Faults in the middle of the work: a worker killed with -9, Redis restarted empty, every
PostgreSQL connection dropped, while clients play live matches, buy equipment and confirm
campaign battles over HTTP (run by .ci/run, on PostgreSQL + Redis with real workers).

tests/matches/test_worker.py and tests/campaigns/test_worker.py kill a worker in a stream of
one kind of work; this test throws all three faults at all three kinds at once, then asserts:

- every action the API accepted (202) is settled exactly once: none pending, resolved ones
  numbered 1..n by version with nothing applied twice, and each match's state equals the
  replay of its seed and resolved actions;
- no gang's credits differ from its ledger (``reconcile_credits() == []``) and every purchase
  is one ledger row and one piece of equipment;
- every confirmed battle had its post-game applied exactly once (one reward per side, one
  injury per casualty, one battle more on each gang's count).

The Redis restarted is the one REDIS_URL names (it must be on this machine); the fixture
starts it again whatever happens.
"""

from __future__ import annotations

import contextlib
import random
import subprocess
import threading
import time
from collections import Counter, defaultdict
from datetime import timedelta
from urllib.parse import urlparse

import pytest
from django.conf import settings
from django.db import close_old_connections, connection, connections
from kombu.exceptions import OperationalError

from campaigns import services as campaigns
from campaigns.models import Battle
from matches import services as matches
from matches.models import Match, MatchAction, MatchEvent
from rosters import services as rosters
from rosters.models import Equipment, Gang, Injury, LedgerEntry
from tests.conftest import client_for
from tests.factories import UserFactory
from tests.matches.factories import start_live_match
from tests.worker import WorkerProcess, require_worker_environment, wait_for

pytestmark = pytest.mark.worker

LIVE_GAME = "le-dernier-peuple"
MATCHES = 3
MAX_STEPS = 300  # per match; the clients stop when the faults are over
BATTLES = 8


# --- Redis, taken down and brought back ---------------------------------------------------------


def _redis_port() -> str:
    url = urlparse(settings.REDIS_URL)
    if url.hostname not in ("127.0.0.1", "localhost"):
        pytest.skip(f"will not restart a Redis on another machine ({url.hostname})")
    return str(url.port or 6379)


def _redis_ping(port: str) -> bool:
    result = subprocess.run(
        ["redis-cli", "-h", "127.0.0.1", "-p", port, "ping"], capture_output=True, text=True
    )
    return result.stdout.strip() == "PONG"


def _redis_start(port: str) -> None:
    logfile = "/var/log/redis/ci.log" if port == "6379" else f"/var/log/redis/faults-{port}.log"
    subprocess.run(["mkdir", "-p", "/var/lib/redis", "/var/log/redis"], check=True)
    subprocess.run(
        ["redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "-::1", "--port", port,
         "--save", "", "--appendonly", "no", "--dir", "/var/lib/redis", "--logfile", logfile],
        check=True,
    )  # fmt: skip
    wait_for(lambda: _redis_ping(port), timeout=20, what="Redis to answer again")


def _redis_restart(port: str, *, down_for: float) -> None:
    """Stop without saving (Redis runs without persistence: every queued task is lost)."""
    subprocess.run(["redis-cli", "-h", "127.0.0.1", "-p", port, "shutdown", "nosave"])
    wait_for(lambda: not _redis_ping(port), timeout=10, what="Redis to stop")
    time.sleep(down_for)
    _redis_start(port)


@pytest.fixture
def redis_port():
    require_worker_environment()
    port = _redis_port()
    assert _redis_ping(port), f"no Redis on 127.0.0.1:{port}"
    yield port
    if not _redis_ping(port):
        _redis_start(port)


# --- PostgreSQL connections, dropped -----------------------------------------------------------


def _drop_database_connections() -> int:
    """Terminate every other session of the test database: the worker's and the clients'."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


# --- the clients ----------------------------------------------------------------------------------


class Outcomes:
    def __init__(self):
        self.lock = threading.Lock()
        self.actions: dict[str, int] = {}  # Idempotency-Key -> action id
        self.action_ids_by_key: dict[str, set[int]] = defaultdict(set)
        self.purchases: Counter = Counter()  # gang id -> 201s
        self.purchase_attempts: Counter = Counter()
        self.confirmed: set[int] = set()
        self.errors: list[str] = []
        self.stop = threading.Event()  # set once the last fault is over
        self.server_errors: Counter = Counter()  # 5xx status -> how many

    def saw_exception(self, exc: Exception) -> None:
        with self.lock:
            self.server_errors[type(exc).__name__] += 1

    def saw(self, status: int) -> None:
        if status >= 500:
            with self.lock:
                self.server_errors[status] += 1

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)


def _request_started() -> None:
    """What a real server does before each request (Django's request_started signal), which the
    test client leaves out: drop a connection that broke, so the next query reconnects."""
    close_old_connections()


def _send(outcomes: Outcomes, call, what: str, attempts: int = 12):
    """Send, retrying what failed on the server's side (a 5xx, or an exception the view let
    escape) with the very same request, as a client would."""
    last = None
    for _ in range(attempts):
        _request_started()
        try:
            response = call()
        except Exception as exc:
            outcomes.saw_exception(exc)
            last = f"{type(exc).__name__}: {exc}"
        else:
            outcomes.saw(response.status_code)
            if response.status_code < 500:
                return response
            last = str(response.status_code)
        time.sleep(0.3)
    raise RuntimeError(f"{what} kept failing: {last}")


def _post(outcomes, client, url, body=None, *, headers=None):
    call = lambda: client.post(url, body or {}, format="json", headers=headers or {})  # noqa: E731
    return _send(outcomes, call, f"POST {url}")


def _get(outcomes, client, url):
    return _send(outcomes, lambda: client.get(url), f"GET {url}")


def _client_thread(target, outcomes: Outcomes, *args):
    def run():
        try:
            target(outcomes, *args)
        except Exception as exc:
            outcomes.error(f"{target.__name__}: {type(exc).__name__}: {exc}")
        finally:
            connections.close_all()

    return threading.Thread(target=run, daemon=True)


def play(outcomes: Outcomes, match_id: int, clients: dict, seed: int):
    """One table: whoever may act picks a legal action and sends it, retrying with the same
    Idempotency-Key; waits a little for it (not forever: the worker may be dead)."""
    rnd = random.Random(seed)
    url = f"/api/v1/matches/{match_id}/"
    for step in range(MAX_STEPS):
        if outcomes.stop.is_set():
            return
        offers = {
            s: _get(outcomes, c, f"{url}legal-actions/").json()["actions"]
            for s, c in clients.items()
        }
        movers = [s for s, actions in offers.items() if actions]
        if not movers:
            if Match.objects.get(pk=match_id).status != Match.Status.LIVE:
                return
            time.sleep(0.3)
            continue
        seat = rnd.choice(movers)
        key = f"m{match_id}-{step}"
        sent = _post(
            outcomes,
            clients[seat],
            f"{url}actions/",
            rnd.choice(offers[seat]),
            headers={"Idempotency-Key": key},
        )
        assert sent.status_code in (200, 202), sent.content
        with outcomes.lock:
            outcomes.actions[key] = sent.json()["id"]
            outcomes.action_ids_by_key[key].add(sent.json()["id"])
        deadline = time.monotonic() + 1.5
        detail = f"{url}actions/{sent.json()['id']}/"
        while time.monotonic() < deadline:
            if _get(outcomes, clients[seat], detail).json()["status"] != "pending":
                break
            time.sleep(0.1)


def shop(outcomes: Outcomes, gang_id: int, client):
    while not outcomes.stop.is_set():
        with outcomes.lock:
            outcomes.purchase_attempts[gang_id] += 1
        _request_started()
        try:
            response = client.post(
                f"/api/v1/gangs/{gang_id}/purchases/",
                {"item": "derringer", "fighter": None},
                format="json",
            )
        except Exception as exc:
            outcomes.saw_exception(exc)
            response = None
        if response is not None:
            outcomes.saw(response.status_code)  # a 503 is not retried: it may have been written
        if response is not None and response.status_code == 201:
            with outcomes.lock:
                outcomes.purchases[gang_id] += 1
        time.sleep(0.2)  # until the credits run out: then a 400, never a negative balance


def confirm(outcomes: Outcomes, battles: list[tuple[int, int, object]]):
    """One battle every two seconds, so that confirmations (and post-games) meet every fault."""
    for campaign_id, battle_id, client in battles:
        response = _post(
            outcomes, client, f"/api/v1/campaigns/{campaign_id}/battles/{battle_id}/confirm/"
        )
        assert response.status_code == 200, response.content
        with outcomes.lock:
            outcomes.confirmed.add(battle_id)
        time.sleep(2.0)


# --- the world ------------------------------------------------------------------------------------


def build(seeded_catalogue):
    arbitrator = UserFactory()
    staff = UserFactory(is_staff=True)
    players = [UserFactory() for _ in range(4)]
    # Two of the pairs below fight twice in the round ((0, 2) and (2, 0), (1, 3) and (3, 1)).
    campaign = campaigns.create_campaign(
        creator=arbitrator, name="Faulty Summer", max_battles_per_pairing=2
    )
    gangs, crews = [], {}
    factions = ["sheriffs", "outlawmen", "townsfolk", "bootleggers"]
    for player, faction in zip(players, factions, strict=True):
        gang = rosters.create_gang(owner=player, name=f"{player.username}'s", faction=faction)
        crews[gang.pk] = [
            rosters.hire_fighter(gang=gang, name=f"{player.username}-{n}", role=role, actor=player)
            for n, role in enumerate(["leader", "deputy", "ganger", "ganger"])
        ]
        invitation = campaigns.request_join(campaign=campaign, gang=gang, actor=arbitrator)
        campaigns.answer_invitation(membership=invitation, accept=True, actor=player)
        gangs.append(gang)
    campaigns.set_status(campaign=campaign, status="active", actor=arbitrator)

    # Battles reported by one side, to be confirmed by the other during the faults. Each fighter
    # is a casualty at most once, so every injury is a first one.
    pairs = [(0, 1), (2, 3), (1, 2), (3, 0), (0, 2), (1, 3), (2, 0), (3, 1)][:BATTLES]
    battles = []
    for n, (a, b) in enumerate(pairs):
        ga, gb = gangs[a], gangs[b]
        victim = crews[gb.pk][n // 4 + 1]
        battle = campaigns.report_battle(
            campaign=campaign,
            actor=ga.owner,
            gangs=[ga.pk, gb.pk],
            winner=ga.pk,
            casualties=[{"fighter": victim.pk, "taken_out_by": crews[ga.pk][0].pk}],
            credits={ga.pk: 5},
        )
        battles.append((campaign.pk, battle.pk, client_for(gb.owner)))

    tables = []
    for n in range(MATCHES):
        a, b = players[n % 4], players[(n + 1) % 4]
        match = start_live_match(
            ruleset=LIVE_GAME,
            players=[a.username, b.username],
            options={},
            seed=n,
            created_by=staff,
        )
        tables.append((match.pk, {"s1": client_for(a), "s2": client_for(b)}))
    shops = [(gang.pk, client_for(gang.owner)) for gang in gangs[:2]]
    return campaign, battles, tables, shops


def _settled(match_ids) -> int:
    return MatchAction.objects.filter(match_id__in=match_ids).exclude(status="pending").count()


def test_worker_kill_redis_restart_and_dropped_connections_lose_and_repeat_nothing(
    seeded_catalogue, redis_port
):
    campaign, battles, tables, shops = build(seeded_catalogue)
    match_ids = [match_id for match_id, _ in tables]
    outcomes = Outcomes()
    threads = [
        *(
            _client_thread(play, outcomes, mid, clients, n)
            for n, (mid, clients) in enumerate(tables)
        ),
        *(_client_thread(shop, outcomes, gang_id, client) for gang_id, client in shops),
        _client_thread(confirm, outcomes, battles),
    ]
    worker = WorkerProcess(concurrency=2).start()
    workers = [worker]
    try:
        for thread in threads:
            thread.start()

        # 1. kill -9 the worker once it is busy; a replacement starts a little later.
        wait_for(lambda: _settled(match_ids) >= 6, timeout=60, what="the first resolutions")
        worker.kill()
        time.sleep(1.0)
        worker = WorkerProcess(concurrency=2).start()
        workers.append(worker)
        before = _settled(match_ids)
        wait_for(lambda: _settled(match_ids) > before, timeout=60, what="the replacement")

        # 2. Redis restarted empty: the queued tasks are gone, the worker must reconnect.
        # Tasks sent while Redis was down are lost too (the action stays pending): in a
        # deployment beat's sweep sends them again, so it runs here as beat would, every few
        # seconds; only a reconnected worker can settle what it sends.
        _redis_restart(redis_port, down_for=1.5)
        before = _settled(match_ids)

        def resumed() -> bool:
            if _settled(match_ids) > before:
                return True
            # The broker not back yet: beat would try again too.
            with contextlib.suppress(OperationalError):
                matches.sweep_pending_actions(older_than=timedelta(seconds=2))
            return False

        wait_for(resumed, timeout=60, interval=2.0, what="work after Redis")

        # 3. every PostgreSQL connection but ours dropped, twice, while the worker is busy.
        dropped = []
        for _ in range(2):
            dropped.append(_drop_database_connections())
            time.sleep(1.0)
        assert all(dropped), dropped
        time.sleep(2.0)
        outcomes.stop.set()

        for thread in threads:
            thread.join(timeout=180)
        assert not any(t.is_alive() for t in threads), "a client never finished"
        stranded = {
            "actions": MatchAction.objects.filter(match_id__in=match_ids, status="pending").count(),
            "post_games": Battle.objects.filter(
                status="confirmed", post_game_at__isnull=True
            ).count(),
        }

        # Recovery is what beat does for lost tasks: sweep the pending actions and post-games.
        def recovered() -> bool:
            matches.sweep_pending_actions(older_than=timedelta(0))
            campaigns.sweep_post_games(older_than=timedelta(0))
            time.sleep(1.0)
            return not (
                MatchAction.objects.filter(match_id__in=match_ids, status="pending").exists()
                or Battle.objects.filter(status="confirmed", post_game_at__isnull=True).exists()
            )

        wait_for(recovered, timeout=120, interval=2.0, what="the sweeps to settle everything")
    finally:
        for w in workers:
            w.stop()

    print(
        f"faults: {len(outcomes.actions)} actions accepted, {sum(outcomes.purchases.values())} "
        f"purchases, {len(outcomes.confirmed)} battles confirmed; connections dropped {dropped}; "
        f"left for the sweeps: {stranded}; server errors seen: {dict(outcomes.server_errors)}"
    )
    assert outcomes.errors == []
    # A dropped database connection is a 503 the client may retry; nothing else may fail.
    assert set(outcomes.server_errors) <= {503}, outcomes.server_errors
    _assert_actions_settled_exactly_once(outcomes, match_ids)
    _assert_money_adds_up(outcomes, shops)
    _assert_post_games_applied_exactly_once(outcomes, campaign)


def _assert_actions_settled_exactly_once(outcomes: Outcomes, match_ids: list[int]) -> None:
    assert outcomes.actions, "no action was accepted"
    # A retry with the same key always found the first action.
    assert all(len(ids) == 1 for ids in outcomes.action_ids_by_key.values())
    accepted = MatchAction.objects.filter(pk__in=outcomes.actions.values())
    assert accepted.count() == len(outcomes.actions)
    assert not accepted.filter(status="pending").exists()
    for match_id in match_ids:
        match = Match.objects.get(pk=match_id)
        actions = list(match.actions.order_by("id"))
        resolved = [a for a in actions if a.status == "resolved"]
        # Each resolution bumps the version once: applied twice, a number would repeat.
        assert [a.version_after for a in resolved] == list(range(1, len(resolved) + 1))
        assert match.version == len(resolved)
        seqs = list(MatchEvent.objects.filter(match=match).values_list("seq", flat=True))
        assert seqs == list(range(1, match.last_event_seq + 1))
        by_action = set(
            MatchEvent.objects.filter(match=match, action__isnull=False).values_list(
                "action_id", flat=True
            )
        )
        assert by_action <= {a.pk for a in resolved}  # a rejected action changed nothing
        assert matches.replay_match(match)[0], f"match {match_id} differs from its replay"


def _assert_money_adds_up(outcomes: Outcomes, shops) -> None:
    assert rosters.reconcile_credits() == []
    for gang_id, _ in shops:
        gang = Gang.objects.get(pk=gang_id)
        bought = LedgerEntry.objects.filter(gang=gang, reason="purchase")
        kit = Equipment.objects.filter(gang=gang, item__slug="derringer")
        assert bought.count() == kit.count()
        assert outcomes.purchases[gang_id] <= bought.count() <= outcomes.purchase_attempts[gang_id]
        assert gang.credits >= 0


def _assert_post_games_applied_exactly_once(outcomes: Outcomes, campaign) -> None:
    assert outcomes.confirmed, "no battle was confirmed"
    confirmed = Battle.objects.filter(campaign=campaign, status="confirmed")
    assert set(confirmed.values_list("pk", flat=True)) == outcomes.confirmed
    played = Counter()
    for battle in confirmed.prefetch_related("sides", "casualties"):
        assert battle.post_game_at is not None
        for side in battle.sides.all():
            played[side.gang_id] += 1
            rewards = LedgerEntry.objects.filter(
                gang_id=side.gang_id,
                reason="reward",
                note__endswith=f"battle {battle.shown_number}",
            )
            assert rewards.count() == 1, (battle.pk, side.gang_id)
        for casualty in battle.casualties.all():
            injuries = Injury.objects.filter(
                fighter_id=casualty.fighter_id, note__contains=f"battle {battle.shown_number})"
            )
            assert injuries.count() == 1, (battle.pk, casualty.fighter_id)
    for gang in Gang.objects.filter(pk__in=played):
        assert gang.battles == played[gang.pk], gang.name
