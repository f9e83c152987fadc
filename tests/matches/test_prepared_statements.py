"""The live table's hot statements are prepared once per connection on PostgreSQL
(config/compiled.py ``Statement``): the same rows, the same query count on a connection's
first request as on the next, and the plain statement where a pooler could not keep them."""

from __future__ import annotations

import pytest
from django.db import connection, connections, transaction

from config.compiled import Statement
from matches import selectors, services
from tests.postgres import terminate_backend

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's"
)


def _prepared() -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM pg_prepared_statements")
        return {name for (name,) in cursor.fetchall()}


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_new_connection_prepares_again_and_counts_no_extra_query(
    table, django_assert_num_queries
):
    assert selectors.seated_live_match(table.match.pk, table.alice) is not None
    connection.close()  # as at the end of CONN_MAX_AGE: the next request opens a new one
    connection.ensure_connection()
    assert not any(name.startswith("posse_statement_") for name in _prepared())
    with django_assert_num_queries(1):  # the EXECUTE; PREPARE is connection setup
        match, _, seat = selectors.seated_live_match(table.match.pk, table.alice)
    assert seat.player_id == table.alice.pk and match.pk == table.match.pk
    assert any(name.startswith("posse_statement_") for name in _prepared())


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_transaction_keeps_the_prepared_statements(table):
    class Rollback(Exception):
        pass

    with pytest.raises(Rollback), transaction.atomic():
        services.submit_action(  # the first submit on this connection prepares it
            match=table.match.pk, player=table.alice, payload={"type": "pass"}, idempotency_key="a"
        )
        raise Rollback
    action, created = services.submit_action(
        match=table.match.pk, player=table.alice, payload={"type": "pass"}, idempotency_key="a"
    )
    assert created and action.seat == "s1"


@pytest.mark.django_db
def test_a_database_behind_a_transaction_pooler_gets_the_plain_statement(monkeypatch):
    wrapper = connections["default"]
    monkeypatch.setitem(wrapper.settings_dict, "DISABLE_SERVER_SIDE_CURSORS", True)
    statement = Statement("SELECT %s + 1", 1, "default")
    assert statement.prepare is None and statement.sql == "SELECT %s + 1"
    assert statement.fetchall([41]) == [(42,)]


@on_postgresql
@pytest.mark.django_db
def test_a_prepared_statement_answers_as_the_plain_one(django_assert_num_queries):
    statement = Statement("SELECT %s::int + %s", 2, "default")
    assert statement.sql.startswith("EXECUTE posse_statement_")
    with django_assert_num_queries(2):
        assert statement.fetchall([40, 2]) == [(42,)]
        assert statement.fetchall([1, 2]) == [(3,)]


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_connection_the_server_dropped_is_replaced_before_the_statement_is_sent():
    """A request's first query runs the health check (CONN_HEALTH_CHECKS), which replaces a
    connection PostgreSQL dropped. The statement must look for its preparation on the
    connection it will be sent on, after that check: the fault test's dropped connections
    once made it EXECUTE on a new connection a name prepared on the old one (a 500)."""
    statement = Statement("SELECT %s::int * 2", 1, "default")
    assert statement.fetchall([2]) == [(4,)]  # prepared on this connection
    dropped = connection.connection.info.backend_pid
    terminate_backend(dropped)
    connection.close_if_unusable_or_obsolete()  # what a request's start does
    assert statement.fetchall([3]) == [(6,)]
    assert connection.connection.info.backend_pid != dropped


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_resolution_sends_its_lock_and_queue_prepared(table):
    """The worker's two reads under the lock (matches/services/resolution.py) and its batch write
    are prepared on its connection too: the lock was planned longer than it ran."""
    action, _ = services.submit_action(
        match=table.match.pk, player=table.alice, payload={"type": "pass"}, idempotency_key="p"
    )
    assert services.resolve_pending_actions(up_to=action.pk) in (0, 1)  # eager mode: done
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [text for (text,) in cursor.fetchall()]
    assert any("FOR UPDATE OF" in text and "json_agg" in text for text in prepared)
    assert any("ORDER BY id" in text and "matches_matchaction" in text for text in prepared)
    # and its writes, one statement for the batch's shape (matches/services/writes.py)
    assert any(text.startswith("PREPARE") and "WITH w0 AS (UPDATE" in text for text in prepared)


@on_postgresql
@pytest.mark.django_db
def test_a_statement_without_parameters_is_prepared_too():
    statement = Statement("SELECT 6 * 7", 0, "default")
    assert statement.fetchall([]) == [(42,)]
    assert statement.fetchall([]) == [(42,)]


@on_postgresql
@pytest.mark.django_db
def test_a_statement_with_named_parameters_takes_them_from_a_dict():
    from config.compiled import NamedStatement

    statement = NamedStatement("SELECT %(a)s::int * %(b)s::int + %(a)s::int", "default")
    assert statement.statement.sql.startswith("EXECUTE posse_statement_")
    assert statement.fetchall({"a": 2, "b": 20}) == [(42,)]
