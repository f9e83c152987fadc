"""No Docker engine runs here, so check compose.yaml statically: every service runs a process
that exists (config/processes.py) on modules and settings of this repository, waits for what
it needs, and is watched by a health check. tests/production/ builds and runs the image's
contents without Docker, the web service's health check included."""

import importlib
from pathlib import Path

import pytest
import yaml

from config.processes import PROCESSES, command_line

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())
SERVICES = COMPOSE["services"]
APP = [name for name, service in SERVICES.items() if "build" in service]


def test_compose_has_every_part_of_a_deployment():
    assert {"migrate", "web", "worker", "beat", "flower", "postgres", "redis"} <= set(SERVICES)
    assert {"migrate", "web", "worker", "beat", "flower"} == set(APP)


def test_app_services_build_from_our_dockerfile_and_it_exists():
    for name in APP:
        build = SERVICES[name]["build"]
        assert (ROOT / "docker" / build["context"] / build["dockerfile"]).is_file()
        assert SERVICES[name]["image"] == "posse"  # built once, run five ways


def test_every_app_service_runs_a_posse_process():
    for name in APP:
        assert SERVICES[name]["command"][0] in PROCESSES, name


def test_the_web_service_serves_our_wsgi_application():
    command = command_line(*_command("web"))
    module, attribute = command[command.index("gunicorn") + 1].split(":")
    assert hasattr(importlib.import_module(module), attribute)
    assert command[command.index("--bind") + 1] == "0.0.0.0:8000"  # inside its container


def test_celery_services_point_at_our_celery_app():
    for name in ("worker", "beat", "flower"):
        command = command_line(*_command(name))
        assert command[1:5] == ["-m", "celery", "-A", "config"], command
    assert importlib.import_module("config.celery").app.main == "posse"


def test_the_worker_listens_on_the_queue_tasks_are_sent_to(settings):
    command = command_line(*_command("worker"))
    assert command[command.index("-Q") + 1] == settings.CELERY_TASK_DEFAULT_QUEUE


def _command(name: str) -> tuple[str, list[str]]:
    process, *extra = SERVICES[name]["command"]
    return process, extra


def test_environment_names_only_settings_we_read():
    sources = (ROOT / "config" / "settings.py").read_text()
    sources += (ROOT / "config" / "processes.py").read_text()
    env = SERVICES["web"]["environment"]
    for name in env:
        assert f'"{name}"' in sources, f"{name} is read by neither settings nor processes"
    assert env["DEBUG"] == "false"


def test_the_database_user_is_not_the_postgres_superuser():
    assert SERVICES["postgres"]["environment"]["POSTGRES_USER"] != "postgres"


@pytest.mark.parametrize("name", ["web", "worker", "flower", "postgres", "redis"])
def test_every_long_running_service_has_a_health_check(name):
    test = SERVICES[name]["healthcheck"]["test"]
    assert test[0] in {"CMD", "CMD-SHELL"} and len(test) > 1


def test_beat_is_the_one_service_without_a_health_check_and_it_restarts():
    # It serves nothing to ask (see the comment in compose.yaml).
    assert "healthcheck" not in SERVICES["beat"]
    assert SERVICES["beat"]["restart"] == "unless-stopped"


def test_only_the_migrate_service_migrates_and_the_others_wait_for_it():
    assert SERVICES["migrate"]["command"] == ["migrate"]
    assert SERVICES["migrate"]["restart"] == "no"  # a one-shot: done is done
    for name in ("web", "worker", "beat"):
        assert "migrate" not in SERVICES[name]["command"]
        waits = SERVICES[name]["depends_on"]
        assert waits["migrate"]["condition"] == "service_completed_successfully", name
        assert waits["postgres"]["condition"] == "service_healthy", name
        assert waits["redis"]["condition"] == "service_healthy", name


def test_the_image_runs_as_a_non_root_user_and_compose_keeps_it():
    instructions = [
        line.split()
        for line in (ROOT / "docker" / "Dockerfile").read_text().splitlines()
        if line.strip()
    ]
    users = [words[1] for words in instructions if words[0] == "USER"]
    assert users == ["posse"], users
    assert not any("user" in SERVICES[name] for name in APP)  # nothing puts root back


def test_web_and_flower_listen_on_loopback_only():
    # The TLS proxy is the way in; flower has no login of its own.
    for name in ("web", "flower"):
        for mapping in SERVICES[name]["ports"]:
            assert mapping.startswith("127.0.0.1:"), (name, mapping)
    assert "ports" not in SERVICES["postgres"] and "ports" not in SERVICES["redis"]
