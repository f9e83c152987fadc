"""Many simultaneous purchases from real threads against one gang never overspend."""

import pytest

from rosters import services
from rosters.errors import InsufficientCredits
from rosters.models import Equipment, Gang
from tests.races import in_threads

pytestmark = [pytest.mark.django_db(transaction=True)]


def test_concurrent_purchases_never_overspend(seeded_catalogue, user):
    gang = services.create_gang(owner=user, name="Racers", faction="bootleggers")
    start = Gang.objects.get(pk=gang.pk).credits
    price = 30  # dynamite
    attempts = start // price + 8  # more buyers than the treasury can pay for

    def buyer(_index):
        services.purchase_item(gang=gang, item="dynamite", fighter_id=None, quantity=1, actor=user)
        return "bought"

    outcomes, errors = in_threads(attempts, buyer, timeout=None)
    assert all(isinstance(e, InsufficientCredits) for e in errors)
    outcomes += ["refused"] * len(errors)

    gang.refresh_from_db()
    bought = outcomes.count("bought")
    assert bought == start // price
    assert outcomes.count("refused") == attempts - bought
    assert gang.credits == start - bought * price >= 0
    assert Equipment.objects.filter(gang=gang).count() == bought
    assert services.reconcile_credits() == []
