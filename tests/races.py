"""Race tests: real threads against PostgreSQL, released together from a barrier.

Row locks, not luck, must order concurrent writes. They use ``django_db(transaction=True)``:
each thread opens its own connection and must see committed data.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from django.db import connections


def in_threads(count: int, work: Callable[[int], object], *, timeout: float = 30):
    """Run ``work(index)`` in ``count`` threads at once; returns ``(results, errors)``: what
    the calls returned and what they raised, in the order they finished."""
    barrier = threading.Barrier(count)
    results, errors = [], []

    def run(index: int):
        try:
            barrier.wait()
            results.append(work(index))
        except Exception as exc:
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    return results, errors
