"""The production shape on several hosts, under load, with a web process and a worker killed.

Hosts are network namespaces this run makes (bench/scale_hosts.py): ``edge`` runs nginx
(Debian's package; config from bench/templates/nginx_scale.conf: every process an upstream
server, keepalive, the next upstream for what may be retried), ``app1`` and ``app2`` each run
``posse web``, ``posse stream`` and ``posse worker`` (command lines from
config/processes.py), ``app2`` also ``posse beat``; the root namespace is the data host
(PostgreSQL, Redis). Clients (bench/scale_failover_load.py) play live tables, read rosters
and buy through the proxy. During the load web1 then worker1 get SIGKILL (the whole process
group) and are started again. The run ASSERTS, and exits 1 otherwise, that no request failed
as a client sees it after its retries, that no live action was lost or applied twice, and
that every gang's credits equal its ledger's sum, and that every purchase (sent with an
Idempotency-Key, retried with it) was made once and answered (bench/scale_common.
invariant_problems).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from pathlib import Path
from urllib.parse import urlparse

from bench.common import Row
from bench.scale_common import Ledgers, invariant_problems, nginx_config
from bench.scale_failover_load import Table, run
from bench.scale_hosts import Hosts
from bench.stack import Stack, worker_command

SECONDS = 60.0
TABLES, READERS, BUYERS = 4, 3, 2
MATCHES_PER_TABLE = 6
HOSTS = ["edge", "app1", "app2"]
PLAN = [  # (process name, host, process kind)
    ("web1", "app1", "web"),
    ("web2", "app2", "web"),
    ("stream1", "app1", "stream"),
    ("stream2", "app2", "stream"),
    ("worker1", "app1", "worker"),
    ("worker2", "app2", "worker"),
    ("beat", "app2", "beat"),
]
PORTS = {"web": 8000, "stream": 8001}


class Shape:
    """The processes on their hosts, started and killed by name."""

    def __init__(self, stack: Stack, hosts: Hosts, scratch: Path):
        self.stack, self.hosts, self.scratch = stack, hosts, scratch
        self.procs = {}
        data = hosts.address("data")
        child = stack.child_env()
        for var in ("DATABASE_URL", "REDIS_URL"):
            url = urlparse(child[var])
            child[var] = url._replace(netloc=url.netloc.replace(url.hostname, data)).geturl()
        addresses = [hosts.address(h) for h in HOSTS]
        child["ALLOWED_HOSTS"] = ",".join([*addresses, "127.0.0.1", "localhost"])
        self.child = child

    def argv(self, name: str, host: str, kind: str) -> list[str]:
        from config import processes

        child = dict(self.child)
        if kind == "worker":
            return [*worker_command(child), "--concurrency=2", "-n", f"{name}@{host}"]
        if kind == "beat":
            return [*processes.beat(), "--schedule", str(self.scratch / "beat-schedule")]
        bind = {"web": "BIND", "stream": "STREAM_BIND"}[kind]
        child[bind] = f"{self.hosts.address(host)}:{PORTS[kind]}"
        saved = dict(os.environ)
        try:  # processes reads os.environ: give it the child's for the call
            os.environ.clear()
            os.environ.update(child)
            return [*processes.PROCESSES[kind](), "--timeout", "60", "--log-level", "warning"]
        finally:
            os.environ.clear()
            os.environ.update(saved)

    def start(self, name: str, *, wait: bool = True) -> None:
        _, host, kind = next(p for p in PLAN if p[0] == name)
        argv = self.hosts.run_in(host, self.argv(name, host, kind))
        self.procs[name] = self.stack._spawn(f"failover-{name}", argv, env=self.child)
        if wait:
            self.ready(name)

    def restart(self, name: str) -> None:
        """Started again without waiting for it: ``ready`` checks it after the load."""
        self.start(name, wait=False)

    def ready(self, name: str) -> None:
        _, host, kind = next(p for p in PLAN if p[0] == name)
        proc = self.procs[name]
        if kind in PORTS:
            _until_healthy(f"http://{self.hosts.address(host)}:{PORTS[kind]}/healthz", proc)
        elif kind == "worker":
            # The whole log (each start writes its own): a worker that has run tasks since it
            # said so has pushed its "ready." line out of any tail.
            _until(lambda: "ready." in proc.log.read_text(errors="replace"), proc)

    def kill(self, name: str) -> None:
        proc = self.procs[name]
        os.killpg(proc.popen.pid, signal.SIGKILL)
        proc.popen.wait(timeout=30)

    def start_proxy(self) -> str:
        edge = self.hosts.address("edge")
        conf = self.scratch / "nginx.conf"
        for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.scratch / sub).mkdir(exist_ok=True)
        web = [f"{self.hosts.address(h)}:{PORTS['web']}" for _, h, k in PLAN if k == "web"]
        stream = [f"{self.hosts.address(h)}:{PORTS['stream']}" for _, h, k in PLAN if k == "stream"]
        conf.write_text(
            nginx_config(listen=f"{edge}:8080", web=web, stream=stream, prefix=str(self.scratch))
        )
        nginx = _nginx()
        argv = [nginx, "-c", str(conf), "-p", str(self.scratch), "-e", "stderr"]
        proc = self.stack._spawn("failover-nginx", self.hosts.run_in("edge", argv))
        _until_healthy(f"http://{edge}:8080/healthz", proc)
        return f"http://{edge}:8080"


def _nginx() -> str:
    """Debian's nginx, installed with apt-get when missing (the run is root already)."""
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")
    if found:
        return found
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for argv in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", "nginx-light"]):
        subprocess.run(argv, check=True, env=env, capture_output=True, timeout=600)
    return shutil.which("nginx", path="/usr/sbin:/usr/bin") or "/usr/sbin/nginx"


