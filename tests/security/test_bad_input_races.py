"""Twenty players' clients founding the same gang at once, in different cases: the database's
case-insensitive unique index lets exactly one through, and the others get a 4xx naming the
field (the service's check, or the index's 409 when they raced past it), never a 500."""

from __future__ import annotations

import threading

import pytest
from django.db import connections
from rest_framework.test import APIClient

from rosters.models import Gang

pytestmark = [pytest.mark.django_db(transaction=True)]

CASES = 20


def test_twenty_concurrent_creates_of_one_name_in_any_case_make_one_gang(seeded_catalogue, user):
    names = [
        "".join(
            c.upper() if (i >> (k % 10)) & 1 else c.lower() for k, c in enumerate("Dalton Boys")
        )
        for i in range(CASES)
    ]
    assert len(set(names)) == CASES  # twenty spellings of one name
    barrier = threading.Barrier(CASES)
    answers: list[tuple[int, dict]] = []

    def found(name: str):
        client = APIClient()
        client.force_authenticate(user)
        client.raise_request_exception = False  # a 500 is an answer to count, not a crash
        try:
            barrier.wait()
            response = client.post("/api/v1/gangs/", {"name": name, "faction": "outlawmen"})
            body = response.json() if response["Content-Type"] == "application/json" else {}
            answers.append((response.status_code, body))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=found, args=(name,)) for name in names]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    statuses = sorted(status for status, _ in answers)
    assert len(statuses) == CASES
    assert statuses.count(201) == 1, statuses
    refused = [(status, body) for status, body in answers if status != 201]
    assert all(status in (400, 409) for status, _ in refused), statuses
    assert all(list(body["errors"]) == ["name"] for _, body in refused), refused
    assert Gang.objects.filter(owner=user).count() == 1
