"""Webhooks: added by a campaign's arbitrators (a secret shown once), signed, retried with
backoff until the receiver takes the event once, paused after repeated failures; and no
request to addresses inside our own network."""

from __future__ import annotations

import hashlib
import hmac
import json

import pytest

from campaigns import services as campaigns
from notifications import ssrf, webhooks
from notifications.models import Notification, Webhook, WebhookDelivery
from tests.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def fast(settings):
    settings.WEBHOOK_ALLOW_PRIVATE = True  # the receiver is on loopback
    settings.WEBHOOK_BACKOFF = 0  # retries at once (in-process tasks ignore countdowns)
    settings.WEBHOOK_TRIES = 3
    settings.WEBHOOK_PAUSE_AFTER = 2
    return settings


def add(world, url, format="json"):
    response = client_for(world.arbitrator).post(
        f"/api/v1/campaigns/{world.campaign.pk}/webhooks/",
        {"url": url, "format": format},
        format="json",
    )
    assert response.status_code == 201, response.json()
    return response.json()


def report(world, run_on_commit, pair=(0, 1)):
    a, b = (world.gangs[i] for i in pair)
    return run_on_commit(
        campaigns.report_battle,
        campaign=world.campaign,
        actor=a.owner,
        gangs=[a.pk, b.pk],
        winner=a.pk,
        casualties=[],
    )


def test_a_receiver_that_fails_twice_gets_the_event_once_signed(
    fast, world, run_on_commit, receiver_factory
):
    receiver = receiver_factory([500, 500])
    hook = add(world, receiver.url)
    assert len(hook["secret"]) == 64
    listed = client_for(world.arbitrator).get(f"/api/v1/campaigns/{world.campaign.pk}/webhooks/")
    assert "secret" not in listed.json()[0]  # shown once
    report(world, run_on_commit)
    assert len(receiver.requests) == 3
    keys = {headers["Idempotency-Key"] for headers, _ in receiver.requests}
    assert len(keys) == 1  # the same event each try: the receiver keeps it once
    headers, body = receiver.requests[-1]
    expected = "sha256=" + hmac.new(hook["secret"].encode(), body, hashlib.sha256).hexdigest()
    assert headers["X-Posse-Signature"] == expected
    event = json.loads(body)
    assert event["event"] == "battle.reported" and event["campaign"]["id"] == world.campaign.pk
    (delivery,) = WebhookDelivery.objects.all()
    assert (delivery.status, delivery.attempts, delivery.last_status) == ("delivered", 3, 200)
    log = client_for(world.arbitrator).get(f"/api/v1/webhooks/{hook['id']}/deliveries/").json()
    assert log["results"][0]["status"] == "delivered"


def test_discord_gets_content_and_embeds(fast, world, run_on_commit, receiver_factory):
    receiver = receiver_factory()
    add(world, receiver.url, format="discord")
    report(world, run_on_commit)
    (body,) = receiver.bodies()
    assert body["content"].startswith("Battle reported") and body["embeds"][0]["fields"]


def test_repeated_failures_pause_the_webhook_and_tell_the_organiser(
    fast, world, run_on_commit, receiver_factory
):
    receiver = receiver_factory([500] * 10)
    hook = add(world, receiver.url)
    report(world, run_on_commit)
    report(world, run_on_commit, pair=(2, 3))
    paused = Webhook.objects.get(pk=hook["id"])
    assert paused.paused_at is not None and paused.failures == 2
    assert Notification.objects.filter(recipient=world.arbitrator, kind="webhook.paused").exists()
    sent = len(receiver.requests)
    report(world, run_on_commit, pair=(0, 2))
    assert len(receiver.requests) == sent  # paused: nothing more is sent


def test_only_the_arbitrators_add_webhooks(fast, world):
    response = client_for(world.players[0]).post(
        f"/api/v1/campaigns/{world.campaign.pk}/webhooks/",
        {"url": "http://127.0.0.1:9/", "format": "json"},
        format="json",
    )
    assert response.status_code == 403


