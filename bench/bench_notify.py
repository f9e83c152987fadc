"""Event → email accepted by a real SMTP server, and event → webhook received by a real HTTP
receiver, each against a no-op Celery round trip (docs/performance.md, docs/notifications.md).

All three go through the same Redis broker to the same real worker (one process, concurrency
1) on PostgreSQL, one at a time, interleaved so that drift hits each of them:

- no-op: ``jobs.services.start_job(task=jobs.tasks.noop)``, then the Job row polled until it
  is ``succeeded`` (as bench/bench_live.py);
- email: a campaign invites a gang (``campaigns.services.request_join``: the outbox row in
  the invitation's transaction, the email task sent on commit), until an aiosmtpd server on
  loopback (the worker's ``EMAIL_URL``) accepted the message;
- webhook: ``notifications.webhooks.campaign_event`` in a transaction (what every campaign
  event calls), until an ``http.server`` receiver on loopback got the signed POST.

Arrivals are polled in this process every millisecond, the same way for all three.
"""

from __future__ import annotations

import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from bench.common import Row, median, ms, percentile
from bench.stack import Stack, free_port

SAMPLES = 60
WARMUP = 5
POLL = 0.001
TIMEOUT = 30.0
EMAIL_FIGURE = "event → email accepted by the SMTP server vs no-op Celery round trip"
WEBHOOK_FIGURE = "event → webhook received by the HTTP receiver vs no-op Celery round trip"


class _Arrivals:
    """Counts what the SMTP server and the HTTP receiver got."""

    def __init__(self):
        self.emails = 0
        self.posts = 0

    async def handle_DATA(self, server, session, envelope):
        self.emails += 1
        return "250 Message accepted for delivery"


def _receiver(arrivals: _Arrivals) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            arrivals.posts += 1
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _wait(predicate, what: str) -> None:
    deadline = time.perf_counter() + TIMEOUT
    while not predicate():
        if time.perf_counter() > deadline:
            raise RuntimeError(f"{what} not done in {TIMEOUT:.0f} s: is the worker running?")
        time.sleep(POLL)


def _seed(samples: int, receiver_url: str):
    """A campaign with a webhook, and one gang per email sample for it to invite."""
    from django.conf import settings
    from django.contrib.auth import get_user_model

    from campaigns import services as campaigns
    from notifications import webhooks
    from rosters import services as rosters

    users = get_user_model().objects
    judge = users.create(username="bench-notify-judge", email="judge@example.com")
    campaign = campaigns.create_campaign(creator=judge, name="Bench Notify")
    settings.WEBHOOK_ALLOW_PRIVATE = True  # the receiver is on loopback
    webhooks.add_webhook(actor=judge, url=receiver_url, format="json", campaign=campaign)
    gangs = []
    for n in range(samples):
        owner = users.create(username=f"bench-notify-{n}", email=f"p{n}@example.com")
        gang = rosters.create_gang(owner=owner, name=f"Bench {n}", faction="sheriffs")
        rosters.hire_fighter(gang=gang, name=f"Boss {n}", role="leader", actor=owner)
        gangs.append(gang)
    return judge, campaign, gangs


def _noop() -> float:
    from jobs.models import Job
    from jobs.services import start_job
    from jobs.tasks import noop

    start = time.perf_counter()
    job = start_job(name="bench-noop", task=noop)
    done = Job.objects.filter(pk=job.pk, state=Job.State.SUCCEEDED)
    _wait(done.exists, "the no-op job")
    return time.perf_counter() - start


def _email(arrivals: _Arrivals, *, judge, campaign, gang) -> float:
    from campaigns import services as campaigns

    before = arrivals.emails
    start = time.perf_counter()
    campaigns.request_join(campaign=campaign, gang=gang, actor=judge)  # atomic: commits
    _wait(lambda: arrivals.emails > before, "the invitation's email")
    return time.perf_counter() - start


