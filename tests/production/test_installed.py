"""The wheel, installed outside the checkout, deployed and served as README "Running in
production" says: check --deploy, collectstatic, migrate and the demo from the install, then
gunicorn with DEBUG off behind a (pretend) TLS proxy, static files from WhiteNoise; ``posse
web`` (WSGI) for the API and pages, ``posse stream`` (ASGI) for the live tables' event streams.

The fixtures (conftest.py) build once for every test here; each test judges one step.
"""

from __future__ import annotations

import json
import re
import signal
from pathlib import Path

import httpx
import pytest
import yaml

from tests.production.build import ROOT
from tests.production.conftest import HOST

YEAR = 365 * 24 * 3600
# What the TLS proxy in front adds to every request it forwards (README; BEHIND_PROXY=true).
PROXIED = {"Host": HOST, "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"}
# Pages built from others' static files, each with one asset it cannot work without; every
# asset a page names must load.
PAGES = {
    "/api/docs/": "swagger-ui-dist/swagger-ui-bundle.",
    "/api/redoc/": "redoc/bundles/redoc.standalone.",
    "/admin/login/": "admin/css/login.",
}


def test_the_install_runs_its_own_copy_not_the_checkouts(installed):
    result = installed.run("python", "-c", "import config, web; print(config.__file__)")
    assert result.returncode == 0, result.stderr
    location = Path(result.stdout.strip())
    assert location.is_relative_to(installed.venv), location
    assert not location.is_relative_to(ROOT)


def test_check_deploy_is_clean_with_production_variables(installed):
    result = installed.run("posse", "manage", "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout, result.stdout + result.stderr


def test_a_bad_variable_stops_posse_by_name_before_anything_starts(installed):
    result = installed.run("posse", "web", WEB_CONCURRENCY="many")
    assert result.returncode != 0
    assert "WEB_CONCURRENCY='many' is not a whole number" in result.stderr


def test_collectstatic_writes_hashed_names_and_gzipped_copies(deployed):
    step = deployed.steps["collectstatic"]
    assert step.returncode == 0, step.stderr
    root = Path(deployed.install.env["STATIC_ROOT"])
    manifest = json.loads((root / "staticfiles.json").read_text())["paths"]
    hashed = manifest["admin/css/base.css"]
    assert re.fullmatch(r"admin/css/base\.[0-9a-f]{12}\.css", hashed)
    assert (root / f"{hashed}.gz").is_file()


def test_migrate_runs_on_a_fresh_database(deployed):
    step = deployed.steps["migrate"]
    assert step.returncode == 0, step.stderr
    assert "Applying accounts.0001_initial... OK" in step.stdout


def test_the_demo_loads_from_the_packaged_data(deployed):
    step = deployed.steps["seed_demo"]
    assert step.returncode == 0, step.stderr
    assert "Demo login: demo /" in step.stdout


# --- gunicorn, DEBUG off ------------------------------------------------------------------


@pytest.fixture(scope="module")
def web(server):
    with httpx.Client(base_url=server.url, headers=PROXIED, timeout=10) as client:
        yield client


def test_healthz_is_200(web):
    response = web.get("/healthz")
    assert response.status_code == 200, response.text
    assert response.json() == {"database": "ok", "broker": "in-process"}


def test_plain_http_is_sent_to_https_but_a_health_probe_is_answered(server):
    plain = {"Host": HOST}  # straight to gunicorn, not through the proxy
    with httpx.Client(base_url=server.url, headers=plain, timeout=10) as client:
        redirected = client.get("/api/docs/")
        probe = client.get("/healthz")
    assert redirected.status_code == 301
    assert redirected.headers["Location"] == f"https://{HOST}/api/docs/"
    assert probe.status_code == 200


def test_composes_web_health_check_passes_against_it(server, installed):
    """The exact command docker/compose.yaml gives the web service, pointed at this port."""
    compose = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())
    kind, *command = compose["services"]["web"]["healthcheck"]["test"]
    assert kind == "CMD"
    command[-1] = command[-1].replace("http://127.0.0.1:8000", server.url)
    assert installed.run(*command).returncode == 0


def assets(html: str) -> list[str]:
    """Every stylesheet, script and icon a page makes the browser fetch."""
    tags = re.findall(r"<(?:link|script)\b[^>]*>", html)
    return [m for tag in tags for m in re.findall(r'\b(?:href|src)="([^"]+)"', tag)]


@pytest.mark.parametrize("page,essential", PAGES.items())
def test_every_asset_of_the_page_loads_from_our_static_files(web, page, essential):
    response = web.get(page)
    assert response.status_code == 200, response.text[:500]
    found = assets(response.text)
    assert any(essential in url for url in found), found
    for url in found:
        assert url.startswith("/static/"), f"{page} loads {url} from elsewhere"
        assert_served_for_a_year(web, url)


