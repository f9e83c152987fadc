"""A kept PostgreSQL connection the server dropped is replaced before the next request's
first query (Django's CONN_HEALTH_CHECKS, set by config/env.py)."""

from __future__ import annotations

import pytest
from django.db import connection

from tests.postgres import terminate_backend

pytestmark = pytest.mark.django_db(transaction=True)


def test_health_checks_are_on():
    assert connection.settings_dict["CONN_HEALTH_CHECKS"] is True


def test_a_connection_the_server_dropped_is_not_usable_and_is_replaced():
    connection.ensure_connection()
    dropped = connection.connection.info.backend_pid
    terminate_backend(dropped)
    assert not connection.is_usable()
    connection.health_check_done = False  # what a request's start does
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != dropped
