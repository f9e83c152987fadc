import pytest

from tests.admin.world import build_world


@pytest.fixture
def world(db):
    return build_world()


@pytest.fixture
def signed_in(client):
    """``signed_in(user)``: the test client, signed in as that user (or anonymous for None)."""

    def sign_in(user):
        client.logout()
        if user is not None:
            client.force_login(user)
        return client

    return sign_in
