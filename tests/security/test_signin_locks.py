"""Password guessing is stopped at every door by one policy (accounts/signin.py, django-axes).

The doors: the site's form, the admin's form and the API's token endpoint. The red team sent
40 wrong passwords to the pages, each answered 200, then the right one signed in. Now: a
(username, address) pair is locked after a few failures, an address after more; the lock has
a clear message, a 429 and a Retry-After, ends by itself, looks the same for an unknown
username, and locks out only the guesser's own address.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import F
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

SITE, ADMIN, API = "/accounts/login/", "/admin/login/", "/api/v1/auth/token/"
DOORS = [SITE, ADMIN, API]
PAUSED = "Too many failed sign-ins"


def sign_in(door: str, username: str, password: str, *, client=None, **extra):
    if door == API:
        client = client or APIClient()
        data = {"username": username, "password": password}
        return client.post(door, data, format="json", **extra)
    client = client or Client()
    return client.post(door, {"username": username, "password": password}, **extra)


def signed_in(door: str, response) -> bool:
    if door == API:
        return response.status_code == 200 and "token" in response.json()
    return response.status_code == 302  # the forms redirect once signed in


def message(door: str, response) -> str:
    if door == API:
        return response.json()["detail"]
    # The page, less what differs by nature: the CSRF tokens.
    return re.sub(r"\b[A-Za-z0-9]{64}\b", "<csrf>", response.content.decode())


def guess(door: str, username: str, times: int, **extra) -> list[int]:
    return [sign_in(door, username, "not-it", **extra).status_code for _ in range(times)]


def spoofed(n: int) -> dict:
    return {"HTTP_X_FORWARDED_FOR": f"203.0.113.{n % 250}"}


@pytest.mark.parametrize("door", DOORS)
def test_forty_wrong_passwords_then_the_right_one_is_refused(door):
    UserFactory(username="doc", is_staff=True)
    statuses = [sign_in(door, "doc", f"guess-{n}", **spoofed(n)).status_code for n in range(40)]
    limit = settings.AXES_FAILURE_LIMIT
    assert 429 not in statuses[: limit - 1]
    assert set(statuses[limit - 1 :]) == {429}
    response = sign_in(door, "doc", PASSWORD, **spoofed(41))
    assert response.status_code == 429
    assert not signed_in(door, response)
    assert PAUSED in message(door, response)
    assert int(response["Retry-After"]) == int(settings.AXES_COOLOFF_TIME.total_seconds())


@pytest.mark.parametrize("door", DOORS)
def test_the_lock_ends_by_itself_after_the_cool_off(door):
    UserFactory(username="doc", is_staff=True)
    guess(door, "doc", settings.AXES_FAILURE_LIMIT + 3)  # tries during the lock do not extend it
    assert sign_in(door, "doc", PASSWORD).status_code == 429
    # The cool-off passes.
    AccessAttempt.objects.update(
        attempt_time=F("attempt_time") - settings.AXES_COOLOFF_TIME - timedelta(seconds=1)
    )
    assert signed_in(door, sign_in(door, "doc", PASSWORD))


@pytest.mark.parametrize("door", DOORS)
def test_an_unknown_username_gets_the_same_answers(door):
    UserFactory(username="wyatt", is_staff=True)
    limit = settings.AXES_FAILURE_LIMIT
    known = [sign_in(door, "wyatt", "not-it") for _ in range(limit + 1)]
    unknown = [sign_in(door, "nobody", "not-it") for _ in range(limit + 1)]
    assert [r.status_code for r in known] == [r.status_code for r in unknown]
    for k, u in zip(known, unknown, strict=True):
        assert message(door, k).replace("wyatt", "nobody") == message(door, u)
    assert known[-1].status_code == 429


@pytest.mark.parametrize("door", DOORS)
def test_a_guesser_locks_only_his_own_address(door):
    """Nobody can lock a player out: the owner, from another address, signs in."""
    UserFactory(username="doc", is_staff=True)
    guess(door, "doc", 40, REMOTE_ADDR="198.51.100.66")
    assert signed_in(door, sign_in(door, "doc", PASSWORD, REMOTE_ADDR="192.0.2.10"))


def test_one_address_spraying_many_names_is_locked_at_the_address_limit():
    UserFactory(username="doc")
    limit = settings.SIGNIN_ADDRESS_FAILURE_LIMIT
    assert limit > settings.AXES_FAILURE_LIMIT
    for n in range(limit - 1):
        assert sign_in(API, f"name{n}", "password1").status_code == 400  # one try per name
    assert sign_in(API, "one-more", "password1").status_code == 429  # the address's limit
    refused = sign_in(SITE, "doc", PASSWORD)  # any door, any name, from that address
    assert refused.status_code == 429
    assert signed_in(SITE, sign_in(SITE, "doc", PASSWORD, REMOTE_ADDR="192.0.2.10"))


def test_a_username_counts_whatever_its_case():
    UserFactory(username="doc")
    for n in range(settings.AXES_FAILURE_LIMIT):
        sign_in(API, "doc" if n % 2 else " DOC", "not-it")
    assert sign_in(API, "doc", PASSWORD).status_code == 429


def test_behind_our_proxy_the_lock_counts_the_address_the_proxy_saw(settings):
    """BEHIND_PROXY: the last X-Forwarded-For hop (our proxy's) is the client, as for the
    API's throttles; what the client wrote before it changes nothing."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    UserFactory(username="doc")
    for n in range(settings.AXES_FAILURE_LIMIT):
        forwarded = f"203.0.113.{n}, 198.51.100.7"
        sign_in(SITE, "doc", "not-it", HTTP_X_FORWARDED_FOR=forwarded)
    locked = sign_in(SITE, "doc", PASSWORD, HTTP_X_FORWARDED_FOR="10.9.9.9, 198.51.100.7")
    assert locked.status_code == 429
    elsewhere = sign_in(SITE, "doc", PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.7, 192.0.2.10")
    assert signed_in(SITE, elsewhere)


def test_the_api_lock_is_the_apis_error_body():
    UserFactory(username="doc")
    guess(API, "doc", settings.AXES_FAILURE_LIMIT)
    response = sign_in(API, "doc", PASSWORD)
    assert response.status_code == 429
    body = response.json()
    assert set(body) == {"detail", "errors"}
    assert body["errors"] == {"non_field_errors": [body["detail"]]}


def test_the_handler_reads_the_pair_then_the_address():
    """accounts/signin.py SignInLocks takes AXES_LOCKOUT_PARAMETERS in this order."""
    assert settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"], "ip_address"]
    assert settings.AXES_HANDLER == "accounts.signin.SignInLocks"
    assert settings.AUTHENTICATION_BACKENDS[0] == "axes.backends.AxesBackend"


@pytest.mark.parametrize(
    ("language", "words"),
    [("fr", "Trop de connexions échouées"), ("nl", "Te veel mislukte aanmeldingen")],
)
def test_the_lock_message_is_in_the_readers_language(language, words):
    from django.utils import translation

    from accounts.signin import lock_message

    with translation.override(language):
        message = lock_message()
    assert message.startswith(words)
