"""Signing in and registering: guarded per client, and no oracle for who has an account.

Sign-in's locks (every door, one policy) are in tests/security/test_signin_locks.py; these pin
registration's throttle, the client identity it counts by, and what registration and sign-in
may reveal.

Registration and enumeration, the decision: a registration form has to say that a name is
taken, or nobody could pick another; that is an account oracle no sign-up can avoid. So we
bound it instead of hiding it: the taken-name answer is one fixed sentence that names the
field and nothing about the account (not its case, not whether it is active); the password is
checked first, so only a request with a strong password learns anything; e-mail addresses are
not unique and reveal nothing; and register is throttled (THROTTLE_AUTH per client), which
makes harvesting names slow.
"""

from __future__ import annotations

from unittest import mock

import pytest
from django.conf import settings

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

TOKEN = "/api/v1/auth/token/"
REGISTER = "/api/v1/auth/register/"
STRONG = "a-long-fresh-password-7"


def auth_limit() -> int:
    rate = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["auth"]
    return int(rate.split("/")[0])


def sign_in(api, username, password, **extra):
    return api.post(TOKEN, {"username": username, "password": password}, format="json", **extra)


def register(api, username):
    return api.post(REGISTER, {"username": username, "password": "123"}, format="json")


def test_register_is_throttled_per_client(api):
    """Harvesting names through registration is slow: THROTTLE_AUTH per client."""
    limit = auth_limit()
    statuses = [register(api, f"name{n}").status_code for n in range(limit + 1)]
    assert statuses[:limit] == [400] * limit
    assert statuses[limit] == 429


def test_a_forged_x_forwarded_for_does_not_reset_the_register_throttle(api):
    """Without a proxy of ours in front, X-Forwarded-For is whatever the client wants it to be;
    the throttle must count REMOTE_ADDR (REST_FRAMEWORK NUM_PROXIES, set from BEHIND_PROXY)."""
    limit = auth_limit()
    statuses = [
        api.post(
            REGISTER,
            {"username": f"n{n}", "password": "123"},
            format="json",
            HTTP_X_FORWARDED_FOR=f"203.0.113.{n}",
        ).status_code
        for n in range(limit + 1)
    ]
    assert statuses[-1] == 429


def test_unknown_user_wrong_password_and_inactive_account_get_the_same_answer(api):
    UserFactory(username="doc")
    UserFactory(username="gone", is_active=False)
    answers = [
        sign_in(api, "doc", "not-it"),
        sign_in(api, "nobody", "not-it"),
        sign_in(api, "gone", PASSWORD),  # the right password of a disabled account
        sign_in(api, "DOC", "not-it"),
    ]
    assert {a.status_code for a in answers} == {400}
    assert len({a.content for a in answers}) == 1


def test_an_unknown_user_costs_a_password_hash_like_a_known_one(api):
    """The answer is the same; so is the work (Django hashes the password for an unknown user
    too), so response time is no oracle either. Counted, not timed, to stay deterministic."""
    from django.contrib.auth.hashers import get_hasher

    UserFactory(username="doc")
    hasher = type(get_hasher())
    with mock.patch.object(hasher, "encode", autospec=True, side_effect=hasher.encode) as encode:
        sign_in(api, "doc", "not-it")
        known = encode.call_count
        sign_in(api, "nobody", "not-it")
        unknown = encode.call_count - known
    assert known == unknown == 1


def test_a_taken_name_says_so_in_one_fixed_sentence_and_nothing_more(api):
    UserFactory(username="Wyatt", email="wyatt@example.com")
    UserFactory(username="ghost", is_active=False)
    answers = [
        api.post(REGISTER, {"username": name, "password": STRONG}, format="json")
        for name in ("Wyatt", "wyatt", "ghost")
    ]
    assert {a.status_code for a in answers} == {400}
    assert len({a.content for a in answers}) == 1  # not the case, not whether it is active
    assert answers[0].json() == {
        "detail": "This username cannot be used; choose another.",
        "errors": {"username": ["This username cannot be used; choose another."]},
    }


def test_without_a_strong_password_a_taken_name_and_a_free_one_look_the_same(api):
    UserFactory(username="wyatt")
    taken = api.post(REGISTER, {"username": "wyatt", "password": "123"}, format="json")
    free = api.post(REGISTER, {"username": "nobody-yet", "password": "123"}, format="json")
    assert taken.status_code == free.status_code == 400
    assert taken.json() == free.json()
    assert set(taken.json()["errors"]) == {"password"}


def test_an_email_already_in_use_reveals_nothing(api):
    UserFactory(username="wyatt", email="wyatt@example.com")
    response = api.post(
        REGISTER,
        {"username": "earp", "password": STRONG, "email": "wyatt@example.com"},
        format="json",
    )
    assert response.status_code == 201
    assert set(response.json()) == {"id", "username", "email", "is_staff", "token"}
