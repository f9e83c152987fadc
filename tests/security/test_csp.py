"""Every HTML response carries a Content-Security-Policy that runs no inline script without
the response's nonce (config/settings.py CONTENT_SECURITY_POLICY).

The browser tests (tests/browser/conftest.py) fail on any violation a page reports; these
check the header on each kind of page, and that no template brings back what the policy
refuses (an inline script or style without the nonce, an event handler or style attribute).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["/", "/accounts/login/", "/admin/login/", "/api/docs/", "/api/redoc/"]


def policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {
        part.split()[0]: part.split()[1:] for part in (p.strip() for p in header.split(";")) if part
    }


@pytest.mark.parametrize("path", PAGES)
def test_each_kind_of_page_carries_the_policy(path):
    response = Client().get(path)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    directives = policy(response)
    assert "'unsafe-inline'" not in directives["script-src"]
    if path != "/api/redoc/":  # Redoc's bundle adds its own <style> elements (config/urls.py)
        assert "'unsafe-inline'" not in directives["style-src"]
    assert "'unsafe-eval'" not in directives["script-src"]
    assert directives["object-src"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"]


def test_signed_in_pages_and_the_admin_carry_it_too():
    client = Client()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    for path in ["/gangs/", "/admin/"]:
        response = client.get(path)
        assert response.status_code == 200, path
        assert "'unsafe-inline'" not in policy(response)["script-src"]


@pytest.mark.parametrize("path", ["/api/docs/", "/api/redoc/"])
def test_the_api_docs_inline_blocks_carry_the_nonce(path):
    response = Client().get(path)
    nonces = [s for s in policy(response)["script-src"] if s.startswith("'nonce-")]
    body = response.content.decode()
    for tag in re.findall(r"<(?:script|style)\b[^>]*>", body):
        if "src=" in tag:
            continue
        assert nonces and f'nonce="{nonces[0][7:-1]}"' in tag, tag


def _templates():
    for path in ROOT.rglob("templates/**/*.html"):
        if not {".venv", "var", "node_modules"} & set(path.parts):
            yield path


def test_no_template_has_what_the_policy_refuses():
    """Inline scripts and styles only with the nonce; no event handler attributes (onclick=),
    no style attributes, no javascript: URLs. Behaviour lives in static files."""
    found = []
    for path in _templates():
        text = path.read_text()
        for tag in re.findall(r"<(?:script|style)\b[^>]*>", text):
            if "src=" not in tag and "CSP_NONCE" not in tag:
                found.append(f"{path}: {tag}")
        for match in re.finditer(r"""\s(on[a-z]+|style)\s*=\s*["']|javascript:""", text):
            found.append(f"{path}: {match.group(0).strip()}")
    assert not found, "\n".join(found)