def _until(done, proc, seconds: float = 90.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        if not proc.alive():
            raise RuntimeError(f"{proc.name} exited:\n{proc.tail()}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{proc.name} not ready in {seconds:.0f} s:\n{proc.tail()}")
        time.sleep(0.2)


def _until_healthy(url: str, proc) -> None:
    def healthy() -> bool:
        try:
            with urllib.request.urlopen(url, timeout=2) as reply:
                return reply.status == 200
        except OSError:
            return False

    _until(healthy, proc)


def _chaos(shape: Shape, seconds: float, log: list[str]) -> None:
    """web1 killed at 25% of the run and started again at 40%; worker1 killed at 50% and
    started at 65%. In the main thread: a child's PR_SET_PDEATHSIG (bench/stack.py) fires
    when the *thread* that started it ends, so a restart from a helper thread would be
    stopped as soon as that thread finished."""
    began = time.monotonic()
    for at, verb, name in [
        (0.25, "kill", "web1"),
        (0.40, "restart", "web1"),
        (0.50, "kill", "worker1"),
        (0.65, "restart", "worker1"),
    ]:
        time.sleep(max(0.0, began + at * seconds - time.monotonic()))
        try:
            getattr(shape, verb)(name)
            log.append(f"{time.monotonic() - began:.1f} s: {verb} {name} done")
        except Exception as exc:  # the run's assertion reports it
            log.append(f"FAILED {verb} {name}: {exc}")


def _load(base: str, seeded: dict, seconds: float) -> tuple[threading.Thread, list]:
    """The clients in a thread of their own (they start no process); their books in the list."""
    out: list = []

    def play() -> None:
        out.append(
            asyncio.run(
                run(
                    base,
                    tables=seeded["tables"],
                    readers=seeded["readers"],
                    buyers=seeded["buyers"],
                    seconds=seconds,
                )
            )
        )

    thread = threading.Thread(target=play, daemon=True)
    thread.start()
    return thread, out


def _seed(tables: int, readers: int, buyers: int) -> dict:
    """Players, dealt matches, gangs: through the services, as bench/seed.py writes data."""
    from bench.bench_push import _accept_all
    from bench.seed import make_user, player_gang
    from matches import services

    tag = uuid.uuid4().hex[:6]
    staff, _ = make_user(f"fo-staff-{tag}", staff=True)
    seeded = {"tables": [], "readers": [], "buyers": [], "versions": {}}
    for t in range(tables):
        seats = [make_user(f"fo-{tag}-t{t}-s{n}") for n in (1, 2)]
        matches = []
        for _ in range(MATCHES_PER_TABLE):
            match = _accept_all(
                services.create_live_match(
                    ruleset="le-dernier-peuple",
                    players=[u.username for u, _ in seats],
                    options={},
                    created_by=seats[0][0],
                )
            )
            matches.append(match.pk)
            seeded["versions"][match.pk] = match.version
        tokens = {f"s{n}": token for n, (_, token) in enumerate(seats, start=1)}
        seeded["tables"].append(Table(tokens=tokens, matches=matches))
    gangs = []
    for b in range(buyers):
        owner, token = make_user(f"fo-{tag}-buyer{b}")
        gang = player_gang(owner=owner, staff=staff, name=f"Failover {tag} {b}")
        gangs.append(gang.pk)
        seeded["buyers"].append((token, gang.pk))
        seeded.setdefault("purchases", {})[gang.pk] = (owner.pk, _purchases(gang.pk))
    for r in range(readers):
        _, token = make_user(f"fo-{tag}-reader{r}")
        seeded["readers"].append((token, gangs))
    return seeded


def _purchases(gang_id: int) -> int:
    from rosters.models import LedgerEntry

    return LedgerEntry.objects.filter(gang_id=gang_id, reason=LedgerEntry.Reason.PURCHASE).count()


def _settled(seconds: float = 150.0) -> int:
    """Waits until no action is pending (a lost task waits for beat's sweep); how many are."""
    from matches.models import MatchAction

    deadline = time.monotonic() + seconds
    pending = MatchAction.objects.filter(status=MatchAction.Status.PENDING)
    while pending.exists() and time.monotonic() < deadline:
        time.sleep(1)
    return pending.count()


def _read_back(seeded: dict, accepted: dict[int, set[str]], bought: dict[int, set[str]]) -> Ledgers:
    from django.db.models import Sum

    from matches.models import Match, MatchAction
    from rosters.models import Gang, KeyedWrite, LedgerEntry

    found = Ledgers()
    found.credits = dict(Gang.objects.values_list("id", "credits"))
    found.ledger = dict(
        LedgerEntry.objects.values_list("gang").annotate(t=Sum("amount")).values_list("gang", "t")
    )
    for gang_id, (owner_id, before) in seeded["purchases"].items():
        stored = KeyedWrite.objects.filter(user_id=owner_id, status=201)
        found.purchases[gang_id] = (
            bought.get(gang_id, set()),
            list(stored.values_list("key", flat=True)),
            _purchases(gang_id) - before,
        )
    for match_id, v0 in seeded["versions"].items():
        actions = MatchAction.objects.filter(match_id=match_id)
        stored = list(actions.values_list("idempotency_key", flat=True))
        resolved = actions.filter(status=MatchAction.Status.RESOLVED).count()
        version = Match.objects.get(pk=match_id).version
        found.actions[match_id] = (accepted.get(match_id, set()), stored, resolved, version - v0)
        after = actions.filter(status=MatchAction.Status.RESOLVED).exclude(version_after=None)
        found.versions_after[match_id] = [
            v - v0 for v in after.values_list("version_after", flat=True)
        ]
    return found


def measure(stack: Stack, hosts: Hosts, *, seconds: float = SECONDS) -> dict:
    scratch = Path(tempfile.mkdtemp(prefix="posse-failover-"))
    try:
        shape = Shape(stack, hosts, scratch)
        for name, _, _ in PLAN:
            shape.start(name)
        base = shape.start_proxy()
        seeded = _seed(TABLES, READERS, BUYERS)
        log: list[str] = []
        thread, out = _load(base, seeded, seconds)
        _chaos(shape, seconds, log)
        thread.join(timeout=seconds + 300)
        if not out:
            raise RuntimeError("the clients did not finish")
        books = out[0]
        for name in ("web1", "worker1"):  # started again: answering (or said why not)
            try:
                shape.ready(name)
            except RuntimeError as exc:
                log.append(f"FAILED ready {name}: {str(exc)[:300]}")
        down = [name for name, proc in shape.procs.items() if not proc.alive()]
        pending = _settled()
        found = _read_back(seeded, books.accepted, books.bought)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    problems = invariant_problems(found, client_failures=dict(books.failures))
    problems += [line for line in log if line.startswith("FAILED")]
    if len(log) < 4:
        problems.append(f"the kills did not all happen: {log}")
    if down:
        problems.append(f"not running at the end: {', '.join(down)}")
    if pending:
        problems.append(f"{pending} actions still pending at the end")
    if lost := sum(books.ambiguous.values()):
        problems.append(f"{lost} writes left without an answer (not retried)")
    return {
        "seconds": seconds,
        "requests": sum(books.requests.values()),
        "retries": dict(books.retries),
        "failures": dict(books.failures),
        "ambiguous": dict(books.ambiguous),
        "purchases": sum(len(keys) for keys in books.bought.values()),
        "actions": sum(len(keys) for keys in books.accepted.values()),
        "matches": len([m for m, keys in books.accepted.items() if keys]),
        "gangs": len(found.credits),
        "log": log,
        "errors": books.errors,
        "problems": problems,
    }


def row(r: dict) -> Row:
    verdict = "held" if not r["problems"] else "BROKEN: " + "; ".join(r["problems"])
    retried = sum(r["retries"].values())
    return Row(
        figure="2 web, 2 stream, 2 workers, beat behind nginx on 3 hosts; web1 and worker1 killed",
        ratio=(
            f"invariants {verdict}: 0 client-visible failures needed; {retried} retries of "
            f"{r['requests']} requests ({retried / max(1, r['requests']):.1%}); "
            f"{r['purchases']} purchases ({r['retries'].get('POST purchase', 0)} retries with "
            f"their Idempotency-Key), {sum(r['ambiguous'].values())} left without an answer"
        ),
        method=(
            "network namespaces on a bridge (edge: nginx; app1, app2: posse web, stream, "
            "worker; app2: beat; data: PostgreSQL, Redis via the bridge); "
            f"{TABLES} live tables, {READERS} readers, {BUYERS} buyers through the proxy "
            f"for {r['seconds']:.0f} s; SIGKILL web1 at 25% (started again at 40%), worker1 at 50% "
            "(again at 65%, not waited for); GETs and keyed action and purchase POSTs retried "
            "by the client"
        ),
        absolute=(
            f"{r['actions']} actions on {r['matches']} matches, {r['gangs']} gangs checked; "
            f"retries {r['retries']}; events: {', '.join(r['log'])}"
        ),
        data=r,
    )


def main(argv: list[str] | None = None) -> int:
    """``python -m bench.scale_failover [SECONDS]``: the row printed; exit 1 when an
    invariant broke."""
    args = sys.argv[1:] if argv is None else argv
    seconds = float(args[0]) if args else SECONDS
    with Hosts(names=HOSTS) as hosts, Stack(name="failover") as stack:
        stack.configure_django()
        result = measure(stack, hosts, seconds=seconds)
    print(row(result).markdown(), flush=True)
    for line in result["errors"]:
        print("  ", line, file=sys.stderr)
    return 1 if result["problems"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
