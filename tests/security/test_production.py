"""Production checks beyond tests/foundation/: the deployment's own environment passes
``check --deploy``, every kind of response carries the security headers, the application
connects to PostgreSQL as its own role, and secrets come only from the environment.

(tests/foundation/test_settings.py runs ``check --deploy`` with hand-written production values
and proves SECRET_KEY is required; tests/foundation/test_compose.py that the compose database
user is not ``postgres``. Not repeated here.)
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

import pytest
import yaml
from django.test import Client, override_settings

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())
WEB_ENV = COMPOSE["services"]["web"]["environment"]
# What an operator exports before `docker compose up` in production (README).
OPERATOR = {
    "SECRET_KEY": "k" * 10 + "-a-long-random-production-secret-value-0987654321",
    "ALLOWED_HOSTS": "posse.example",
    "CSRF_TRUSTED_ORIGINS": "https://posse.example",
    "SECURE_SSL_REDIRECT": "true",
    "POSTGRES_PASSWORD": "from-a-secret-store",
}
SUBSTITUTION = re.compile(r"\$\{(?P<name>\w+)(?::(?P<op>[?-])(?P<arg>[^}]*))?\}")


def compose_value(raw: str, operator: dict[str, str]) -> str:
    """``${VAR}``, ``${VAR:-default}`` and ``${VAR:?message}`` as docker compose reads them."""

    def substitute(match: re.Match) -> str:
        name, op, arg = match["name"], match["op"], match["arg"]
        if operator.get(name):
            return operator[name]
        if op == "?":
            raise LookupError(f"compose refuses to start without {name}: {arg}")
        return arg or ""

    return SUBSTITUTION.sub(substitute, raw)


def deployment_env(operator: dict[str, str]) -> dict[str, str]:
    keep = {"PATH", "HOME", "LANG", "PYTHONPATH", "PYTHONDONTWRITEBYTECODE"}
    env = {k: v for k, v in os.environ.items() if k in keep}
    env.update({name: compose_value(str(value), operator) for name, value in WEB_ENV.items()})
    return env


def run_python(code: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )


# --- check --deploy on the deployment's own environment ------------------------------------------


def test_check_deploy_is_silent_with_the_compose_environment_and_an_operators_values():
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=deployment_env(OPERATOR))
    assert result.returncode == 0, result.stderr
    assert "WARNINGS" not in result.stderr


def test_the_compose_defaults_alone_only_skip_the_https_redirect():
    """Left to its defaults (a trial on http://localhost:8000), the only thing check --deploy
    has to say is that HTTP is not redirected to HTTPS: the one trade-off the default makes."""
    operator = {"SECRET_KEY": OPERATOR["SECRET_KEY"]}
    result = manage("check", "--deploy", env=deployment_env(operator))
    assert result.returncode == 0, result.stderr
    warnings = re.findall(r"\(security\.(W\d+)\)", result.stderr)
    assert warnings == ["W008"], result.stderr


# --- security headers -------------------------------------------------------------------------

PRODUCTION_SECURITY_SETTINGS = [
    "DEBUG",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "SECURE_CONTENT_TYPE_NOSNIFF",
    "SECURE_REFERRER_POLICY",
    "SECURE_CROSS_ORIGIN_OPENER_POLICY",
    "X_FRAME_OPTIONS",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
]


@pytest.fixture(scope="module")
def production_settings() -> dict:
    """The values config/settings.py itself computes from a production environment: the
    header tests below must not hand-pick them."""
    code = (
        "import json, django; from django.conf import settings; django.setup(); "
        f"print(json.dumps({{k: getattr(settings, k) for k in {PRODUCTION_SECURITY_SETTINGS!r}}}))"
    )
    env = deployment_env(OPERATOR)
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    env.pop("DATABASE_URL")  # nothing here connects; keep it from naming a host that is not here
    env.pop("REDIS_URL")
    result = run_python(code, env)
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout.strip().splitlines()[-1])
    assert values["DEBUG"] is False
    return values


def _production_client(production_settings):
    # A new client after override_settings: SecurityMiddleware reads its settings when the
    # handler is built.
    return override_settings(**production_settings), Client(HTTP_HOST="testserver")


HEADERS = {
    "Strict-Transport-Security": "max-age=31536000; includeSubDomains; preload",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path,status",
    [
        ("/api/v1/rulesets/", 200),  # public JSON
        ("/api/v1/gangs/", 401),  # refused
        ("/api/v1/nowhere/", 404),  # our JSON 404
        ("/api/schema/?format=json", 200),
        ("/api/docs/", 200),  # HTML: framing matters most here
        ("/admin/login/", 200),
        ("/healthz", 200),
    ],
)
def test_every_kind_of_response_carries_the_security_headers(production_settings, path, status):
    overridden, client = _production_client(production_settings)
    with overridden:
        response = client.get(path, secure=True)
    assert response.status_code == status, response.content[:300]
    expected = dict(HEADERS)
    if path == "/api/docs/":
        # drf-spectacular's Swagger UI relaxes COOP on purpose (its OAuth2 pop-up must talk
        # back to the page); the page stays unframeable (DENY) and serves no secrets.
        expected["Cross-Origin-Opener-Policy"] = "unsafe-none"
    for header, value in expected.items():
        assert response.headers.get(header) == value, (header, dict(response.headers))


@pytest.mark.django_db
def test_plain_http_is_redirected_to_https_and_cookies_are_secure(production_settings):
    overridden, client = _production_client(production_settings)
    with overridden:
        plain = client.get("/api/v1/rulesets/")
        page = client.get("/admin/login/", secure=True)
    assert plain.status_code == 301
    assert plain.headers["Location"] == "https://testserver/api/v1/rulesets/"
    csrf = page.cookies["csrftoken"]
    assert csrf["secure"] and csrf["samesite"] == "Lax"


@pytest.mark.django_db
def test_a_crash_is_a_bare_json_500_without_debug_details(production_settings):
    from unittest import mock

    from tests.factories import UserFactory

    overridden, client = _production_client(production_settings)
    client.raise_request_exception = False
    client.force_login(UserFactory())
    boom = RuntimeError("secret detail: postgres://posse:hunter2@db")
    with overridden, mock.patch("rosters.selectors.gang_list_first_page", side_effect=boom):
        response = client.get("/api/v1/gangs/", secure=True)
    assert response.status_code == 500
    assert response.json() == {"detail": "Server error.", "errors": {}}
    assert b"hunter2" not in response.content and b"Traceback" not in response.content


# --- the database role ------------------------------------------------------------------------


def test_the_application_connects_as_the_databases_own_role():
    """compose.yaml creates a role that owns the database and is not a superuser (a test in
    tests/foundation/ checks the name); the application must connect as that role, not as
    postgres."""
    url = urlparse(compose_value(WEB_ENV["DATABASE_URL"], OPERATOR))
    postgres_env = COMPOSE["services"]["postgres"]["environment"]
    assert url.username == postgres_env["POSTGRES_USER"] != "postgres"
    assert url.password == OPERATOR["POSTGRES_PASSWORD"]  # from the operator's environment
    assert url.path.lstrip("/") == postgres_env["POSTGRES_DB"]
    assert "ports" not in COMPOSE["services"]["postgres"]  # reachable from the app network only


# --- secrets only from the environment ---------------------------------------------------------


def test_compose_requires_the_secret_key_from_the_environment():
    assert re.fullmatch(r"\$\{SECRET_KEY:\?[^}]+\}", WEB_ENV["SECRET_KEY"])
    with pytest.raises(LookupError, match="SECRET_KEY"):
        deployment_env({})


def test_every_secret_in_compose_is_a_substitution_never_a_literal():
    secrets = re.compile(r"SECRET|PASSWORD|TOKEN|KEY", re.IGNORECASE)
    for name, service in COMPOSE["services"].items():
        for key, value in (service.get("environment") or {}).items():
            if secrets.search(key):
                assert str(value).startswith("${"), f"{name}.{key} is a literal: {value!r}"
        for key, value in (service.get("environment") or {}).items():
            for match in re.finditer(r"://[^:/@]+:([^@]+)@", str(value)):
                assert match[1].startswith("${"), f"{name}.{key} embeds a literal password"


def test_the_development_key_is_refused_when_debug_is_off():
    from django.conf import settings as dev

    env = deployment_env(OPERATOR)
    env["SECRET_KEY"] = dev.DEVELOPMENT_SECRET_KEY
    result = manage("check", env=env)
    assert result.returncode != 0
    assert "not the development key" in result.stderr


def test_no_secret_key_literal_anywhere_but_the_guarded_development_key():
    """The only SECRET_KEY-like literal in the code is the development key, which settings
    refuse when DEBUG is off (test above)."""
    assignment = re.compile(r"""\bSECRET_KEY\b\s*=\s*["']""")
    found = []
    for path in ROOT.glob("**/*.py"):
        parts = set(path.relative_to(ROOT).parts)
        if parts & {".venv", "tests", "var", "node_modules"}:
            continue
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            if assignment.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}")
    assert found == [], found
    assert "DEVELOPMENT_SECRET_KEY" in (ROOT / "config" / "settings.py").read_text()
