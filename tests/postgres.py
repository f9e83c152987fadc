"""Helpers for tests of PostgreSQL's own behaviour."""

from __future__ import annotations

import time

from django.db import connections


def terminate_backend(pid: int, alias: str = "default") -> None:
    """Have the server drop a session, and wait until it has: ``pg_terminate_backend`` only
    signals it, and the session reads the signal a moment later."""
    other = connections.create_connection(alias)
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
            for _ in range(500):
                cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [pid])
                if cursor.fetchone()[0] == 0:
                    return
                time.sleep(0.01)
        raise AssertionError(f"backend {pid} still there after 5 s")
    finally:
        other.close()
