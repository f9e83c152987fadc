"""pytest plugin: without ``DATABASE_URL``, a throwaway embedded PostgreSQL for this run.

Loaded with ``-p`` (pyproject.toml), so it runs before pytest-django reads the settings;
pytest-django then creates its ``test_posse`` database on it. The server and its files
(``var/pytest-postgres/<pid>/``) go when the run ends (config/embedded_postgres.py).
"""

from __future__ import annotations

import contextlib
import os
import shutil

import pytest

from config.embedded_postgres import TEST_DATA, alive, serving

_run = contextlib.ExitStack()


def _remove_stale_runs() -> None:
    """What a run killed outright left: folders named by its process id (``<pid>``,
    ``<pid>-...``)."""
    for folder in TEST_DATA.glob("*") if TEST_DATA.exists() else ():
        pid = folder.name.split("-")[0]
        if folder.is_dir() and not (pid.isdigit() and alive(int(pid))):
            shutil.rmtree(folder, ignore_errors=True)


@pytest.hookimpl(wrapper=True)
def pytest_load_initial_conftests(early_config, parser, args):
    blocked = early_config.pluginmanager.is_blocked("django")  # `-p no:django tests/rulesets`
    if not os.environ.get("DATABASE_URL") and not blocked:
        _remove_stale_runs()
        data = TEST_DATA / str(os.getpid())
        _run.callback(shutil.rmtree, data, True)  # last: after the server has stopped
        _run.enter_context(serving(data, durable=False))
    return (yield)


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    _run.close()
