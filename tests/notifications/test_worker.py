"""Delivery on a real Celery worker and a real Redis broker (run by .ci/run): an invitation's
email reaches the SMTP server and a battle's webhook reaches the receiver, both sent by the
worker after the event's commit."""

from __future__ import annotations

import pytest
from django.db import transaction

from campaigns import services as campaigns
from notifications import webhooks
from notifications.models import Notification, WebhookDelivery
from rosters import services as rosters
from tests.factories import UserFactory
from tests.worker import WorkerProcess, require_worker_environment, wait_for

pytestmark = pytest.mark.worker


class MailingWorker(WorkerProcess):
    def __init__(self, *, smtp_port: int):
        super().__init__()
        self.smtp_port = smtp_port

    def env(self) -> dict[str, str]:
        env = super().env()
        env["EMAIL_URL"] = f"smtp://127.0.0.1:{self.smtp_port}"
        env["WEBHOOK_ALLOW_PRIVATE"] = "true"
        return env


@pytest.fixture
def worker(seeded_catalogue, smtp, settings):
    require_worker_environment()
    settings.WEBHOOK_ALLOW_PRIVATE = True
    process = MailingWorker(smtp_port=settings.EMAIL_PORT).start()
    yield process
    process.stop()


def test_the_worker_emails_an_invitation_and_posts_a_webhook(worker, smtp, receiver_factory):
    judge, ann, bob = (UserFactory(username=n) for n in ("judge", "ann", "bob"))
    with transaction.atomic():
        campaign = campaigns.create_campaign(creator=judge, name="Deadwood")
        gangs = [
            rosters.create_gang(owner=p, name=f"{p.username}'s", faction="sheriffs")
            for p in (ann, bob)
        ]
        for gang in gangs:
            rosters.hire_fighter(gang=gang, name="boss", role="leader", actor=gang.owner)
            invitation = campaigns.request_join(campaign=campaign, gang=gang, actor=judge)
    wait_for(lambda: len(smtp.to(ann.email)) == 1, what="the invitation's email", timeout=60)
    assert Notification.objects.get(recipient=ann).email == "sent"

    for gang in gangs:
        invitation = gang.memberships.get()
        campaigns.answer_invitation(membership=invitation, accept=True, actor=gang.owner)
    campaigns.set_status(campaign=campaign, status="active", actor=judge)
    receiver = receiver_factory()
    webhooks.add_webhook(actor=judge, url=receiver.url, format="json", campaign=campaign)
    campaigns.report_battle(
        campaign=campaign,
        actor=ann,
        gangs=[g.pk for g in gangs],
        winner=gangs[0].pk,
        casualties=[],
    )
    assert WebhookDelivery.objects.count() == 1
    wait_for(lambda: len(receiver.requests) == 1, what="the webhook", timeout=60)
    assert receiver.bodies()[0]["event"] == "battle.reported"
    delivery = WebhookDelivery.objects.get()
    wait_for(
        lambda: WebhookDelivery.objects.get(pk=delivery.pk).status == "delivered",
        what="the delivery's log",
    )
