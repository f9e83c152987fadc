"""Real servers on loopback, started by the tests: an SMTP server (aiosmtpd) that keeps what
it accepts, and an HTTP receiver that answers from a script. Never a mocked backend."""

from __future__ import annotations

import email
import json
import socket
import threading
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Mailbox:
    def __init__(self):
        self.messages: list[tuple[list[str], Message]] = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append((list(envelope.rcpt_tos), email.message_from_bytes(envelope.content)))
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list[Message]:
        return [m for rcpt, m in self.messages if address in rcpt]


@pytest.fixture
def smtp(settings):
    """An SMTP server on loopback; Django's SMTP backend pointed at it."""
    from aiosmtpd.controller import Controller

    box = Mailbox()
    port = free_port()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    try:
        yield box
    finally:
        controller.stop()


class Receiver:
    """An HTTP receiver: answers each POST with the next status (or (status, headers)) of
    ``script``, then 200, and keeps every request's headers and body."""

    def __init__(self, script: list[int]):
        self.script = list(script)
        self.requests: list[tuple[dict, bytes]] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                receiver.requests.append((dict(self.headers), body))
                step = receiver.script.pop(0) if receiver.script else 200
                code, extra = step if isinstance(step, tuple) else (step, {})
                self.send_response(code)
                for name, value in extra.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def bodies(self) -> list[dict]:
        return [json.loads(body) for _, body in self.requests]

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver_factory():
    made = []

    def make(script=()):
        made.append(Receiver(list(script)))
        return made[-1]

    yield make
    for r in made:
        r.close()


@pytest.fixture
def world(db):
    from tests.campaigns.conftest import World

    return World()


@pytest.fixture
def run_on_commit(django_capture_on_commit_callbacks):
    def call(fn, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return fn(*args, **kwargs)

    return call