def test_a_bad_format_is_a_400_naming_it(fast, world):
    response = client_for(world.arbitrator).post(
        f"/api/v1/campaigns/{world.campaign.pk}/webhooks/",
        {"url": "http://127.0.0.1:9/", "format": "xml"},
        format="json",
    )
    assert response.status_code == 400 and "format" in response.json()["errors"]


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8080/",
        "http://localhost/",
        "http://10.1.2.3/",
        "http://192.168.0.1/",
        "http://[::1]/",
        "http://169.254.169.254/latest/meta-data/",
        "http://[fd00:ec2::254]/",
        "http://0.0.0.0/",
        "ftp://example.com/",
        "http://user:pw@example.com/",
    ],
)
def test_internal_addresses_are_refused_when_saved(world, url):
    response = client_for(world.arbitrator).post(
        f"/api/v1/campaigns/{world.campaign.pk}/webhooks/",
        {"url": url, "format": "json"},
        format="json",
    )
    assert response.status_code == 400 and "url" in response.json()["errors"]


@pytest.mark.parametrize("address", ["169.254.169.254", "169.254.1.1", "fe80::1", "fd00:ec2::254"])
def test_link_local_and_metadata_stay_refused_when_private_is_allowed(settings, address):
    settings.WEBHOOK_ALLOW_PRIVATE = True
    assert ssrf.refusal(address) is not None
    assert ssrf.refusal("127.0.0.1") is None and ssrf.refusal("10.0.0.1") is None


def test_a_url_that_turned_private_since_it_was_saved_is_refused_when_sent(
    settings, world, run_on_commit, receiver_factory
):
    settings.WEBHOOK_ALLOW_PRIVATE = True
    settings.WEBHOOK_BACKOFF = 0
    receiver = receiver_factory()
    add(world, receiver.url)
    settings.WEBHOOK_ALLOW_PRIVATE = False  # as if its name now resolved to loopback
    report(world, run_on_commit)
    assert receiver.requests == []
    delivery = WebhookDelivery.objects.get()
    assert "loopback or private" in delivery.last_error


def test_no_redirect_is_followed(fast, world, run_on_commit, receiver_factory):
    elsewhere = receiver_factory()
    redirecting = receiver_factory([(307, {"Location": elsewhere.url})] * 3)
    add(world, redirecting.url)
    report(world, run_on_commit)
    assert len(redirecting.requests) == 3 and elsewhere.requests == []
    assert WebhookDelivery.objects.get().last_status == 307


def test_the_organisers_list_and_remove(fast, world, receiver_factory):
    hook = add(world, receiver_factory().url)
    client = client_for(world.arbitrator)
    assert client.delete(f"/api/v1/webhooks/{hook['id']}/").status_code == 204
    assert not Webhook.objects.exists()
    assert webhooks.sweep_webhooks() == 0


def test_a_leagues_organiser_adds_a_webhook(fast, receiver_factory):
    from leagues import services as leagues
    from tests.factories import UserFactory

    boss = UserFactory()
    league = leagues.create_league(creator=boss, name="Cup", ruleset="le-dernier-peuple")
    response = client_for(boss).post(
        f"/api/v1/leagues/{league.pk}/webhooks/",
        {"url": receiver_factory().url, "format": "json"},
        format="json",
    )
    assert response.status_code == 201, response.content


def test_a_closed_round_posts_its_standings(fast, world, run_on_commit, receiver_factory):
    """The standings come from campaigns, registered with notifications (owners.py)."""
    receiver = receiver_factory()
    add(world, receiver.url)
    round_ = world.campaign.rounds.get(status="open")
    run_on_commit(campaigns.close_round_now, round_id=round_.pk)
    (event,) = [b for b in receiver.bodies() if b["event"] == "round.closed"]
    assert event["data"]["round"] == round_.number
    assert {row["gang"] for row in event["data"]["standings"]} == {g.name for g in world.gangs}


def test_the_organiser_pauses_and_resumes_over_the_api(fast, world, receiver_factory):
    hook = add(world, receiver_factory().url)
    site = client_for(world.arbitrator)
    assert site.post(f"/api/v1/webhooks/{hook['id']}/pause/").json()["paused"] is True
    assert (
        client_for(world.players[0]).post(f"/api/v1/webhooks/{hook['id']}/resume/").status_code
        == 403
    )
    assert site.post(f"/api/v1/webhooks/{hook['id']}/resume/").json()["paused"] is False
