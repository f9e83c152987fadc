"""No Docker engine runs here, so check compose.yaml statically: every service runs a process
that exists (config/processes.py) on modules and settings of this repository, waits for what
it needs, and is watched by a health check. tests/production/ builds and runs the image's
contents without Docker, the web service's health check included."""

import importlib
import re
from pathlib import Path

import pytest
import yaml
from django.urls import reverse

from config.processes import PROCESSES, command_line
from matches.views.stream import MAX_SECONDS

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())
SERVICES = COMPOSE["services"]
APP = [name for name, service in SERVICES.items() if "build" in service]


def test_compose_has_every_part_of_a_deployment():
    assert {"migrate", "web", "stream", "worker", "beat", "flower"} <= set(SERVICES)
    assert {"proxy", "postgres", "redis"} <= set(SERVICES)
    assert {"migrate", "web", "stream", "worker", "beat", "flower"} == set(APP)


def test_app_services_build_from_our_dockerfile_and_it_exists():
    for name in APP:
        build = SERVICES[name]["build"]
        assert (ROOT / "docker" / build["context"] / build["dockerfile"]).is_file()
        assert SERVICES[name]["image"] == "posse"  # built once, run six ways


def test_every_app_service_runs_a_posse_process():
    for name in APP:
        assert SERVICES[name]["command"][0] in PROCESSES, name


def test_the_web_service_serves_our_wsgi_application():
    command = command_line(*_command("web"))
    module, attribute = command[command.index("gunicorn") + 1].split(":")
    assert hasattr(importlib.import_module(module), attribute)
    assert command[command.index("--bind") + 1] == "0.0.0.0:8000"  # inside its container


def test_the_stream_service_serves_our_asgi_application():
    command = command_line(*_command("stream"))
    module, attribute = command[command.index("gunicorn") + 1].split(":")
    assert (module, attribute) == ("config.asgi", "application")
    assert hasattr(importlib.import_module(module), attribute)
    assert command[command.index("--bind") + 1] == "0.0.0.0:8001"


# --- the proxy: streams to `stream`, everything else to `web` ------------------------------

NGINX = ROOT / "docker" / "nginx.conf"


def _nginx() -> str:
    return re.sub(r"#[^\n]*", "", NGINX.read_text())


def _locations() -> dict[str, str]:
    """Each ``location`` of the proxy's server: its match (``~ regex``, ``= path`` or a
    prefix) -> its body."""
    return {
        m["match"].strip(): m["body"]
        for m in re.finditer(r"location\s+(?P<match>[^{]+)\{(?P<body>[^}]*)\}", _nginx())
    }


def _upstream(name: str) -> str:
    return re.search(rf"upstream {name}\s*\{{\s*server ([^;]+);", _nginx())[1]


def _route(path: str) -> str:
    """The upstream the proxy sends ``path`` to, as nginx picks: exact, then regex, then /."""
    locations = _locations()
    body = locations.get(f"= {path}")
    if body is None:
        regexes = [(m[1:].strip(), b) for m, b in locations.items() if m.startswith("~")]
        body = next((b for regex, b in regexes if re.search(regex, path)), locations["/"])
    found = re.search(r"proxy_pass http://(\w+);", body)
    return found[1] if found else "itself"


def test_the_proxy_is_nginx_with_our_config_and_the_published_port():
    proxy = SERVICES["proxy"]
    assert proxy["image"].startswith("nginx:")
    (volume,) = proxy["volumes"]
    source, target, mode = volume.split(":")
    assert (ROOT / "docker" / source).resolve() == NGINX and mode == "ro"
    assert target == "/etc/nginx/conf.d/default.conf"
    assert proxy["ports"] == ["127.0.0.1:8000:8080"]
    assert "listen 8080;" in _nginx()
    for name in ("web", "stream"):
        assert "ports" not in SERVICES[name], f"{name} is reached through the proxy only"
        assert proxy["depends_on"][name]["condition"] == "service_healthy"


def test_the_proxy_reaches_each_service_on_the_port_its_process_binds():
    for name in ("web", "stream"):
        command = command_line(*_command(name))
        port = command[command.index("--bind") + 1].rpartition(":")[2]
        assert _upstream(name) == f"{name}:{port}"


def test_the_proxy_sends_the_streams_to_stream_and_everything_else_to_web():
    streams = [
        reverse("match-table-stream", args=[12]),
        reverse("match-stream", args=[12]),
    ]
    assert streams == ["/matches/12/stream/", "/api/v1/matches/12/stream/"]
    for path in streams:
        assert _route(path) == "stream", path
    others = [
        reverse("healthz"),
        "/api/v1/ping/",
        "/matches/12/",
        "/matches/12/table/",
        "/api/v1/matches/12/",
        "/api/v1/matches/12/events/",
        "/admin/login/",
        "/static/web/site.css",
        "/matches/12/stream/extra",
        "/",
    ]
    for path in others:
        assert _route(path) == "web", path
    assert _route("/proxy-health") == "itself"


def test_the_proxy_lets_events_through_as_they_are_sent_and_waits_long_enough():
    (body,) = [b for m, b in _locations().items() if m.startswith("~")]
    assert re.search(r"proxy_buffering\s+off;", body)
    timeout = re.search(r"proxy_read_timeout\s+(\d+)([smh]?);", body)
    seconds = int(timeout[1]) * {"": 1, "s": 1, "m": 60, "h": 3600}[timeout[2]]
    assert seconds > MAX_SECONDS  # a stream ends by itself before the proxy gives up on it
    config = _nginx()
    # HTTP/1.1 to the upstreams, and what the TLS proxy said of the client passed on as it came.
    assert "proxy_http_version 1.1;" in config
    assert "proxy_set_header X-Forwarded-For $http_x_forwarded_for;" in config
    assert "proxy_set_header X-Forwarded-Proto $http_x_forwarded_proto;" in config


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


@pytest.mark.parametrize(
    "name", ["web", "stream", "proxy", "worker", "flower", "postgres", "redis"]
)
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
    for name in ("web", "stream", "worker", "beat"):
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


def test_the_proxy_and_flower_listen_on_loopback_only():
    # The TLS proxy is the way in; flower has no login of its own.
    for name in ("proxy", "flower"):
        for mapping in SERVICES[name]["ports"]:
            assert mapping.startswith("127.0.0.1:"), (name, mapping)
    assert "ports" not in SERVICES["postgres"] and "ports" not in SERVICES["redis"]
