"""Settings parsing: good values are read, bad values stop start-up naming the variable."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import (
    database_config,
    database_url,
    env_bool,
    env_int,
    env_list,
    env_origins,
    redis_url,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("raw,expected", [("true", True), ("1", True), ("No", False), ("", False)])
def test_booleans_are_read(raw, expected):
    assert env_bool("DEBUG", True, environ={"DEBUG": raw}) is expected


def test_a_bad_boolean_names_the_variable():
    with pytest.raises(ImproperlyConfigured, match="DEBUG"):
        env_bool("DEBUG", True, environ={"DEBUG": "flase"})


def test_a_bad_integer_names_the_variable():
    with pytest.raises(ImproperlyConfigured, match="SECURE_HSTS_SECONDS"):
        env_int("SECURE_HSTS_SECONDS", 0, environ={"SECURE_HSTS_SECONDS": "a year"})


def test_lists_are_split_on_commas():
    assert env_list("ALLOWED_HOSTS", [], environ={"ALLOWED_HOSTS": "a.com, b.com,"}) == [
        "a.com",
        "b.com",
    ]


def test_csrf_origins_need_a_scheme():
    with pytest.raises(ImproperlyConfigured, match="CSRF_TRUSTED_ORIGINS"):
        env_origins("CSRF_TRUSTED_ORIGINS", environ={"CSRF_TRUSTED_ORIGINS": "posse.example"})


def test_postgres_urls_are_read_over_tcp_and_unix_sockets():
    pg = database_config("postgres://postgres@127.0.0.1:5432/posse")
    assert pg["ENGINE"] == "django.db.backends.postgresql"
    assert pg["NAME"] == "posse"
    socket = database_config("postgres://postgres@%2FHome%2Fvar%2Fpostgres/posse")
    assert (socket["HOST"], socket["PORT"], socket["NAME"]) == ("/Home/var/postgres", "", "posse")


@pytest.mark.parametrize(
    "url", ["postgres://u:p%40ss@db.example:6432/x", "postgres://postgres@%2Fsrv%2Fpg/posse"]
)
def test_a_database_url_survives_settings_and_back(url):
    assert database_config(database_url(database_config(url))) == database_config(url)


@pytest.mark.parametrize(
    "url", ["sqlite:////tmp/x.sqlite3", "mysql://x@y/z", "nonsense", "postgres://u@h:5432/"]
)
def test_unsupported_database_urls_are_refused(url):
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        database_config(url)


def test_redis_url_must_be_redis():
    assert redis_url(environ={"REDIS_URL": ""}) is None
    assert redis_url(environ={"REDIS_URL": "redis://127.0.0.1:6379/0"}).startswith("redis://")
    with pytest.raises(ImproperlyConfigured, match="REDIS_URL"):
        redis_url(environ={"REDIS_URL": "http://127.0.0.1:6379"})


UNUSED = "postgres://postgres@127.0.0.1:5432/posse_unused"


def _manage(*args, **env):
    # DJANGO_ALLOW_ASYNC_UNSAFE is the browser harness's, for this test process only
    # (tests/browser/conftest.py); a deployment check inheriting it fails on async.E001.
    dropped = {"DATABASE_URL", "REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    environ = {k: v for k, v in os.environ.items() if k not in dropped}
    # Named, so manage.py starts no embedded server; these commands never connect to it.
    environ["DATABASE_URL"] = UNUSED
    environ.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=environ, capture_output=True, text=True
    )


def test_secret_key_is_required_when_debug_is_off():
    result = _manage("check", DEBUG="false")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_check_deploy_is_silent_with_production_values():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="false",
        SECRET_KEY="x" * 20 + "a-long-random-production-secret-value-1234567890",
        ALLOWED_HOSTS="posse.example",
        CSRF_TRUSTED_ORIGINS="https://posse.example",
    )
    assert result.returncode == 0, result.stderr
    assert "WARNINGS" not in result.stderr


POOL_PROBE = (
    "from django.conf import settings; from django.db import connection; "
    "db = settings.DATABASES['default']; "
    "print(db['CONN_MAX_AGE'], db['OPTIONS'].get('pool', {}).get('max_size'))"
)


def test_a_pool_replaces_persistent_connections_on_postgresql():
    result = _manage(
        "shell",
        "-c",
        POOL_PROBE,
        DB_POOL_SIZE="3",
    )
    assert result.returncode == 0, result.stderr
    # Django's pool requires CONN_MAX_AGE=0.
    assert result.stdout.splitlines()[-1].split() == ["0", "3"]
    default = _manage("shell", "-c", POOL_PROBE)
    assert default.stdout.splitlines()[-1].split() == ["60", "None"]


def test_pooled_connections_serve_queries_from_many_threads():
    probe = (
        "from concurrent.futures import ThreadPoolExecutor; from django.db import connection\n"
        "def q(_):\n"
        "    with connection.cursor() as c: c.execute('SELECT 1'); v = c.fetchone()[0]\n"
        "    connection.close(); return v\n"
        "print(sum(ThreadPoolExecutor(6).map(q, range(30))))"
    )
    env = {"DATABASE_URL": os.environ["DATABASE_URL"], "DB_POOL_SIZE": "2"}
    result = _manage("shell", "-c", probe, **env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "30"
