import pytest
from django.test import Client


@pytest.fixture
def site(user):
    """A browser-like client signed in as ``user``."""
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def other_site(other_user):
    client = Client()
    client.force_login(other_user)
    return client


@pytest.fixture
def gang(user):
    from rosters import services

    return services.create_gang(owner=user, name="The Dalton Boys", faction="outlawmen")
