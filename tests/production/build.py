"""What a production build is made of, computed the way the build computes it.

``docker_context`` is the checkout as ``docker build`` sees it (``.dockerignore`` applied);
the wheel is built from that copy, so what the wheel holds is what the image installs.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "docker" / "Dockerfile"


@cache
def dockerignore_patterns() -> tuple[re.Pattern, ...]:
    """.dockerignore's lines as Docker reads them (Go's filepath.Match plus ``**``): paths
    relative to the context, ``*`` within one name, ``**`` across any number of directories,
    a directory's pattern excluding everything below it."""
    patterns = []
    for raw in (ROOT / ".dockerignore").read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        # Exceptions would make a directory's exclusion depend on what is below it; the file
        # promises not to use them, and this reader refuses them rather than misreading one.
        assert not line.startswith("!"), f".dockerignore: exceptions are not supported: {line}"
        patterns.append(re.compile(_translate(line.strip("/"))))
    return tuple(patterns)


def _translate(pattern: str) -> str:
    out, i = [], 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    # A match on a directory excludes what is inside it.
    return "^" + "".join(out) + "(?:/.*)?$"


def ignored(relative: str) -> bool:
    return any(pattern.match(relative) for pattern in dockerignore_patterns())


def context_files(root: Path = ROOT) -> list[str]:
    """Every file ``docker build`` sends from ``root``, relative, sorted."""
    found = []
    for directory, dirs, files in os.walk(root):
        base = Path(directory).relative_to(root)
        dirs[:] = sorted(d for d in dirs if not ignored((base / d).as_posix()))
        found += [(base / f).as_posix() for f in files if not ignored((base / f).as_posix())]
    return sorted(found)


def copy_context(destination: Path) -> Path:
    for relative in context_files():
        target = destination / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / relative, target)
    return destination


def build_wheel(source: Path, out: Path) -> Path:
    """``pip wheel --no-deps``, as the Dockerfile's build stage runs it."""
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", out, source],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    (wheel,) = out.glob("posse-*.whl")
    return wheel


def dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) for each instruction, continuation lines joined."""
    text = re.sub(r"\\\n", " ", DOCKERFILE.read_text())
    instructions = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keyword, _, rest = line.partition(" ")
            instructions.append((keyword.upper(), " ".join(rest.split())))
    return instructions
