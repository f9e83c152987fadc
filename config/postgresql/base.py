"""Django's PostgreSQL backend, with a health check that looks at the socket before it asks
the server.

CONN_HEALTH_CHECKS (config/env.py) makes a kept connection safe after PostgreSQL restarts or
drops it: Django checks it before the first query of each request and each worker task, with a
``SELECT 1``. That round trip came before every request's own queries (one of a ping's two):
on an idle machine each one waits for PostgreSQL's process to wake (docs/performance.md,
"Turns over HTTP, fourth pass").

A connection the server has closed — a restart, ``pg_terminate_backend``, an idle timeout, a
killed backend — has something to read on its socket straight away: PostgreSQL's FATAL
message, or the end of the stream. An idle connection in good order has nothing. So the check
looks there first, without waiting: nothing to read on a connection that is open, outside a
transaction → usable; anything else → Django's ``SELECT 1`` decides, as before (it also reads
what the server sent). What neither sees: a server that vanished without closing (the network
gone), where ``SELECT 1`` waits for the TCP timeout and the query itself fails the same way.
"""

from __future__ import annotations

import select

from django.db.backends.postgresql import base
from psycopg import pq


class DatabaseWrapper(base.DatabaseWrapper):
    def is_usable(self):
        connection = self.connection
        if connection is None or connection.closed:
            return False
        if connection.pgconn.status == pq.ConnStatus.OK and (
            connection.info.transaction_status == pq.TransactionStatus.IDLE
        ):
            poller = select.poll()
            poller.register(connection.fileno(), select.POLLIN | select.POLLPRI)
            if not poller.poll(0):  # POLLERR and POLLHUP are always reported
                return True
        return super().is_usable()