def test_every_static_file_of_our_apps_is_served(web, deployed):
    """Pages of our own (the site's, the live table's) name their files through the manifest:
    each one collectstatic took from a local app is served, compressed and cached."""
    manifest = json.loads(
        (Path(deployed.install.env["STATIC_ROOT"]) / "staticfiles.json").read_text()
    )["paths"]
    ours = sorted(
        file.relative_to(static).as_posix()
        for static in ROOT.glob("*/static")
        if (static.parent / "__init__.py").is_file()  # an app's, not var/static
        for file in static.rglob("*")
        if file.is_file()
    )
    assert "web/site.css" in ours
    assert set(ours) <= set(manifest), set(ours) - set(manifest)
    for path in ours:
        assert_served_for_a_year(web, f"/static/{manifest[path]}")


def assert_served_for_a_year(web, url: str) -> None:
    response = web.get(url, headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200, url
    cache = response.headers["Cache-Control"]
    max_age = int(re.search(r"max-age=(\d+)", cache)[1])
    assert max_age >= YEAR and "immutable" in cache, (url, cache)
    if url.endswith((".css", ".js")):
        assert response.headers.get("Content-Encoding") == "gzip", url
    # WhiteNoise answers after SecurityMiddleware: static files get the security headers too.
    assert response.headers["X-Content-Type-Options"] == "nosniff", url
    assert "max-age=31536000" in response.headers["Strict-Transport-Security"], url


def test_the_demo_user_signs_in_to_the_admin_through_the_proxy(web):
    """Sessions and CSRF behind the TLS proxy: secure cookies, the https origin trusted."""
    form = web.get("/admin/login/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.text)[1]
    csrf_cookie = form.cookies["csrftoken"]
    assert "Secure" in form.headers["Set-Cookie"]
    signed_in = web.post(
        "/admin/login/?next=/admin/",
        data={"username": "demo", "password": "posse-demo-2026", "csrfmiddlewaretoken": token},
        headers={
            "Origin": f"https://{HOST}",
            "Referer": f"https://{HOST}/admin/login/",
            # By hand: a cookie jar keeps Secure cookies off plain http://, and the hop from
            # the proxy to gunicorn is plain.
            "Cookie": f"csrftoken={csrf_cookie}",
        },
    )
    assert signed_in.status_code == 302, signed_in.text[:500]
    assert signed_in.headers["Location"] == "/admin/"
    admin = web.get("/admin/", headers={"Cookie": f"sessionid={signed_in.cookies['sessionid']}"})
    assert admin.status_code == 200
    assert "Gangs" in admin.text


# --- posse web (WSGI) serves the API; posse stream (ASGI) the event streams ----------------


def test_posse_web_serves_the_api_with_debug_off(web, live_match):
    _, token = live_match
    auth = {"Authorization": f"Token {token}"}
    pong = web.get("/api/v1/ping/", headers=auth)
    assert pong.status_code == 200 and pong.json() == {"pong": True}
    assert web.get("/api/v1/auth/me/", headers=auth).json()["username"] == "stream-a"
    missing = web.get("/api/v1/no-such-thing/", headers=auth)
    assert missing.status_code == 404
    assert missing.headers["Content-Type"].startswith("application/json")
    assert "Traceback" not in missing.text and "DEBUG" not in missing.text


def _stream_path(live_match) -> tuple[str, dict]:
    match_id, token = live_match
    headers = {"Authorization": f"Token {token}", "Accept": "text/event-stream"}
    return f"/api/v1/matches/{match_id}/stream/", headers


def test_posse_stream_serves_a_live_stream_that_stays_open(stream_server, live_match):
    path, headers = _stream_path(live_match)
    with (
        httpx.Client(base_url=stream_server.url, headers=PROXIED, timeout=10) as client,
        client.stream("GET", path, headers=headers) as response,
    ):
        assert response.status_code == 200
        assert response.headers["Content-Type"].startswith("text/event-stream")
        assert response.headers["X-Accel-Buffering"] == "no"
        lines = response.iter_lines()
        assert next(lines) == "retry: 1000"  # the long stream's hint
        seen = []
        for line in lines:
            seen.append(line)
            if line.startswith("data: "):
                break
        assert "event: state" in seen, seen
        state = json.loads(seen[-1].removeprefix("data: "))
        assert state["status"] == "live" and state["view"] is not None  # dealt, the seat's view
    # Ended by us, not by the server: the stream was still open, waiting for the next move.


def test_a_stream_that_reaches_posse_web_is_short_and_tells_when_to_come_back(web, live_match):
    path, headers = _stream_path(live_match)
    response = web.get(path, headers=headers)  # the whole body: it ends by itself
    assert response.status_code == 200
    assert response.text.startswith("retry: 3000\n\n"), response.text[:200]
    assert response.text.count("event: state") == 1
    assert "posse.short_streams" not in response.text


def test_composes_stream_health_check_passes_against_it(stream_server, installed):
    compose = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())
    kind, *command = compose["services"]["stream"]["healthcheck"]["test"]
    assert kind == "CMD"
    command[-1] = command[-1].replace("http://127.0.0.1:8001", stream_server.url)
    assert installed.run(*command).returncode == 0


def test_gunicorn_stops_cleanly_on_sigterm(server):
    server.process.send_signal(signal.SIGTERM)
    assert server.process.wait(timeout=30) == 0
    assert "Shutting down: Master" in server.log.read_text()
