# Django and DRF are imported inside the fixtures so that the pure engine tests under
# tests/rulesets/ also run without Django (`pytest -p no:django tests/rulesets`).
import pytest


@pytest.fixture(autouse=True)
def _fresh_cache(request):
    if not request.config.pluginmanager.hasplugin("django"):
        yield
        return
    from django.core.cache import cache

    # Throttle counters live in the cache; one test's requests must not throttle the next.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def user(db):
    from tests.factories import UserFactory

    return UserFactory()


@pytest.fixture
def other_user(db):
    from tests.factories import UserFactory

    return UserFactory()


@pytest.fixture
def staff(db):
    from tests.factories import UserFactory

    return UserFactory(is_staff=True, is_superuser=True)


def client_for(user):
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def as_user(user):
    return client_for(user)


@pytest.fixture
def as_other(other_user):
    return client_for(other_user)


@pytest.fixture
def as_staff(staff):
    return client_for(staff)


@pytest.fixture(autouse=True)
def _tasks_in_process(request):
    """Tasks run in-process unless the test is marked ``worker``.

    With REDIS_URL set (CI), an unmarked test must not leave tasks in the broker with no one
    to run them; the marked tests switch to the real broker and start a real worker.
    """
    if not request.config.pluginmanager.hasplugin("django"):
        yield
        return
    from config.celery import app

    eager = request.node.get_closest_marker("worker") is None
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = eager
    yield
    app.conf.task_always_eager = previous


@pytest.fixture
def celery_worker_process(transactional_db):
    from tests.worker import WorkerProcess, require_worker_environment

    require_worker_environment()
    worker = WorkerProcess().start()
    yield worker
    worker.stop()


def pytest_configure(config):
    if not config.pluginmanager.hasplugin("django"):
        return
    from django.conf import settings

    # Real hashing costs ~0.5 s per user; tests need a password, not a secure one.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def seeded_catalogue(transactional_db):
    """Transactional tests flush the database afterwards, data migrations included, so they
    seed what those wrote themselves (idempotent): the Last Hope Frontier catalogue and the
    missions (the migration's own loader, with the app registry's models)."""
    import importlib

    from django.apps import apps

    from rosters.catalogue import sync_catalogue
    from rosters.models import CatalogueItem, GangRules, Role

    sync_catalogue(GangRules=GangRules, Role=Role, CatalogueItem=CatalogueItem)
    importlib.import_module("campaigns.migrations.0008_missions").load_missions(apps, None)