def _webhook(arrivals: _Arrivals, *, campaign, n: int) -> float:
    from django.db import transaction

    from notifications import webhooks

    before = arrivals.posts
    start = time.perf_counter()
    with transaction.atomic():
        webhooks.campaign_event(campaign=campaign, event="round.opened", data=lambda: {"n": n})
    _wait(lambda: arrivals.posts > before, "the webhook")
    return time.perf_counter() - start


def _stop_other_workers(stack: Stack) -> None:
    """Workers started earlier on this stack's queue have no EMAIL_URL: they must not take
    the email tasks."""
    for proc in [p for p in stack.procs if p.name.startswith("worker")]:
        proc.stop()
        stack.procs.remove(proc)


def measure(stack: Stack, *, samples: int = SAMPLES, warmup: int = WARMUP) -> dict:
    from aiosmtpd.controller import Controller

    arrivals = _Arrivals()
    smtp_port = free_port()
    smtp = Controller(arrivals, hostname="127.0.0.1", port=smtp_port)
    smtp.start()
    receiver = _receiver(arrivals)
    url = f"http://127.0.0.1:{receiver.server_address[1]}/hook"
    times: dict[str, list[float]] = {"noop": [], "email": [], "webhook": []}
    try:
        judge, campaign, gangs = _seed(warmup + samples, url)
        _stop_other_workers(stack)
        os.environ["EMAIL_URL"] = f"smtp://127.0.0.1:{smtp_port}"
        os.environ["WEBHOOK_ALLOW_PRIVATE"] = "true"
        stack.start_worker(concurrency=1, name="worker-notify")
        for n, gang in enumerate(gangs):
            noop = _noop()
            email = _email(arrivals, judge=judge, campaign=campaign, gang=gang)
            hook = _webhook(arrivals, campaign=campaign, n=n)
            if n >= warmup:
                times["noop"].append(noop)
                times["email"].append(email)
                times["webhook"].append(hook)
    finally:
        os.environ.pop("EMAIL_URL", None)
        smtp.stop()
        receiver.shutdown()
        receiver.server_close()
    result = {"samples": samples}
    for kind, values in times.items():
        result[f"{kind}_p50"] = median(values)
        result[f"{kind}_p95"] = percentile(values, 95)
    return result


def rows(result: dict) -> list[Row]:
    r = result
    noop = f"no-op p50 {ms(r['noop_p50'])} / p95 {ms(r['noop_p95'])}"
    common = (
        f"{r['samples']} of each interleaved with start_job(noop), one at a time; same Redis "
        "broker, 1 Celery worker (concurrency 1), PostgreSQL; arrivals polled every 1 ms"
    )
    made = []
    for kind, figure, how in (
        (
            "email",
            EMAIL_FIGURE,
            "request_join (invitation: outbox row, email task on commit) "
            "until aiosmtpd on loopback accepted the message",
        ),
        (
            "webhook",
            WEBHOOK_FIGURE,
            "campaign_event in a transaction (delivery row, task on "
            "commit) until an http.server receiver on loopback got the signed POST",
        ),
    ):
        made.append(
            Row(
                figure=figure,
                ratio=(
                    f"median {r[f'{kind}_p50'] / r['noop_p50']:.1f}×, "
                    f"p95 {r[f'{kind}_p95'] / r['noop_p95']:.1f}×"
                ),
                method=f"{how}; {common}",
                absolute=(
                    f"{kind} p50 {ms(r[f'{kind}_p50'])} / p95 {ms(r[f'{kind}_p95'])}; {noop}"
                ),
                data=r,
            )
        )
    return made


def main() -> None:
    """``python -m bench.bench_notify``: this row alone, on a stack of its own."""
    with Stack(name="notify") as stack:
        stack.configure_django()
        quick = os.environ.get("BENCH_QUICK", "") not in ("", "0", "false")
        result = measure(stack, samples=10 if quick else SAMPLES, warmup=2 if quick else WARMUP)
        for made in rows(result):
            print(made.markdown())


if __name__ == "__main__":
    main()
