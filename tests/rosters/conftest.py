import pytest

from rosters import services


@pytest.fixture
def gang(db, user):
    return services.create_gang(owner=user, name="The Dalton Boys", faction="outlawmen")


@pytest.fixture
def leader(gang, user):
    return services.hire_fighter(gang=gang, name="Bob Dalton", role="leader", actor=user)


@pytest.fixture
def ganger(gang, user):
    return services.hire_fighter(gang=gang, name="Emmett", role="ganger", actor=user)


def buy(client, gang, item, fighter=None, quantity=1):
    return client.post(
        f"/api/v1/gangs/{gang.pk}/purchases/",
        {"item": item, "fighter": fighter.pk if fighter else None, "quantity": quantity},
        format="json",
    )
