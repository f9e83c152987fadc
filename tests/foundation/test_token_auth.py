"""Token authentication: DRF's answers, the token and its user read in one query."""

from __future__ import annotations

import datetime

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.authentication import TokenAuthentication
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def client_with(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def test_a_token_signs_its_user_in_with_one_query(django_assert_num_queries):
    user = UserFactory(username="tok")
    token = Token.objects.create(user=user)
    authenticated, auth = TokenAuthentication().authenticate_credentials(token.key)
    assert authenticated == user and auth.key == token.key and auth.user is authenticated
    assert authenticated.username == "tok" and authenticated.is_active
    assert isinstance(authenticated.date_joined, datetime.datetime)
    assert authenticated.date_joined.tzinfo is not None  # converters applied, as the ORM does
    assert auth.created == token.created
    with django_assert_num_queries(1):
        response = client_with(token.key).get("/api/v1/auth/me/")
    assert response.status_code == 200 and response.json()["username"] == "tok"


def test_an_unknown_token_is_refused_as_drf_says():
    response = client_with("0" * 40).get("/api/v1/gangs/")
    assert response.status_code == 401
    assert response.json()["detail"] == "Invalid token."


def test_a_deactivated_user_is_refused_at_the_next_request():
    user = UserFactory()
    token = Token.objects.create(user=user)
    client = client_with(token.key)
    assert client.get("/api/v1/gangs/").status_code == 200
    user.is_active = False
    user.save()
    response = client.get("/api/v1/gangs/")
    assert response.status_code == 401
    assert response.json()["detail"] == "User inactive or deleted."


def test_a_deleted_token_is_refused_at_the_next_request():
    token = Token.objects.create(user=UserFactory())
    client = client_with(token.key)
    assert client.get("/api/v1/gangs/").status_code == 200
    token.delete()
    assert client.get("/api/v1/gangs/").status_code == 401


def test_a_quote_in_the_token_is_just_a_wrong_token():
    assert client_with("x'--").get("/api/v1/gangs/").status_code == 401
