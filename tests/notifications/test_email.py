"""Email through a real SMTP server on loopback (aiosmtpd): the invited person's mailbox gets
a link that works and an unsubscribe that works by POST without signing in; a digest gathers
the day's notifications into one email; each notification is emailed once."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import urlsplit

import pytest

from campaigns import services as campaigns
from notifications import mail
from notifications.models import Notification, Preference, Reader
from notifications.services import Notice, notify_many
from rosters import services as rosters
from tests.factories import UserFactory
from tests.notifications.conftest import free_port

pytestmark = pytest.mark.django_db


def parts(message) -> dict[str, str]:
    return {
        p.get_content_type(): p.get_payload(decode=True).decode(p.get_content_charset() or "utf-8")
        for p in message.walk()
        if not p.is_multipart()
    }


def invite(run_on_commit, judge, owner, name="Deadwood"):
    campaign = campaigns.create_campaign(creator=judge, name=name)
    gang = rosters.create_gang(owner=owner, name=f"Riders of {name}", faction="sheriffs")
    run_on_commit(campaigns.request_join, campaign=campaign, gang=gang, actor=judge)
    return campaign


def test_an_invitation_reaches_the_mailbox_with_a_working_link_and_unsubscribe(
    smtp, run_on_commit, client
):
    judge, ann = UserFactory(username="judge"), UserFactory(username="ann")
    campaign = invite(run_on_commit, judge, ann)
    (message,) = smtp.to(ann.email)
    assert message["Subject"] == (
        "judge invited your gang Riders of Deadwood to the campaign Deadwood."
    )
    body = parts(message)
    assert set(body) == {"text/plain", "text/html"}
    link = f"http://127.0.0.1:8000/campaigns/{campaign.pk}/"
    assert link in body["text/plain"] and f'href="{link}"' in body["text/html"]
    client.force_login(ann)
    assert client.get(urlsplit(link).path).status_code == 200
    client.logout()

    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    unsubscribe = "".join(message["List-Unsubscribe"].split()).strip("<>")
    assert unsubscribe.startswith("http://127.0.0.1:8000/notifications/unsubscribe/")
    # What a mail provider sends for a one-click unsubscribe: a POST, no cookie, no CSRF token.
    answer = client.post(
        urlsplit(unsubscribe).path,
        "List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    assert answer.status_code == 200
    assert Preference.objects.get(user=ann, category="invitations").email == "never"
    invite(run_on_commit, judge, ann, name="Tombstone")
    assert len(smtp.to(ann.email)) == 1  # unsubscribed: the next one is in the inbox only
    assert Notification.objects.filter(recipient=ann).count() == 2


def test_a_forged_unsubscribe_link_changes_nothing(client):
    assert client.post("/notifications/unsubscribe/not-a-token/").status_code == 400


def test_the_email_is_in_the_readers_language(smtp, run_on_commit):
    judge, ann = UserFactory(username="judge"), UserFactory(username="ann")
    Reader.objects.create(user=ann, language="nl")
    invite(run_on_commit, judge, ann)
    (message,) = smtp.to(ann.email)
    assert "uitgenodigd" in message["Subject"]
    assert "Kies wat Posse je mailt" in parts(message)["text/plain"]


def test_a_digest_gathers_the_days_notifications_into_one_email(smtp, run_on_commit):
    ann = UserFactory()
    Preference.objects.create(user=ann, category="rounds", email="daily")
    notices = [
        Notice(ann.pk, "round.opened", {"campaign": f"C{i}", "number": 1}, "/campaigns/1/")
        for i in range(3)
    ]
    run_on_commit(notify_many, notices=notices)
    assert smtp.messages == []
    assert set(ann.notifications.values_list("email", flat=True)) == {"digest"}
    assert mail.send_digests() == 1
    (message,) = smtp.to(ann.email)
    assert message["Subject"] == "Posse: 3 things for you today"
    text = parts(message)["text/plain"]
    assert all(f"Round 1 of C{i} is open." in text for i in range(3))
    assert set(ann.notifications.values_list("email", flat=True)) == {"sent"}
    assert mail.send_digests() == 0 and len(smtp.messages) == 1


def test_each_notification_is_emailed_once(smtp):
    ann = UserFactory()
    (pk,) = notify_many(notices=[Notice(ann.pk, "match.finished", {"game": "G"}, "/")])
    Preference.objects.create(user=ann, category="matches", email="immediately")
    assert mail.send_one(notification_id=pk) == "sent"
    assert mail.send_one(notification_id=pk) == "done already"
    assert mail.sweep_emails() == 0
    assert len(smtp.to(ann.email)) == 1


def test_never_and_no_address_send_nothing(smtp):
    ann, nobody = UserFactory(), UserFactory(email="")
    Preference.objects.create(user=ann, category="invitations", email="never")
    ids = notify_many(
        notices=[
            Notice(u.pk, "league.invited", {"actor": "a", "league": "L"}, "/")
            for u in (ann, nobody)
        ]
    )
    assert [mail.send_one(notification_id=pk) for pk in ids] == ["skipped", "skipped"]
    assert smtp.messages == []


def test_an_unreachable_mail_server_keeps_the_email_for_the_sweep(settings, smtp):
    ann = UserFactory()
    (pk,) = notify_many(notices=[Notice(ann.pk, "turn.yours", {"game": "G"}, "/")])
    port = settings.EMAIL_PORT
    settings.EMAIL_PORT = free_port()  # nobody listens there
    assert mail.send_one(notification_id=pk) == "kept for later"
    assert Notification.objects.get(pk=pk).email == "pending"
    settings.EMAIL_PORT = port
    assert mail.sweep_emails(older_than=timedelta(0)) == 1
    assert len(smtp.to(ann.email)) == 1
