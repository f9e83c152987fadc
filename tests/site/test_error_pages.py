"""403, 404 and 500 in the site's own style, with DEBUG on (``make run``) as in production; the
API keeps its JSON bodies."""

import pytest
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.test import Client, RequestFactory

from config.pages import ServiceErrorPages

pytestmark = pytest.mark.django_db


@pytest.fixture(params=[True, False], ids=["debug", "production"])
def debug(request, settings):
    settings.DEBUG = request.param
    return request.param


def test_a_revoked_share_link_is_the_sites_404(debug, site, gang):
    site.post(f"/gangs/{gang.pk}/share/")
    gang.refresh_from_db()
    token = gang.share_token
    site.post(f"/gangs/{gang.pk}/share/revoke/")
    r = Client().get(f"/shared/{token}/")
    text = r.content.decode()
    assert r.status_code == 404
    assert "the link was revoked" in text and "Back to Posse" in text
    assert "DEBUG = True" not in text


def test_an_address_nothing_answers_is_the_sites_404(debug, client):
    r = client.get("/no/such/page/")
    assert r.status_code == 404 and "Back to Posse" in r.content.decode()
    r = client.get("/api/v1/no-such-thing/")
    assert r.status_code == 404 and r.json()["detail"] == "Not found."


def _through_middleware(exception, path="/gangs/1/"):
    request = RequestFactory().get(path)
    from django.contrib.auth.models import AnonymousUser

    request.user = AnonymousUser()
    return ServiceErrorPages(lambda r: None).process_exception(request, exception)


def test_under_debug_a_403_and_a_500_are_the_sites_pages(settings):
    settings.DEBUG = True
    r = _through_middleware(PermissionDenied())
    assert r.status_code == 403 and "Not allowed" in r.content.decode()
    r = _through_middleware(Http404())
    assert r.status_code == 404
    r = _through_middleware(RuntimeError("boom"))
    assert r.status_code == 500 and "Something went wrong" in r.content.decode()
    assert _through_middleware(RuntimeError("boom"), path="/api/v1/gangs/") is None


def test_in_production_the_handlers_draw_the_same_pages(client):
    from web.views import forbidden, server_error

    request = RequestFactory().get("/gangs/1/")
    from django.contrib.auth.models import AnonymousUser

    request.user = AnonymousUser()
    assert "Not allowed" in forbidden(request).content.decode()
    r = server_error(request)
    assert r.status_code == 500 and "Something went wrong" in r.content.decode()
    api = RequestFactory().get("/api/v1/gangs/")
    assert server_error(api)["Content-Type"] == "application/json"
