"""A 403 is one log line, not a traceback.

Django logs every PermissionDenied on ``django.request`` with the exception attached, so each
refused viewer of a table page or its stream printed a traceback: noise that buries real
errors, and a cheap way to fill the logs. A refusal is an expected answer; config/log_filters.py
keeps its one line (path, status) and drops the traceback. A 500 keeps its traceback.
"""

from __future__ import annotations

import logging

import pytest
from django.test import Client

from matches import services
from tests.factories import UserFactory
from tests.matches.factories import accept_all

pytestmark = pytest.mark.django_db


def _private_match():
    alice, bob = UserFactory(), UserFactory()
    return accept_all(
        services.create_live_match(
            ruleset="le-dernier-peuple",
            players=[alice.username, bob.username],
            options={},
            created_by=alice,
        )
    )


def _outsider() -> Client:
    client = Client()
    client.force_login(UserFactory())
    return client


@pytest.mark.parametrize("suffix", ["", "table/", "stream/"])
def test_a_refused_viewer_of_a_table_is_one_log_line(suffix, caplog):
    match = _private_match()
    with caplog.at_level(logging.INFO, logger="django.request"):
        response = _outsider().get(f"/matches/{match.pk}/{suffix}")
    assert response.status_code == 403
    records = [r for r in caplog.records if r.name == "django.request"]
    assert len(records) == 1
    (record,) = records
    assert record.levelno == logging.WARNING
    assert record.exc_info is None and record.exc_text is None
    assert record.getMessage() == f"Forbidden (Permission denied): /matches/{match.pk}/{suffix}"
    assert "Traceback" not in caplog.text


def _record(exc: Exception, *, status: int | None) -> logging.LogRecord:
    try:
        raise exc
    except Exception as raised:
        record = logging.LogRecord("django.request", logging.ERROR, __file__, 1, "x", (), None)
        record.exc_info = (type(raised), raised, raised.__traceback__)
    if status is not None:
        record.status_code = status
    return record


def test_a_suspicious_request_is_one_line_too():
    from django.core.exceptions import DisallowedHost

    from config.log_filters import OneLineRefusals

    record = _record(DisallowedHost("evil.example"), status=None)  # django.security.<Name>
    assert OneLineRefusals().filter(record) is True
    assert record.exc_info is None


def test_a_server_error_keeps_its_traceback():
    from config.log_filters import OneLineRefusals

    record = _record(ValueError("boom"), status=500)
    assert OneLineRefusals().filter(record) is True
    assert record.exc_info is not None
