"""``posse <process>`` (config/processes.py): the command lines the image, compose, README and
tests/production/ start, read from the environment the way settings are."""

from __future__ import annotations

import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.processes import PROCESSES, command_line, main


def test_web_is_gunicorn_wsgi_with_threaded_workers_on_the_bind_address(monkeypatch):
    monkeypatch.setenv("BIND", "127.0.0.1:9000")
    monkeypatch.setenv("WEB_CONCURRENCY", "5")
    monkeypatch.setenv("WEB_THREADS", "6")
    command = command_line("web", [])
    # WSGI: the API and pages at twice the requests/s of ASGI workers (docs/performance.md).
    assert command[:4] == [sys.executable, "-m", "gunicorn", "config.wsgi:application"]
    assert command[command.index("--worker-class") + 1] == "gthread"
    assert command[command.index("--threads") + 1] == "6"
    assert command[command.index("--bind") + 1] == "127.0.0.1:9000"
    assert command[command.index("--workers") + 1] == "5"
    assert "--no-control-socket" in command  # two on one host must not share a socket


def test_web_defaults_to_three_workers_of_four_threads(monkeypatch):
    for name in ("BIND", "WEB_CONCURRENCY", "WEB_THREADS"):
        monkeypatch.delenv(name, raising=False)
    command = command_line("web", [])
    assert command[command.index("--workers") + 1] == "3"
    assert command[command.index("--threads") + 1] == "4"
    assert command[command.index("--bind") + 1] == "0.0.0.0:8000"


def test_stream_is_gunicorn_asgi_with_uvicorn_workers_and_no_persistent_connections(
    monkeypatch,
):
    monkeypatch.setenv("BIND", "127.0.0.1:9000")  # web's: not the stream's
    monkeypatch.setenv("STREAM_BIND", "127.0.0.1:9001")
    monkeypatch.setenv("STREAM_CONCURRENCY", "2")
    command = command_line("stream", [])
    # ASGI: a live table's event stream must not hold a worker while its page is open.
    assert command[:4] == [sys.executable, "-m", "gunicorn", "config.asgi:application"]
    assert command[command.index("--worker-class") + 1] == "uvicorn_worker.UvicornWorker"
    assert command[command.index("--bind") + 1] == "127.0.0.1:9001"
    assert command[command.index("--workers") + 1] == "2"
    envs = [command[i + 1] for i, word in enumerate(command) if word == "--env"]
    # No connection left behind per thread; a pool shared by the threads instead.
    assert envs == ["CONN_MAX_AGE=0", "DB_POOL_SIZE=4"]
    monkeypatch.setenv("STREAM_DB_POOL", "8")
    assert "DB_POOL_SIZE=8" in command_line("stream", [])
    assert "--no-control-socket" in command
    monkeypatch.delenv("STREAM_BIND")
    assert "0.0.0.0:8001" in command_line("stream", [])


def test_a_bad_worker_count_is_refused_by_name(monkeypatch):
    monkeypatch.setenv("WEB_CONCURRENCY", "0")
    with pytest.raises(ImproperlyConfigured, match="WEB_CONCURRENCY='0' must be at least 1"):
        command_line("web", [])
    monkeypatch.setenv("WEB_CONCURRENCY", "2")
    monkeypatch.setenv("WEB_THREADS", "0")
    with pytest.raises(ImproperlyConfigured, match="WEB_THREADS='0' must be at least 1"):
        command_line("web", [])
    monkeypatch.setenv("STREAM_CONCURRENCY", "x")
    with pytest.raises(ImproperlyConfigured, match="STREAM_CONCURRENCY='x' is not a whole"):
        command_line("stream", [])


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
    assert "usage: posse {web|stream|worker|beat|flower|migrate|manage}" in err
    assert "posse beat" in err and "exactly one" in err


def test_whitenoise_comes_right_after_the_security_middleware(settings):
    # Before sessions and CSRF (a static file needs neither), after SecurityMiddleware (its
    # headers, and the HTTPS redirect, apply to static files as to pages).
    security = settings.MIDDLEWARE.index("django.middleware.security.SecurityMiddleware")
    assert settings.MIDDLEWARE[security + 1] == "whitenoise.middleware.WhiteNoiseMiddleware"
