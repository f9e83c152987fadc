"""The embedded PostgreSQL (config/embedded_postgres.py): started for whoever needs it when
DATABASE_URL is unset, joined by a second process, and never left running once the process
that started it has gone, however it went."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest

from config.embedded_postgres import TEST_DATA, alive, serving

ROOT = Path(__file__).resolve().parents[2]

HOLD = """
import os, sys, time
from pathlib import Path
from config.embedded_postgres import serving
with serving(Path(sys.argv[1]), durable=False):
    print(os.environ["DATABASE_URL"], flush=True)
    if sys.argv[2] == "hold":
        time.sleep(600)
"""


@pytest.fixture(scope="module")
def data():
    # Beside the test run's own server, named so that a later run clears it if this one dies.
    folder = TEST_DATA / f"{os.getpid()}-embedded-tests"
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _serve(data: Path, mode: str) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    return subprocess.Popen(
        [sys.executable, "-c", HOLD, str(data), mode],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )


def _postmaster(data: Path) -> int | None:
    try:
        return int((data / "postmaster.pid").read_text().split()[0])
    except (FileNotFoundError, IndexError, ValueError):
        return None


def _gone(pid: int, within: float = 30) -> bool:
    deadline = time.monotonic() + within
    while alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def test_with_database_url_set_nothing_is_started(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/posse_unused")
    with serving(TEST_DATA / "never") as server:
        assert server is None
    assert not (TEST_DATA / "never").exists()


def test_a_second_process_joins_and_sigterm_stops_the_server(data):
    first = _serve(data, "hold")
    try:
        url = first.stdout.readline().strip()
        with psycopg.connect(url) as conn:
            assert conn.execute("SELECT current_database()").fetchone() == ("posse",)
        server = _postmaster(data)
        second = _serve(data, "once")
        assert second.stdout.readline().strip() == url  # the same server, joined
        assert second.wait(timeout=60) == 0
        assert alive(server), "the process that only joined stopped the server"
    finally:
        first.send_signal(signal.SIGTERM)
        first.wait(timeout=60)
    assert _gone(server), "SIGTERM left the server running"
    assert _postmaster(data) is None


@pytest.mark.skipif(sys.platform != "linux", reason="PR_SET_PDEATHSIG is Linux's")
def test_a_process_killed_outright_takes_its_server_with_it(data):
    first = _serve(data, "hold")
    try:
        first.stdout.readline()
        server = _postmaster(data)
    finally:
        first.kill()
        first.wait(timeout=60)
    assert _gone(server), "SIGKILL left the server running"
