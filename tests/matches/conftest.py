import pytest

from tests.conftest import client_for
from tests.matches.factories import UserFactory, accept_all
from tests.matches.fake_game import FAKE_RULESETS


@pytest.fixture(autouse=True)
def fake_games(monkeypatch):
    """Register the fake games beside the real ones (the registry is cached, so we wrap it)."""
    from rulesets import registry

    real = registry._rulesets
    monkeypatch.setattr(registry, "_rulesets", lambda: {**real(), **FAKE_RULESETS})


@pytest.fixture
def celery_worker_process(monkeypatch, celery_worker_process_settings, celery_worker_process):
    """The shared real worker, started with settings that register the fake games in it too."""
    return celery_worker_process


@pytest.fixture
def celery_worker_process_settings(monkeypatch):
    # The worker is another process: the monkeypatch above does not reach it. These settings
    # make it import tests.matches.fake_game_worker, which registers the fake games there.
    monkeypatch.setenv("DJANGO_SETTINGS_MODULE", "tests.matches.worker_settings")


class Table:
    """A live match of Pick between alice (s1) and bob (s2), with carol watching and an admin.

    ``act`` posts an action and runs the resolution task in-process (the on_commit callbacks a
    test transaction would otherwise swallow); ``response.action`` is the action afterwards.
    """

    def __init__(self, *, capture, ruleset="fake-pick", players=2, options=None, seed=12345):
        from matches import services

        self.capture = capture
        self.users = [UserFactory() for _ in range(players)]
        self.alice, self.bob = self.users[0], self.users[1]
        self.carol = UserFactory(username="carol-outsider")
        self.staff = UserFactory(username="staff-admin", is_staff=True, is_superuser=True)
        self.clients = [client_for(u) for u in self.users]
        self.as_alice, self.as_bob = self.clients[0], self.clients[1]
        self.as_carol = client_for(self.carol)
        self.as_staff = client_for(self.staff)
        # Staff invite the players, who all accept (tests/matches/test_consent.py is where
        # invitations themselves are tested).
        self.match = accept_all(
            services.create_live_match(
                ruleset=ruleset,
                players=[u.username for u in self.users],
                options=options or {},
                seed=seed,
                created_by=self.staff,
            )
        )
        self.url = f"/api/v1/matches/{self.match.pk}/"
        self._keys = 0

    def client(self, seat: str):
        return self.clients[int(seat[1:]) - 1]

    def act(self, client, action, *, key=None, run=True, **headers):
        self._keys += 1
        key = key if key is not None else f"key-{self._keys}"
        with self.capture(execute=run):
            response = client.post(
                f"{self.url}actions/",
                action,
                format="json",
                headers={"Idempotency-Key": key, **headers},
            )
        # The callbacks run when the capture ends, after the response: read the action again.
        response.action = None
        if response.status_code in (200, 202):
            response.action = client.get(f"{self.url}actions/{response.json()['id']}/").json()
        return response

    def resign(self, client):
        with self.capture(execute=True):
            response = client.post(f"{self.url}resign/")
        response.action = None
        if response.status_code in (200, 202):
            response.action = client.get(f"{self.url}actions/{response.json()['id']}/").json()
        return response

    def state(self, client=None):
        return (client or self.as_carol).get(f"{self.url}state/").json()

    def legal(self, seat: str) -> list[dict]:
        return self.client(seat).get(f"{self.url}legal-actions/").json()["actions"]

    def refresh(self):
        self.match.refresh_from_db()
        return self.match


@pytest.fixture
def table(db, django_capture_on_commit_callbacks):
    return Table(capture=django_capture_on_commit_callbacks)


@pytest.fixture
def make_table(db, django_capture_on_commit_callbacks):
    def make(**kwargs):
        return Table(capture=django_capture_on_commit_callbacks, **kwargs)

    return make
