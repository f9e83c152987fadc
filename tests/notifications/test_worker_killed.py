"""A worker killed with -9 while it delivers a webhook: the event reaches the receiver again,
with the same Idempotency-Key, so the receiver keeps it once (issue #32, "nothing lost,
nothing doubled"). A real worker on the real broker, a real HTTP receiver on loopback."""

from __future__ import annotations

import json
import threading
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.db import transaction
from django.utils import timezone

from campaigns import services as campaigns
from notifications import webhooks
from notifications.models import WebhookDelivery
from tests.factories import UserFactory
from tests.worker import WorkerProcess, require_worker_environment, wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


class DedupingReceiver:
    """Keeps each event once by its Idempotency-Key; holds its first answer until released
    (the worker is killed while it waits for it)."""

    def __init__(self):
        self.seen: list[str] = []  # every request's key, repeats included
        self.kept: dict[str, dict] = {}  # key -> body: what the receiver acts on
        self.got_first, self.release = threading.Event(), threading.Event()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                key = self.headers["Idempotency-Key"]
                receiver.seen.append(key)
                receiver.kept.setdefault(key, json.loads(body))
                if len(receiver.seen) == 1:
                    receiver.got_first.set()
                    receiver.release.wait(30)
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


class HookWorker(WorkerProcess):
    def env(self) -> dict[str, str]:
        return {**super().env(), "WEBHOOK_ALLOW_PRIVATE": "true"}


@pytest.fixture
def receiver():
    made = DedupingReceiver()
    yield made
    made.close()


def test_a_worker_killed_mid_delivery_delivers_again_with_the_same_key(settings, receiver):
    require_worker_environment()
    settings.WEBHOOK_ALLOW_PRIVATE = True
    judge = UserFactory(username="judge")
    campaign = campaigns.create_campaign(creator=judge, name="Deadwood")
    webhooks.add_webhook(actor=judge, url=receiver.url, format="json", campaign=campaign)
    first = HookWorker().start()
    try:
        with transaction.atomic():
            webhooks.campaign_event(
                campaign=campaign, event="round.opened", data=lambda: {"round": 1}
            )
        assert receiver.got_first.wait(60), "the worker never posted the event"
        first.kill()  # -9 while the receiver holds its answer
    finally:
        first.stop()
    receiver.release.set()
    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.attempts) == ("pending", 1)  # claimed, never answered
    assert delivery.next_try_at > timezone.now()  # its lease: nobody tries it meanwhile

    # The lease runs out (moved back rather than waited for) and beat's sweep finds the row.
    WebhookDelivery.objects.filter(pk=delivery.pk).update(
        next_try_at=timezone.now() - timedelta(seconds=1)
    )
    second = HookWorker().start()
    try:
        assert webhooks.sweep_webhooks() == 1
        wait_for(
            lambda: WebhookDelivery.objects.get(pk=delivery.pk).status == "delivered",
            what="the delivery after the kill",
            timeout=60,
        )
    finally:
        second.stop()
    assert len(receiver.seen) == 2 and len(set(receiver.seen)) == 1  # sent again, same key
    assert list(receiver.kept) == [delivery.key]  # the receiver keeps the event once
    assert receiver.kept[delivery.key]["event"] == "round.opened"
    delivery.refresh_from_db()
    assert (delivery.attempts, delivery.last_status) == (2, 200)
