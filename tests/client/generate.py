"""A Python client generated from the server's own /api/schema/ by openapi-python-client.

The generator reads the schema as any client developer's would; what it cannot read (a
duplicate model name, an unresolved reference) it leaves out with a warning, and that is a
failure here. The client is written to a temporary folder and imported under its own name.
"""

from __future__ import annotations

import importlib
import shutil
import subprocess
import sys
from pathlib import Path

import httpx

PACKAGE = "posse_client"
# No post-generation hooks: the generator would run ruff over the code it wrote.
CONFIG = "post_hooks: []\n"


def generate(base_url: str, folder: Path):
    """Fetch the schema, generate the client into ``folder``, and import it."""
    schema = httpx.get(f"{base_url}/api/schema/?format=json", timeout=30)
    schema.raise_for_status()
    (folder / "schema.json").write_bytes(schema.content)
    (folder / "config.yaml").write_text(CONFIG)
    generator = shutil.which("openapi-python-client") or str(
        Path(sys.executable).with_name("openapi-python-client")
    )
    done = subprocess.run(
        [
            generator,
            "generate",
            "--path",
            str(folder / "schema.json"),
            "--output-path",
            str(folder / PACKAGE),
            "--meta",
            "none",
            "--config",
            str(folder / "config.yaml"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Warning" not in done.stdout + done.stderr, done.stdout + done.stderr
    sys.path.insert(0, str(folder))
    try:
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(f"{PACKAGE}.")]:
            del sys.modules[name]
        importlib.import_module(f"{PACKAGE}.models")  # the package's __init__ does not
        return importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(folder))
