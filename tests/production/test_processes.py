"""``posse <process>`` (config/processes.py): the command lines the image, compose, README and
tests/production/ start, read from the environment the way settings are."""

from __future__ import annotations

import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.processes import PROCESSES, command_line, main


def test_web_is_gunicorn_on_the_bind_address_with_the_workers_asked_for(monkeypatch):
    monkeypatch.setenv("BIND", "127.0.0.1:9000")
    monkeypatch.setenv("WEB_CONCURRENCY", "5")
    command = command_line("web", [])
    assert command[:4] == [sys.executable, "-m", "gunicorn", "config.wsgi:application"]
    assert command[command.index("--bind") + 1] == "127.0.0.1:9000"
    assert command[command.index("--workers") + 1] == "5"
    assert "--no-control-socket" in command  # two on one host must not share a socket


def test_a_bad_worker_count_is_refused_by_name(monkeypatch):
    monkeypatch.setenv("WEB_CONCURRENCY", "0")
    with pytest.raises(ImproperlyConfigured, match="WEB_CONCURRENCY='0' must be at least 1"):
        command_line("web", [])


def test_words_after_the_process_go_to_its_program(settings):
    command = command_line("worker", ["--concurrency=4"])
    assert command[-3:] == ["-Q", settings.CELERY_TASK_DEFAULT_QUEUE, "--concurrency=4"]
    assert command_line("manage", ["seed_demo"])[1:] == ["-m", "django", "seed_demo"]


def test_migrate_is_its_own_process_and_nothing_else_migrates():
    assert command_line("migrate", [])[1:] == ["-m", "django", "migrate", "--noinput"]
    for name in set(PROCESSES) - {"migrate", "manage"}:
        assert "migrate" not in command_line(name, []), name


@pytest.mark.parametrize("argv", [[], ["serve"]])
def test_an_unknown_process_prints_the_list_and_exits_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "usage: posse {web|worker|beat|flower|migrate|manage}" in err
    assert "posse beat" in err and "exactly one" in err


def test_whitenoise_comes_right_after_the_security_middleware(settings):
    # Before sessions and CSRF (a static file needs neither), after SecurityMiddleware (its
    # headers, and the HTTPS redirect, apply to static files as to pages).
    security = settings.MIDDLEWARE.index("django.middleware.security.SecurityMiddleware")
    assert settings.MIDDLEWARE[security + 1] == "whitenoise.middleware.WhiteNoiseMiddleware"
