import pytest
from django.db import connection

pytestmark = pytest.mark.django_db


def test_healthz_is_ok_in_process(client, settings):
    settings.REDIS_URL = None
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"database": "ok", "broker": "in-process"}


def test_healthz_names_an_unreachable_broker(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["failing"] == ["broker"]
    assert response.json()["database"] == "ok"


def test_healthz_names_an_unreachable_database(client, settings, monkeypatch):
    settings.REDIS_URL = None

    def broken_cursor(*args, **kwargs):
        raise connection.Database.OperationalError("connection refused")

    monkeypatch.setattr(connection, "cursor", broken_cursor)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["failing"] == ["database"]
