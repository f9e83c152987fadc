"""The pure parts of the scale benchmarks (``make bench-scale``): spreads and ratios, the
Server-Sent Events reader a client holding thousands of streams uses, the invariants the
failover run asserts, and nginx's configuration from its template. No process, no network:
tests/bench/test_scale_common.py runs all of it in the suite."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from string import Template

from bench.common import median, percentile

NGINX_TEMPLATE = Path(__file__).resolve().parent / "templates" / "nginx_scale.conf"


def ratio(numerator: float, denominator: float) -> float:
    """numerator ÷ denominator; NaN when either is missing or the denominator is not > 0."""
    if denominator is None or numerator is None:
        return math.nan
    if not denominator > 0 or math.isnan(numerator):
        return math.nan
    return numerator / denominator


def spread(first: list[float], last: list[float]) -> dict:
    """Per sample, when the first and the last watcher had the new version (seconds from the
    POST): medians, p95s and the median of each sample's last ÷ first."""
    per_sample = [ratio(b, a) for a, b in zip(first, last, strict=True)]
    per_sample = [r for r in per_sample if not math.isnan(r)]
    return {
        "first_p50": median(first),
        "last_p50": median(last),
        "last_p95": percentile(last, 95),
        "ratio_p50": median(per_sample),
        "ratio_max": max(per_sample) if per_sample else math.nan,
    }


def positional(args: list[str], *options: str) -> list[str]:
    """The command line's words that are neither one of ``options`` nor the value after it."""
    words, skip = [], False
    for word in args:
        if skip:
            skip = False
        elif word in options:
            skip = True
        else:
            words.append(word)
    return words


def summary(values: list[float]) -> dict:
    return {"n": len(values), "p50": median(values), "p95": percentile(values, 95)}


class SseReader:
    """Bytes of one HTTP/1.1 stream in (headers, then chunked or plain body), the versions
    its ``data:`` lines announce out. Fed whatever the socket gave: lines and chunks may be
    split anywhere."""

    def __init__(self):
        self._raw = b""
        self._body = b""
        self.status = 0
        self._chunked: bool | None = None
        self._chunk_left = 0

    def feed(self, data: bytes) -> list[int]:
        self._raw += data
        if self._chunked is None and not self._headers():
            return []
        self._dechunk()
        return self._versions()

    def _headers(self) -> bool:
        end = self._raw.find(b"\r\n\r\n")
        if end < 0:
            return False
        head = self._raw[:end].decode("latin-1").split("\r\n")
        self.status = int(head[0].split()[1])
        names = {line.split(":", 1)[0].strip().lower(): line for line in head[1:] if ":" in line}
        self._chunked = "chunked" in names.get("transfer-encoding", "").lower()
        self._raw = self._raw[end + 4 :]
        return True

    def _dechunk(self) -> None:
        if not self._chunked:
            self._body += self._raw
            self._raw = b""
            return
        while self._raw:
            if self._chunk_left:
                take = self._raw[: self._chunk_left]
                self._body += take
                self._raw = self._raw[len(take) :]
                self._chunk_left -= len(take)
                continue
            line_end = self._raw.find(b"\r\n")
            if line_end < 0:
                return
            size = self._raw[:line_end].split(b";")[0].strip()
            self._raw = self._raw[line_end + 2 :]
            if size:  # an empty line is the CRLF after a chunk's data
                self._chunk_left = int(size, 16)

    def _versions(self) -> list[int]:
        found = []
        *lines, self._body = self._body.split(b"\n")
        for line in lines:
            if line.startswith(b"data: "):
                try:
                    found.append(int(json.loads(line[6:])["version"]))
                except (ValueError, KeyError, TypeError):
                    continue
        return found


# --- the failover run's invariants --------------------------------------------------------------


@dataclass
class Ledgers:
    """What the run read back from the database at its end."""

    credits: dict[int, int] = field(default_factory=dict)  # gang id -> stored credits
    ledger: dict[int, int] = field(default_factory=dict)  # gang id -> sum of its ledger rows
    # match id -> (accepted action keys the clients were answered 202 for, the keys stored,
    # resolved actions, the match's version)
    actions: dict[int, tuple[set[str], list[str], int, int]] = field(default_factory=dict)
    # match id -> the versions its resolved actions produced, counted from the run's start
    versions_after: dict[int, list[int]] = field(default_factory=dict)
    # gang id -> (the Idempotency-Keys of the purchases the client was answered 201 for, the
    # keys stored with a purchase, the purchases made in the run)
    purchases: dict[int, tuple[set[str], list[str], int]] = field(default_factory=dict)


def invariant_problems(found: Ledgers, *, client_failures: dict[str, int]) -> list[str]:
    """Every broken promise, one sentence each (none: the run passes).

    - a request failed as the client saw it (after the retries it makes);
    - an action a client was told was accepted is not stored, or is stored twice;
    - a match's version is not the number of actions resolved on it, or its resolved
      actions did not make one version each, in a row (none applied twice, none lost
      between queue and table);
    - a gang's credits differ from its ledger's sum;
    - a purchase was made whose answer the client never got (every purchase is retried with
      its key until answered), answered but not made, or made twice (more purchases than
      keys)."""
    problems = [
        f"{n} {kind} failed as the client saw it" for kind, n in client_failures.items() if n
    ]
    for match_id, (accepted, stored, resolved, version) in sorted(found.actions.items()):
        lost = accepted - set(stored)
        doubled = {key for key in stored if stored.count(key) > 1}
        if lost:
            problems.append(f"match {match_id}: {len(lost)} accepted actions not stored")
        if doubled:
            problems.append(f"match {match_id}: {len(doubled)} actions stored twice")
        if resolved != version:
            problems.append(
                f"match {match_id}: version {version} after {resolved} resolved actions"
            )
    for match_id, after in sorted(found.versions_after.items()):
        if sorted(after) != list(range(1, len(after) + 1)):
            problems.append(f"match {match_id}: resolved actions made versions {sorted(after)}")
    for gang_id, credits in sorted(found.credits.items()):
        total = found.ledger.get(gang_id, 0)
        if credits != total:
            problems.append(f"gang {gang_id}: {credits} credits, ledger says {total}")
    for gang_id, (answered, stored, made) in sorted(found.purchases.items()):
        if unanswered := set(stored) - answered:
            problems.append(
                f"gang {gang_id}: {len(unanswered)} purchases made whose answer the client "
                "never got"
            )
        if unmade := answered - set(stored):
            problems.append(f"gang {gang_id}: {len(unmade)} purchases answered but not made")
        if made != len(stored):
            problems.append(
                f"gang {gang_id}: {made} purchases made for {len(stored)} keys (one doubled, "
                "or made without its key)"
            )
    return problems


# --- nginx ---------------------------------------------------------------------------------------


def nginx_config(
    *, listen: str, web: list[str], stream: list[str], prefix: str, keepalive: int = 32
) -> str:
    """nginx.conf for the failover run: every web and stream process an upstream server,
    keepalive to each, and the next upstream tried for what may be retried (nginx retries
    only idempotent methods once a request was sent; a POST whose connection failed before
    is retried too)."""

    def servers(addresses: list[str]) -> str:
        if not addresses:
            raise ValueError("an upstream needs at least one server")
        return "\n".join(f"        server {a} max_fails=1 fail_timeout=2s;" for a in addresses)

    template = Template(NGINX_TEMPLATE.read_text())
    return template.substitute(
        listen=listen,
        web_servers=servers(web),
        stream_servers=servers(stream),
        keepalive=keepalive,
        prefix=prefix,
    )
