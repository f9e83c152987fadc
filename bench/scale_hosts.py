"""Hosts made of Linux network namespaces, for the failover run (bench/scale_failover.py).

Each host is a namespace with its own address on one bridge: a veth pair per host, one end
on the bridge in this (the root) namespace, the other inside as ``eth0``. The root
namespace is the data host at the bridge's own address: socat relays its PostgreSQL and
Redis, which listen on loopback only, to that address. Everything is made by the run and
removed when it ends (normal end, failure, Ctrl-C, SIGTERM through bench.stack's handler):
processes first (the caller's Stack), then the relays, namespaces and bridge. Root only.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
from dataclasses import dataclass, field

PORTS = {"postgres": 5432, "redis": 6379}


def _ip(*args: str, check: bool = True) -> None:
    subprocess.run(["ip", *args], check=check, capture_output=True, timeout=30)


@dataclass
class Hosts:
    names: list[str]
    subnet: int = 0  # 10.231.<subnet>.0/24; 0: from this process's id
    tag: str = ""
    made: list[str] = field(default_factory=list)  # namespaces and links, to remove
    relays: list[subprocess.Popen] = field(default_factory=list)

    def __post_init__(self):
        self.subnet = self.subnet or 16 + os.getpid() % 200
        self.tag = self.tag or f"{os.getpid() % 100000:05d}"
        self.bridge = f"psb{self.tag}"

    def address(self, host: str) -> str:
        """The host's address; ``"data"`` (the root namespace) is the bridge's."""
        if host == "data":
            return f"10.231.{self.subnet}.1"
        return f"10.231.{self.subnet}.{10 + self.names.index(host)}"

    def namespace(self, host: str) -> str:
        return f"psc{self.tag}-{host}"

    def run_in(self, host: str, argv: list[str]) -> list[str]:
        """``argv`` run on ``host`` (``ip netns exec`` execs it: the process keeps its pid)."""
        return ["ip", "netns", "exec", self.namespace(host), *argv]

    def __enter__(self) -> Hosts:
        if os.geteuid() != 0:
            raise SystemExit("the failover run makes network namespaces: run it as root")
        try:
            self._make()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _make(self) -> None:
        _ip("link", "add", self.bridge, "type", "bridge")
        self.made.append(f"link:{self.bridge}")
        _ip("addr", "add", f"{self.address('data')}/24", "dev", self.bridge)
        _ip("link", "set", self.bridge, "up")
        for n, host in enumerate(self.names):
            ns, outside = self.namespace(host), f"psv{self.tag}{n}"
            _ip("netns", "add", ns)
            self.made.append(f"netns:{ns}")
            _ip("link", "add", outside, "type", "veth", "peer", "name", f"psi{self.tag}{n}")
            self.made.append(f"link:{outside}")
            _ip("link", "set", outside, "master", self.bridge, "up")
            _ip("link", "set", f"psi{self.tag}{n}", "netns", ns)
            inside = ["ip", "netns", "exec", ns, "ip"]
            subprocess.run(
                [*inside, "link", "set", f"psi{self.tag}{n}", "name", "eth0"], check=True
            )
            subprocess.run(
                [*inside, "addr", "add", f"{self.address(host)}/24", "dev", "eth0"], check=True
            )
            subprocess.run([*inside, "link", "set", "eth0", "up"], check=True)
            subprocess.run([*inside, "link", "set", "lo", "up"], check=True)
        for port in PORTS.values():
            self._relay(port)

    def _relay(self, port: int) -> None:
        bind = self.address("data")
        self.relays.append(
            subprocess.Popen(
                [
                    "socat",
                    f"TCP-LISTEN:{port},bind={bind},fork,reuseaddr,backlog=512",
                    f"TCP:127.0.0.1:{port}",
                ],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
        )

    def close(self) -> None:
        for relay in self.relays:  # socat forks a child per connection: the whole group
            with contextlib.suppress(ProcessLookupError):
                os.killpg(relay.pid, 9)
            with contextlib.suppress(Exception):
                relay.wait(timeout=10)
        self.relays.clear()
        for thing in reversed(self.made):
            kind, name = thing.split(":", 1)
            if kind == "netns":
                _ip("netns", "del", name, check=False)
            else:
                _ip("link", "del", name, check=False)
        self.made.clear()
