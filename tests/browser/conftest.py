"""Browser tests: Playwright (from PyPI) driving Debian's Chromium, never a downloaded build.

A plain ``make test`` skips these when no ``chromium`` is on PATH; CI sets
``POSSE_REQUIRE_BROWSER=1`` so that a missing browser is a failure, not a skip.
Screenshots (and PDFs) go to ``var/artifacts/<test name>/`` so a person can look at them.
"""

import os
import re
import shutil
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in this thread; the Django ORM calls the tests make
# between clicks (fixtures, assertions) are still plain synchronous code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ARTIFACTS = Path(os.environ.get("POSSE_ARTIFACTS", "var/artifacts"))
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def chromium_path():
    path = shutil.which("chromium")
    if path is None:
        if os.environ.get("POSSE_REQUIRE_BROWSER"):
            pytest.fail("POSSE_REQUIRE_BROWSER is set but no `chromium` is on PATH")
        pytest.skip("no chromium on PATH (apt-get install -y chromium)")
    return path


@pytest.fixture(scope="session")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


# A string predicate given to page.wait_for_function is run with eval, which the policy
# refuses: write it as a function ("() => ...").
# Every page reports what the Content-Security-Policy refused (config/settings.py): an inline
# script or style, an event handler attribute, a file from elsewhere. Registered before any of
# the page's own scripts run, on every document the context opens.
CSP_LISTENER = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.__posseCspViolation(
    `${e.effectiveDirective} refused ${e.blockedURI || "inline"} on ${e.documentURI}` +
    (e.sample ? ` (${e.sample})` : "") + (e.sourceFile ? ` at ${e.sourceFile}:${e.lineNumber}` : "")
  );
});
"""


@pytest.fixture
def new_context(browser, live_server):
    """Make browser contexts (one per person) that refuse every request off this machine and
    fail the test on any Content-Security-Policy violation."""
    contexts = []
    violations: list[str] = []

    def make(**options):
        options.setdefault("viewport", {"width": 1280, "height": 900})
        options.setdefault("base_url", live_server.url)
        context = browser.new_context(**options)
        context.route(re.compile(r"^(?!https?://(127\.0\.0\.1|localhost)[:/]).*"), _refuse)
        context.expose_function("__posseCspViolation", lambda report: violations.append(report))
        context.add_init_script(CSP_LISTENER)
        contexts.append(context)
        return context

    make.csp_violations = violations
    yield make
    for context in contexts:
        context.close()
    assert not violations, "Content-Security-Policy violations:\n" + "\n".join(violations)


def _refuse(route):
    # A page that asks for anything off the machine is a bug (no CDN): fail loudly.
    raise AssertionError(f"request off the machine: {route.request.url}")


@pytest.fixture
def page(new_context):
    return new_context().new_page()


@pytest.fixture
def shot(request):
    """``shot(page, "step-name")`` keeps a full-page screenshot as a test artifact."""
    folder = ARTIFACTS / re.sub(r"[^\w.-]+", "_", request.node.name)
    folder.mkdir(parents=True, exist_ok=True)
    count = 0

    def take(page, name: str) -> Path:
        nonlocal count
        count += 1
        path = folder / f"{count:02d}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    take.folder = folder
    return take
