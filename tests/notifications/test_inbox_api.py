"""The inbox over the API and the pages: newest first, the unread filter, marking read, the
email choices; each person sees their own only; query budgets."""

from __future__ import annotations

import pytest

from notifications.services import Notice, notify_many
from tests.conftest import client_for
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
URL = "/api/v1/me/notifications/"


def some(user, n: int) -> None:
    notify_many(
        notices=[
            Notice(user.pk, "league.invited", {"actor": "boss", "league": f"L{i}"}, "/leagues/1/")
            for i in range(n)
        ]
    )


def test_newest_first_paginated_with_an_unread_filter(django_assert_max_num_queries):
    me = UserFactory()
    some(me, 30)
    client = client_for(me)
    with django_assert_max_num_queries(3):
        page = client.get(URL).json()
    assert page["count"] == 30 and len(page["results"]) == 25
    ids = [row["id"] for row in page["results"]]
    assert ids == sorted(ids, reverse=True)
    assert page["results"][0]["text"] == "boss invited you to the league L29."
    first = ids[0]
    assert client.post(f"{URL}{first}/read/").json()["read"] is True
    unread = client.get(URL, {"unread": "true"}).json()
    assert unread["count"] == 29 and first not in [r["id"] for r in unread["results"]]
    assert client.get(f"{URL}unread/").json() == {"count": 29}


def test_the_text_is_in_the_requests_language():
    me = UserFactory()
    some(me, 1)
    body = client_for(me).get(URL, HTTP_ACCEPT_LANGUAGE="fr").json()
    assert body["results"][0]["text"] == "boss vous a invité dans la ligue L0."


def test_a_bad_unread_filter_is_a_400_naming_it():
    response = client_for(UserFactory()).get(URL, {"unread": "maybe"})
    assert response.status_code == 400 and "unread" in response.json()["errors"]


def test_mark_all_read_and_nobody_reads_anothers(django_assert_max_num_queries):
    me, other = UserFactory(), UserFactory()
    some(me, 3)
    some(other, 1)
    theirs = other.notifications.get().pk
    client = client_for(me)
    assert client.post(f"{URL}{theirs}/read/").status_code == 404
    with django_assert_max_num_queries(2):
        assert client.post(f"{URL}read-all/").json() == {"marked": 3}
    assert client.get(f"{URL}unread/").json() == {"count": 0}
    assert other.notifications.get().read_at is None


def test_email_choices_per_category():
    me = UserFactory()
    client = client_for(me)
    url = "/api/v1/me/notification-settings/"
    before = client.get(url).json()["email"]
    assert before["invitations"] == "immediately"
    after = client.put(url, {"email": {"rounds": "daily", "turns": "never"}}, format="json")
    assert after.status_code == 200
    assert after.json()["email"] | {} == before | {"rounds": "daily", "turns": "never"}
    bad = client.put(url, {"email": {"rounds": "weekly", "nonsense": "never"}}, format="json")
    assert bad.status_code == 400
    assert set(bad.json()["errors"]) == {"email.rounds", "email.nonsense"}
    assert client.get(url).json()["email"]["rounds"] == "daily"  # nothing half-written


def test_anonymous_gets_nothing(api):
    assert api.get(URL).status_code in (401, 403)


def test_the_inbox_page_and_the_header_count(client, django_assert_max_num_queries):
    me = UserFactory()
    some(me, 4)
    client.force_login(me)
    # session, user, the page's count and rows, the header's count (and language)
    with django_assert_max_num_queries(5):
        page = client.get("/notifications/")
    text = page.content.decode()
    assert "boss invited you to the league L3." in text
    assert 'data-unread-count aria-label="unread">4</span>' in text
    first = me.notifications.order_by("-id").first()
    response = client.post(f"/notifications/{first.pk}/open/")
    assert response.status_code == 302 and response["Location"] == "/leagues/1/"
    client.post("/notifications/read-all/")
    assert "data-unread-count" in client.get("/").content.decode()
    assert me.notifications.filter(read_at__isnull=True).count() == 0


def test_the_settings_page_keeps_a_choice(client):
    me = UserFactory()
    client.force_login(me)
    client.post("/notifications/settings/", {"matches": "never"})
    assert me.notification_preferences.get(category="matches").email == "never"
