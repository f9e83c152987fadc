"""Many simultaneous purchases from real threads against one gang never overspend."""

import threading

import pytest
from django.db import connection, connections

from rosters import services
from rosters.errors import InsufficientCredits
from rosters.models import Equipment, Gang

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL (SQLite serialises every writer anyway)")


def test_concurrent_purchases_never_overspend(seeded_catalogue, user):
    gang = services.create_gang(owner=user, name="Racers", faction="bootleggers")
    start = Gang.objects.get(pk=gang.pk).credits
    price = 30  # dynamite
    attempts = start // price + 8  # more buyers than the treasury can pay for
    barrier = threading.Barrier(attempts)
    outcomes: list[str] = []

    def buyer():
        try:
            barrier.wait()
            services.purchase_item(
                gang=gang, item="dynamite", fighter_id=None, quantity=1, actor=user
            )
            outcomes.append("bought")
        except InsufficientCredits:
            outcomes.append("refused")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=buyer) for _ in range(attempts)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    gang.refresh_from_db()
    bought = outcomes.count("bought")
    assert bought == start // price
    assert outcomes.count("refused") == attempts - bought
    assert gang.credits == start - bought * price >= 0
    assert Equipment.objects.filter(gang=gang).count() == bought
    assert services.reconcile_credits() == []
