"""An answer sent before the request body was read closes the connection (config/connections.py).

Against ``posse web`` itself (gunicorn, gthread, as production runs it): the red team saw a
413 answered ``Connection: keep-alive``, then gunicorn close the connection because the body
it would have had to drain was too big, and the next request on it lost.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from config.connections import CountingInput, body_left_unread

ROOT = Path(__file__).resolve().parents[2]
TOKEN = b"/api/v1/auth/token/"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def web():
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
        "WEB_THREADS": "2",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "config.processes", "web"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert proc.poll() is None, proc.stdout.read().decode()
            try:  # answered by a worker, not only accepted by the master
                with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
                    sock.sendall(b"GET /api/v1/ HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    assert _answer(sock)[0] == 200
                break
            except OSError:
                time.sleep(0.2)
        yield port
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)


def _post(path: bytes, *, length: int, sent: bytes, content_type=b"application/json") -> bytes:
    return (
        b"POST "
        + path
        + b" HTTP/1.1\r\nHost: localhost\r\nContent-Type: "
        + content_type
        + b"\r\nContent-Length: "
        + str(length).encode()
        + b"\r\n\r\n"
        + sent
    )


def _answer(sock: socket.socket) -> tuple[int, dict[str, str]]:
    """The status and headers of one answer, its body read too (the next answer follows it)."""
    sock.settimeout(30)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"the connection closed without an answer: {data!r}"
        data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    lines = head.decode().split("\r\n")
    headers = {k.lower(): v for k, v in (line.split(": ", 1) for line in lines[1:])}
    while len(body) < int(headers.get("content-length", 0)):
        body += sock.recv(65536)
    return int(lines[0].split()[1]), headers


def test_a_413_closes_the_connection_and_the_next_request_is_answered(web):
    with socket.create_connection(("127.0.0.1", web)) as sock:
        sock.sendall(_post(TOKEN, length=10_000_000, sent=b"x" * 100_000))
        status, headers = _answer(sock)
    assert status == 413
    assert headers["connection"] == "close"
    with socket.create_connection(("127.0.0.1", web)) as sock:  # the client's next request
        sock.sendall(b"GET /api/v1/ HTTP/1.1\r\nHost: localhost\r\n\r\n")
        assert _answer(sock)[0] == 200


def test_another_early_refusal_closes_it_too(web):
    """A 415 (not JSON) is decided before the body is read, like the 413."""
    with socket.create_connection(("127.0.0.1", web)) as sock:
        sock.sendall(_post(TOKEN, length=1_000, sent=b"a=1", content_type=b"text/plain"))
        status, headers = _answer(sock)
    assert status == 415
    assert headers["connection"] == "close"


def test_a_request_whose_body_was_read_keeps_its_connection(web):
    with socket.create_connection(("127.0.0.1", web)) as sock:
        sock.sendall(_post(TOKEN, length=2, sent=b"{}"))
        status, headers = _answer(sock)
        assert (status, headers["connection"]) == (400, "keep-alive")
        sock.sendall(b"GET /api/v1/ HTTP/1.1\r\nHost: localhost\r\n\r\n")
        assert _answer(sock)[0] == 200  # the same connection answers the next request


class _Stream:
    def __init__(self, data: bytes):
        self.data = data

    def read(self, size=-1):
        size = len(self.data) if size is None or size < 0 else size
        out, self.data = self.data[:size], self.data[size:]
        return out


def test_a_chunked_body_counts_as_unread_until_its_end():
    body = CountingInput(_Stream(b"abc"))
    environ = {"HTTP_TRANSFER_ENCODING": "chunked"}
    body.read(2)
    assert body_left_unread(environ, body)
    body.read(10)
    body.read(10)
    assert not body_left_unread(environ, body)
    assert not body_left_unread({"CONTENT_LENGTH": "3"}, body)
    assert body_left_unread({"CONTENT_LENGTH": "4"}, body)
