"""The health check of a kept PostgreSQL connection looks at its socket before it asks the
server (config/postgresql/base.py)."""

from __future__ import annotations

import select
from unittest import mock

import pytest
from django.db import connection, connections
from django.db.backends.postgresql.base import DatabaseWrapper as DjangoWrapper

from tests.postgres import terminate_backend

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_idle_connection_in_good_order_is_usable_without_a_round_trip():
    connection.ensure_connection()
    with mock.patch.object(DjangoWrapper, "is_usable", side_effect=AssertionError("asked")):
        assert connection.is_usable()


def test_a_connection_the_server_dropped_is_not_usable_and_is_replaced():
    connection.ensure_connection()
    dropped = connection.connection.info.backend_pid
    terminate_backend(dropped)
    assert not connection.is_usable()
    connection.health_check_done = False  # what a request's start does
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != dropped


def test_inside_a_transaction_the_server_is_asked_as_before():
    connection.ensure_connection()
    asked = []

    def ask(self):
        asked.append(True)
        return True

    with mock.patch.object(DjangoWrapper, "is_usable", ask):
        connection.set_autocommit(False)
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
            assert connection.is_usable() and asked == [True]
        finally:
            connection.rollback()
            connection.set_autocommit(True)


def test_something_to_read_on_an_idle_connection_is_left_to_the_server_to_say():
    """A message the server sent unasked (here a NOTIFY on a channel this connection listens
    to) makes the socket readable: Django's SELECT 1 decides, as before."""
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("LISTEN posse_health_test")
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            cursor.execute("NOTIFY posse_health_test")
    finally:
        other.close()
    # The notification is on its way, not yet there on a busy machine: wait for it.
    readable, _, _ = select.select([connection.connection.fileno()], [], [], 10)
    assert readable
    with mock.patch.object(DjangoWrapper, "is_usable", return_value=True) as asked:
        assert connection.is_usable()
    assert asked.called
    with connection.cursor() as cursor:
        cursor.execute("UNLISTEN posse_health_test")
