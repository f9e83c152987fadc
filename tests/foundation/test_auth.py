import pytest
from django.http import HttpRequest

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def test_register_creates_a_player_who_can_get_a_token(api):
    response = api.post(
        "/api/v1/auth/register/",
        {"username": "calamity", "password": "dusty-trail-1876", "email": "jane@example.com"},
    )
    assert response.status_code == 201, response.json()
    assert response.json()["username"] == "calamity"
    assert "password" not in response.json()

    token = api.post(
        "/api/v1/auth/token/", {"username": "calamity", "password": "dusty-trail-1876"}
    )
    assert token.status_code == 200
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.json()['token']}")
    assert api.get("/api/v1/auth/me/").json()["username"] == "calamity"


def test_register_rejects_a_weak_password_naming_the_field(api):
    response = api.post("/api/v1/auth/register/", {"username": "weak", "password": "123"})
    assert response.status_code == 400
    body = response.json()
    assert set(body) == {"detail", "errors"}
    assert "password" in body["errors"]


def test_register_rejects_a_taken_username_case_insensitively(api):
    UserFactory(username="Wyatt")
    response = api.post(
        "/api/v1/auth/register/", {"username": "wyatt", "password": "dusty-trail-1876"}
    )
    assert response.status_code == 400
    assert "username" in response.json()["errors"]


def test_register_requires_username_and_password(api):
    response = api.post("/api/v1/auth/register/", {})
    assert response.status_code == 400
    assert {"username", "password"} <= set(response.json()["errors"])


def test_register_rejects_a_bad_email(api):
    response = api.post(
        "/api/v1/auth/register/",
        {"username": "x1", "password": "dusty-trail-1876", "email": "nope"},
    )
    assert response.status_code == 400
    assert "email" in response.json()["errors"]


def test_token_gives_the_same_answer_for_unknown_user_and_wrong_password(api):
    UserFactory(username="doc")
    wrong = api.post("/api/v1/auth/token/", {"username": "doc", "password": "not-it"})
    unknown = api.post("/api/v1/auth/token/", {"username": "nobody", "password": "not-it"})
    assert wrong.status_code == unknown.status_code == 400
    assert wrong.json() == unknown.json()


def test_token_login_is_throttled(api, settings):
    UserFactory(username="doc")
    statuses = [
        api.post("/api/v1/auth/token/", {"username": "doc", "password": "guess"}).status_code
        for _ in range(25)
    ]
    assert statuses[-1] == 429


def test_session_login_works_too(client):
    UserFactory(username="ses")
    # The sign-in locks (axes) count by the request's address: authenticate needs a request.
    assert client.login(request=HttpRequest(), username="ses", password=PASSWORD)
    assert client.get("/api/v1/auth/me/").json()["username"] == "ses"


def test_a_bad_token_is_refused_with_the_error_body(api):
    api.credentials(HTTP_AUTHORIZATION="Token nonsense")
    response = api.get("/api/v1/auth/me/")
    assert response.status_code == 401
    assert set(response.json()) == {"detail", "errors"}
