"""Webhooks on the organiser's pages: the same services as the API, for whoever the campaign's
or league's access module lets manage them."""

from __future__ import annotations

from html import unescape

import pytest
from django.test import Client

from notifications import webhooks
from notifications.models import Webhook, WebhookDelivery
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def private(settings):
    settings.WEBHOOK_ALLOW_PRIVATE = True  # a loopback receiver's URL
    settings.WEBHOOK_PAUSE_AFTER = 2


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return unescape(response.content.decode())


def test_the_organiser_adds_a_webhook_and_sees_its_secret_once(private, world):
    site, page = _client(world.arbitrator), f"/campaigns/{world.campaign.pk}/"
    assert "Add a webhook" in _page(site, page)
    response = site.post(
        f"/webhooks/campaign/{world.campaign.pk}/add/",
        {"url": "http://127.0.0.1:9/hook", "format": "discord"},
    )
    assert response.status_code == 302 and response["Location"].endswith("#webhooks")
    hook = Webhook.objects.get(campaign=world.campaign)
    assert hook.secret in _page(site, page)
    again = _page(site, page)
    assert hook.secret not in again and "http://127.0.0.1:9/hook" in again


def test_a_refused_url_comes_back_next_to_its_field_as_a_400(settings, world):
    settings.WEBHOOK_ALLOW_PRIVATE = False
    site = _client(world.arbitrator)
    response = site.post(
        f"/webhooks/campaign/{world.campaign.pk}/add/",
        {"url": "http://10.0.0.1/hook", "format": "json"},
    )
    assert response.status_code == 400
    text = unescape(response.content.decode())
    assert 'id="id_url_error"' in text and "This URL is refused" in text
    bad_format = site.post(
        f"/webhooks/campaign/{world.campaign.pk}/add/", {"url": "http://x.test/", "format": "xml"}
    )
    assert bad_format.status_code == 400 and 'id="id_format_error"' in bad_format.content.decode()
    assert not Webhook.objects.exists()


def test_a_player_sees_no_webhooks_and_may_add_none(private, world):
    player = world.players[0]
    site = _client(player)
    assert "Webhooks" not in _page(site, f"/campaigns/{world.campaign.pk}/")
    response = site.post(
        f"/webhooks/campaign/{world.campaign.pk}/add/",
        {"url": "http://127.0.0.1:9/hook", "format": "json"},
    )
    assert response.status_code == 403
    assert "arbitrators manage its webhooks" in unescape(response.content.decode())
    hook, _secret = webhooks.add_webhook(
        actor=world.arbitrator, url="http://127.0.0.1:9/h", format="json", campaign=world.campaign
    )
    assert site.post(f"/webhooks/{hook.pk}/pause/").status_code == 403
    assert site.post(f"/webhooks/{hook.pk}/delete/").status_code == 403
    assert Webhook.objects.filter(pk=hook.pk, paused_at__isnull=True).exists()


def test_pause_resume_and_delete_asks_first(private, world):
    site = _client(world.arbitrator)
    hook, _secret = webhooks.add_webhook(
        actor=world.arbitrator, url="http://127.0.0.1:9/h", format="json", campaign=world.campaign
    )
    site.post(f"/webhooks/{hook.pk}/pause/")
    hook.refresh_from_db()
    assert hook.paused_at is not None
    assert "Resume" in _page(site, f"/campaigns/{world.campaign.pk}/")
    site.post(f"/webhooks/{hook.pk}/resume/")
    hook.refresh_from_db()
    assert hook.paused_at is None
    question = _page(site, f"/webhooks/{hook.pk}/delete/")
    assert "Delete the webhook to http://127.0.0.1:9/h" in question
    assert Webhook.objects.filter(pk=hook.pk).exists()  # asking deleted nothing
    assert site.post(f"/webhooks/{hook.pk}/delete/").status_code == 302
    assert not Webhook.objects.filter(pk=hook.pk).exists()


def test_the_log_shows_the_last_answer_and_the_pause_after_failures(private, world):
    hook, _secret = webhooks.add_webhook(
        actor=world.arbitrator, url="http://127.0.0.1:9/h", format="json", campaign=world.campaign
    )
    WebhookDelivery.objects.create(
        webhook=hook,
        event="battle.reported",
        key="k1",
        body={},
        status="given_up",
        attempts=6,
        last_status=500,
        last_error="answered 500",
    )
    Webhook.objects.filter(pk=hook.pk).update(failures=2, paused_at="2026-12-01T10:00Z")
    page = _page(_client(world.arbitrator), f"/campaigns/{world.campaign.pk}/")
    assert "battle.reported" in page and "answered 500" in page
    assert "Paused after 2 deliveries failed in a row" in page


def test_a_leagues_organiser_manages_its_webhooks_on_its_page(private):
    from leagues import services as leagues

    boss, member = UserFactory(), UserFactory()
    league = leagues.create_league(creator=boss, name="Cup", ruleset="le-dernier-peuple")
    site = _client(boss)
    response = site.post(
        f"/webhooks/league/{league.pk}/add/", {"url": "http://127.0.0.1:9/l", "format": "json"}
    )
    assert response["Location"] == f"/leagues/{league.pk}/#webhooks"
    assert "http://127.0.0.1:9/l" in _page(site, f"/leagues/{league.pk}/")
    assert "Webhooks" not in _page(_client(member), f"/leagues/{league.pk}/")
    assert site.post("/webhooks/gang/1/add/", {}).status_code == 404


@pytest.mark.parametrize(
    ("language", "words"), [("fr", "Ajouter un webhook"), ("nl", "Een webhook toevoegen")]
)
def test_the_webhook_section_speaks_french_and_dutch(private, world, language, words):
    site = _client(world.arbitrator)
    site.cookies["django_language"] = language
    assert words in _page(site, f"/campaigns/{world.campaign.pk}/")
