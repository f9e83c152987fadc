"""Game engines are pure Python: nothing below rulesets/core or rulesets/<game>/ imports Django."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "rulesets"


def engine_files():
    for path in ROOT.rglob("*.py"):
        relative = path.relative_to(ROOT)
        if len(relative.parts) == 1 or "migrations" in relative.parts:
            continue  # the Django app itself lives at rulesets/ top level
        yield path


def imported_modules(path: Path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


def test_there_are_engine_files_to_check():
    assert any(p.parent.name == "core" for p in engine_files())


def test_engines_import_nothing_from_django_or_rest_framework():
    offenders = [
        f"{path.relative_to(ROOT)} imports {module}"
        for path in engine_files()
        for module in imported_modules(path)
        if module.split(".")[0]
        in {
            "django",
            "rest_framework",
            "celery",
            "accounts",
            "rosters",
            "matches",
            "campaigns",
            "jobs",
            "config",
        }
    ]
    assert offenders == []
