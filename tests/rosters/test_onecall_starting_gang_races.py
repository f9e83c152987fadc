"""A starting gang in one call, raced from real threads against PostgreSQL.

Nothing of a gang being built is visible to another request before its transaction commits,
and every step holds the gang lock as its one-by-one call does; the name is unique per player
in the database. So racing orders never overspend, never half-write, and one name makes one
gang.
"""

import pytest
from django.db import IntegrityError
from rest_framework.exceptions import ValidationError

from rosters import services
from rosters.models import Fighter, Gang
from tests.factories import UserFactory
from tests.races import in_threads

pytestmark = [pytest.mark.django_db(transaction=True)]

ORDER = {
    "faction": "sheriffs",
    "fighters": [
        {"name": "Wyatt", "role": "leader", "equipment": ["scope-rifle", "horse"]},
        {"name": "Virgil", "role": "deputy", "equipment": ["scope-rifle"]},
        {"name": "Morgan", "role": "ganger", "equipment": ["carbine"]},
        {"name": "Warren", "role": "ganger", "equipment": ["shotgun"]},
    ],
    "stash": ["whiskey"] * 2,
}
COST = 100 + 70 + 40 + 40 + 50 + 60 + 50 + 40 + 30 + 20


def test_the_same_name_raced_makes_one_gang(seeded_catalogue, user):
    def order(_index):
        return services.create_starting_gang(owner=user, name="Racers", **ORDER)

    made, errors = in_threads(4, order, timeout=120)
    assert len(made) == 1
    # A loser that inserted before the winner committed meets the unique index (a 409 over
    # HTTP); one that came after reads the name taken (a 400 naming it). Never a second gang.
    assert len(errors) == 3
    assert all(
        isinstance(e, IntegrityError) or (isinstance(e, ValidationError) and "name" in e.detail)
        for e in errors
    )
    gang = Gang.objects.get()
    assert gang.credits == 500 - COST == services.ledger_balance(gang)
    assert Fighter.objects.count() == 4
    assert services.reconcile_credits() == []


def test_racing_orders_each_pay_from_their_own_treasury(seeded_catalogue):
    owners = [UserFactory() for _ in range(4)]

    def order(index):
        return services.create_starting_gang(owner=owners[index], name=f"Posse {index}", **ORDER)

    made, errors = in_threads(4, order, timeout=120)
    assert errors == [] and len(made) == 4
    assert sorted(Gang.objects.values_list("credits", flat=True)) == [500 - COST] * 4
    assert services.reconcile_credits() == []
