"""No Docker engine runs here, so check compose.yaml statically: every service's command must
point at modules and settings that exist in this repository."""

import importlib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())


def test_compose_has_every_part_of_a_deployment():
    assert {"web", "worker", "beat", "postgres", "redis", "flower"} <= set(COMPOSE["services"])


def test_app_services_build_from_our_dockerfile_and_it_exists():
    for name in ("web", "worker", "beat"):
        build = COMPOSE["services"][name]["build"]
        assert (ROOT / "docker" / build["context"] / build["dockerfile"]).is_file()


def test_gunicorn_points_at_our_wsgi_application():
    command = COMPOSE["services"]["web"]["command"]
    module, attribute = command[1].split(":")
    assert hasattr(importlib.import_module(module), attribute)


def test_celery_commands_point_at_our_celery_app():
    for name in ("worker", "beat", "flower"):
        command = COMPOSE["services"][name]["command"]
        assert command[:3] == ["celery", "-A", "config"]
    assert importlib.import_module("config.celery").app.main == "posse"


def test_the_worker_listens_on_the_queue_tasks_are_sent_to(settings):
    command = COMPOSE["services"]["worker"]["command"]
    assert command[command.index("-Q") + 1] == "posse"


def test_environment_names_only_settings_we_read():
    settings_source = (ROOT / "config" / "settings.py").read_text()
    env = COMPOSE["services"]["web"]["environment"]
    for name in env:
        assert f'"{name}"' in settings_source, f"{name} is not read by config/settings.py"
    assert env["DEBUG"] == "false"


def test_the_database_user_is_not_the_postgres_superuser():
    assert COMPOSE["services"]["postgres"]["environment"]["POSTGRES_USER"] != "postgres"


def test_the_image_runs_as_a_non_root_user_behind_gunicorn():
    dockerfile = (ROOT / "docker" / "Dockerfile").read_text()
    assert "USER posse" in dockerfile
    assert "gunicorn" in dockerfile
    assert "collectstatic" in dockerfile
    entrypoint = (ROOT / "docker" / "entrypoint.sh").read_text()
    assert "migrate" in entrypoint
