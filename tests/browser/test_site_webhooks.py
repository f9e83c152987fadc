"""An organiser sends their campaign's news to Discord: Wyatt adds a webhook on the campaign's
page, copies its secret (shown this once), pauses and resumes it, and deletes it after being
asked."""

import re

from playwright.sync_api import expect

from campaigns import services as campaigns
from notifications.models import Webhook
from tests.browser.signing import sign_in
from tests.factories import UserFactory


def test_an_organiser_adds_pauses_and_deletes_a_webhook(
    new_context, shot, transactional_db, settings
):
    settings.WEBHOOK_ALLOW_PRIVATE = True  # the receiver's URL is on loopback
    wyatt = UserFactory(username="wyatt")
    campaign = campaigns.create_campaign(creator=wyatt, name="Tombstone")

    page = sign_in(new_context(viewport={"width": 390, "height": 844}), "wyatt")
    page.goto(f"/campaigns/{campaign.pk}/")
    section = page.locator("#webhooks")
    expect(section.get_by_text("No webhook yet.")).to_be_visible()
    section.get_by_label("Receiver's URL").fill("http://127.0.0.1:9/discord")
    section.get_by_label("Format").select_option("discord")
    shot(page, "the-form")
    section.get_by_role("button", name="Add the webhook").click()

    secret = Webhook.objects.get(campaign=campaign).secret
    expect(page.get_by_text(secret)).to_be_visible()
    shot(page, "the-secret-once")
    page.reload()
    expect(page.locator("#webhooks").get_by_text("http://127.0.0.1:9/discord")).to_be_visible()
    expect(page.get_by_text(secret)).to_have_count(0)
    expect(page.locator("#webhooks").get_by_text("Nothing sent yet.")).to_be_visible()

    page.locator("#webhooks").get_by_role("button", name="Pause").click()
    expect(page.locator("#webhooks").get_by_role("button", name="Resume")).to_be_visible()
    shot(page, "paused")
    page.locator("#webhooks").get_by_role("button", name="Resume").click()
    expect(page.locator("#webhooks").get_by_role("button", name="Pause")).to_be_visible()

    page.locator("#webhooks").get_by_role("link", name="Delete").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Delete the webhook")
    expect(
        page.get_by_text(re.compile("Delete the webhook to http://127.0.0.1:9/discord"))
    ).to_be_visible()
    shot(page, "asked-first")
    page.get_by_role("button", name="Delete").click()
    expect(page.get_by_text("The webhook is removed.")).to_be_visible()
    expect(page.locator("#webhooks").get_by_text("No webhook yet.")).to_be_visible()
    assert not Webhook.objects.exists()
