"""The share link: made once, the same after, revoked to a 404; read-only and signed out."""

from html import unescape

import pytest
from django.test import Client

from rosters import services

pytestmark = pytest.mark.django_db


def test_the_api_makes_one_link_and_revokes_it(as_user, as_other, user, gang):
    services.hire_fighter(gang=gang, name="Bob", role="leader", actor=user)
    first = as_user.post(f"/api/v1/gangs/{gang.pk}/share/")
    assert first.status_code == 200
    url = first.json()["url"]
    assert url.startswith("http://testserver/shared/")
    assert as_user.post(f"/api/v1/gangs/{gang.pk}/share/").json()["url"] == url

    anonymous = Client()
    page = anonymous.get(url)
    assert page.status_code == 200
    text = unescape(page.content.decode())
    assert "The Dalton Boys" in text and "Bob" in text
    assert user.username not in text  # nothing else of the owner
    assert "Hire a fighter" not in text and "csrfmiddlewaretoken" not in text.split("<main")[1]
    assert page["X-Robots-Tag"] == "noindex, nofollow"

    assert as_other.post(f"/api/v1/gangs/{gang.pk}/share/").status_code == 403
    assert as_other.delete(f"/api/v1/gangs/{gang.pk}/share/").status_code == 403
    assert as_user.delete(f"/api/v1/gangs/{gang.pk}/share/").status_code == 204
    assert anonymous.get(url).status_code == 404
    again = as_user.post(f"/api/v1/gangs/{gang.pk}/share/").json()["url"]
    assert again != url and anonymous.get(url).status_code == 404


def test_the_token_is_in_no_gang_response(as_user, gang):
    as_user.post(f"/api/v1/gangs/{gang.pk}/share/")
    gang.refresh_from_db()
    for path in (f"/api/v1/gangs/{gang.pk}/", "/api/v1/gangs/", f"/api/v1/gangs/{gang.pk}/export/"):
        assert gang.share_token not in as_user.get(path).content.decode()


def test_unknown_and_odd_tokens_are_404(client):
    for token in ("nope", "x" * 43, "a" * 300):
        assert client.get(f"/shared/{token}/").status_code == 404


def test_the_shared_page_keeps_its_query_budget(client, user, gang, django_assert_max_num_queries):
    from rosters import sharing

    for n in range(6):
        f = services.hire_fighter(gang=gang, name=f"G{n}", role="ganger", actor=user)
        services.purchase_item(
            gang=gang, item="switchblade", fighter_id=f.pk, quantity=1, actor=user
        )
    gang = sharing.share_gang(user=user, gang_id=gang.pk)
    with django_assert_max_num_queries(14):
        assert client.get(f"/shared/{gang.share_token}/").status_code == 200


def test_the_owner_shares_and_revokes_from_the_sheet(site, gang):
    r = site.post(f"/gangs/{gang.pk}/share/", follow=True)
    assert "Revoke the link" in r.content.decode()
    gang.refresh_from_db()
    token = gang.share_token
    assert token
    site.post(f"/gangs/{gang.pk}/share/revoke/")
    gang.refresh_from_db()
    assert gang.share_token is None
    assert Client().get(f"/shared/{token}/").status_code == 404
