"""One build for every test here: the wheel from the Docker build context, installed into a
fresh virtualenv outside the checkout (pip's cache makes it ~20 s), deployed as README
"Running in production" says (collectstatic, migrate, seed_demo) and served by ``posse web``
(WSGI) and ``posse stream`` (ASGI, the event streams).
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.production.build import ROOT, build_wheel, copy_context

HOST = "posse.example"


@pytest.fixture(scope="session")
def docker_context(tmp_path_factory) -> Path:
    return copy_context(tmp_path_factory.mktemp("context"))


@pytest.fixture(scope="session")
def wheel(docker_context, tmp_path_factory) -> Path:
    return build_wheel(docker_context, tmp_path_factory.mktemp("wheel"))


@dataclass
class Install:
    """A virtualenv with only the wheel (and its dependencies) in it, and a deployment's
    environment: nothing from the checkout or the test run's own variables."""

    home: Path
    venv: Path
    env: dict[str, str] = field(default_factory=dict)

    @property
    def bin(self) -> Path:
        return self.venv / "bin"

    def run(self, *args: str, timeout: float = 180, **extra_env) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(self.bin / args[0]), *args[1:]],
            cwd=self.home,  # outside the checkout: nothing is imported from it
            env={**self.env, **extra_env},
            capture_output=True,
            text=True,
            timeout=timeout,
        )


def _constraints(path: Path) -> Path:
    """The versions this test run uses: the install is what was tested, and pip's cache
    already holds every one of them."""
    frozen = subprocess.run(
        [sys.executable, "-m", "pip", "freeze", "--exclude-editable"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    path.write_text("\n".join(line for line in frozen if not line.startswith("posse")) + "\n")
    return path


@pytest.fixture(scope="session")
def deployment_database() -> str:
    """A database of the deployment's own on this run's PostgreSQL (the embedded server of
    `make test`, or CI's), dropped at the end."""
    import psycopg
    from django.db import connection

    from config.env import database_url

    name = f"posse_installed_{os.getpid()}"
    admin = database_url({**connection.settings_dict, "NAME": "postgres"})
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    yield database_url({**connection.settings_dict, "NAME": name})
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def installed(wheel, deployment_database, tmp_path_factory) -> Install:
    home = tmp_path_factory.mktemp("deployment")
    assert not home.is_relative_to(ROOT)
    venv = home / "venv"
    # No pip inside (it would take longer to bootstrap than the install itself): this run's pip
    # installs into it.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
    pip_env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PIP_USER"}}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            venv / "bin" / "python",
            "install",
            "--quiet",
            "--no-compile",
            "--constraint",
            _constraints(home / "constraints.txt"),
            f"{wheel}[flower]",  # as the image installs it
        ],
        env=pip_env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    env = {
        "PATH": f"{venv / 'bin'}:/usr/bin:/bin",
        "HOME": str(home),
        "LANG": "C.UTF-8",
        # README "Running in production": the variables an operator sets.
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "CSRF_TRUSTED_ORIGINS": f"https://{HOST}",
        "BEHIND_PROXY": "true",
        "DATABASE_URL": deployment_database,
        "STATIC_ROOT": str(home / "static"),
    }
    return Install(home=home, venv=venv, env=env)


@dataclass
class Deployment:
    install: Install
    steps: dict[str, subprocess.CompletedProcess]


@pytest.fixture(scope="session")
def deployed(installed) -> Deployment:
    """README's steps, in order; each result is kept for its own test to judge."""
    steps = {}
    for name, args in [
        ("collectstatic", ("posse", "manage", "collectstatic", "--noinput")),
        ("migrate", ("posse", "migrate")),
        ("seed_demo", ("posse", "manage", "seed_demo")),
    ]:
        steps[name] = installed.run(*args)
        if steps[name].returncode != 0:
            break
    return Deployment(install=installed, steps=steps)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Server:
    url: str
    process: subprocess.Popen
    log: Path


@pytest.fixture(scope="session")
def server(deployed) -> Server:
    """``posse web`` (gunicorn WSGI, DEBUG off) from the install, on a free loopback port."""
    yield from _serve(deployed, "web", "BIND", WEB_CONCURRENCY="2", WEB_THREADS="2")


@pytest.fixture(scope="session")
def stream_server(deployed) -> Server:
    """``posse stream`` (gunicorn ASGI, DEBUG off) from the install, on a free loopback port."""
    yield from _serve(deployed, "stream", "STREAM_BIND")


def _serve(deployed: Deployment, process_name: str, bind: str, **extra_env):
    install = deployed.install
    assert all(step.returncode == 0 for step in deployed.steps.values()), "deployment failed"
    port = _free_port()
    log = install.home / f"{process_name}.log"
    process = subprocess.Popen(
        [install.bin / "posse", process_name],
        cwd=install.home,
        env={**install.env, bind: f"127.0.0.1:{port}", **extra_env},
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_listening(port, process, log)
        yield Server(url=url, process=process, log=log)
    finally:
        if process.poll() is None:
            process.terminate()  # gunicorn's graceful stop
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


# Two players, a dealt live match between them, and the first one's API token, made in the
# installed deployment's database through the services (the demo has no live match).
LIVE_MATCH = """
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from matches import services
from matches.models import Participant
User = get_user_model()
a, b = (User.objects.create(username=name) for name in ("stream-a", "stream-b"))
match = services.create_live_match(
    ruleset="le-dernier-peuple", players=["stream-a", "stream-b"], options={}, created_by=a
)
for seat in match.participants.filter(consent=Participant.Consent.AWAITING):
    services.accept_match(match=match, player=seat.player)
print(match.pk, Token.objects.create(user=a).key)
"""


@pytest.fixture(scope="session")
def live_match(deployed) -> tuple[int, str]:
    """(match id, a player's token) in the deployment's database."""
    result = deployed.install.run("posse", "manage", "shell", "-c", LIVE_MATCH)
    assert result.returncode == 0, result.stderr[-3000:]
    match_id, token = result.stdout.split()[-2:]
    return int(match_id), token


def _wait_until_listening(port: int, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"posse exited:\n{log.read_text()[-3000:]}")
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise RuntimeError(f"posse did not listen within 60 s:\n{log.read_text()[-3000:]}")
