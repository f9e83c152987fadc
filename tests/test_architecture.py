"""The arrows between apps, and the size of a module, checked from the source (like the
engine-purity test): who may import whom, and that no module grows past one reader's room."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APPS = ("accounts", "jobs", "rosters", "campaigns", "matches", "leagues", "web")
CHECKED = (*APPS, "config", "rulesets", "ranking")
MAX_LINES = 400
# A module over the limit is listed here, with the reason it may be.
LONG_MODULES = {
    "rosters/models.py": "one app's models with their constraints; each class is short",
}


def source_files(*tops: str):
    for top in tops:
        for path in sorted((ROOT / top).rglob("*.py")):
            if "migrations" not in path.relative_to(ROOT).parts:
                yield path


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path):
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    return imported_names(path.read_text(), package)


def imported_names(source: str, package: list[str]):
    """Every module ``source`` imports, at the top or inside a function, as absolute names; a
    ``from package import name`` also yields ``package.name`` (it may be a submodule)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package[: len(package) - node.level + 1], base]).strip(".")
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def offenders(tops, forbidden):
    return sorted(
        f"{path.relative_to(ROOT)} imports {name}"
        for path in source_files(*tops)
        for name in set(imports(path))
        if name.split(".")[0] in forbidden
    )


def test_rosters_imports_no_competition_or_match():
    """Rosters stands alone: other apps extend it through rosters.access, never the reverse."""
    assert offenders(["rosters"], {"campaigns", "leagues", "matches"}) == []


def test_leagues_imports_nothing_from_campaigns():
    assert offenders(["leagues"], {"campaigns"}) == []


def test_ranking_is_pure_python():
    assert (
        offenders(["ranking"], {*CHECKED, "django", "rest_framework", "celery"} - {"ranking"}) == []
    )


def is_submodule(name: str) -> bool:
    return (ROOT / (name.replace(".", "/") + ".py")).exists() or (
        ROOT / name.replace(".", "/") / "__init__.py"
    ).exists()


def services_internals(names, *, own: str) -> list[str]:
    """The names that reach into another app's services package past its __init__."""
    found = []
    for name in names:
        parts = name.split(".")
        if (
            len(parts) > 2
            and parts[0] in APPS
            and parts[0] != own
            and parts[1] == "services"
            and is_submodule(".".join(parts[:3]))
        ):
            found.append(name)
    return found


def test_no_app_imports_another_apps_services_internals():
    """Another app calls ``<app>.services`` (the verbs its __init__ re-exports), never one of
    the package's modules: they are free to move inside the app."""
    found = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in source_files(*APPS)
        for name in services_internals(set(imports(path)), own=module_name(path).split(".")[0])
    ]
    assert sorted(found) == []


def test_the_import_rules_see_lazy_imports_and_submodules():
    source = (
        "from rosters import services\n"
        "from rosters.services import purchase_item\n"
        "def f():\n"
        "    from campaigns.selectors import arbitrates_gang\n"
        "    from rosters.services import flips\n"
        "    from matches.services.queue import submit_action\n"
    )
    names = set(imported_names(source, ["leagues"]))
    assert "campaigns.selectors" in names
    assert sorted(services_internals(names, own="leagues")) == [
        "matches.services.queue",
        "matches.services.queue.submit_action",
        "rosters.services.flips",
    ]
    assert sorted(services_internals(names, own="rosters")) == [
        "matches.services.queue",
        "matches.services.queue.submit_action",
    ]


def module_sizes():
    for path in source_files(*CHECKED):
        yield str(path.relative_to(ROOT)), len(path.read_text().splitlines())


def test_no_module_is_longer_than_one_room():
    too_long = {
        name: lines
        for name, lines in module_sizes()
        if lines > MAX_LINES and name not in LONG_MODULES
    }
    assert too_long == {}, f"split these by concept (or list them with a reason): {too_long}"


@pytest.mark.parametrize("name", sorted(LONG_MODULES))
def test_each_listed_exception_is_still_needed(name):
    sizes = dict(module_sizes())
    if name not in sizes:
        pytest.skip(f"{name} is gone (split into a package?): remove it from LONG_MODULES")
    assert sizes[name] > MAX_LINES, f"{name} fits now: remove it from LONG_MODULES"


# --- Who may: one access module per app (#28) -------------------------------------------------
# A function named as a permission decision, or a query of who arbitrates or organises, lives
# in ``<app>/access.py`` only (rosters/access.py is the model). config/admin_scope.py holds no
# rule of its own: it asks the rules the apps' access modules register with it.
PERMISSION_DEF = re.compile(
    r"^\s*def\s+("
    r"is_(arbitrator|organiser|member|owner)\w*|require_\w+|may_\w+|can_\w+"
    r"|arbitrates\w*|organises\w*|oversees\w*"
    r")\s*\(",
    re.MULTILINE,
)
ROLE_QUERY = re.compile(
    r"(?:\b|__)(arbitrators|organisers)(__\w+)?=[^=]|\b(arbitrators|organisers)\.filter\("
)
ACCESS_EXEMPT = {"config/admin_scope.py"}


def permission_decisions(path: Path, source: str) -> list[str]:
    where = str(path.relative_to(ROOT)) if path.is_absolute() else str(path)
    if path.name == "access.py" or where in ACCESS_EXEMPT:
        return []
    found = [f"{where}: def {m.group(1)}" for m in PERMISSION_DEF.finditer(source)]
    found += [f"{where}: {m.group(0).strip()}" for m in ROLE_QUERY.finditer(source)]
    return found


def test_permission_decisions_live_in_the_access_modules():
    found = [
        line
        for path in source_files(*APPS, "config")
        for line in permission_decisions(path, path.read_text())
    ]
    assert found == [], "decide who may in <app>/access.py, and ask it from here"


def test_the_access_rule_sees_helpers_and_role_queries():
    source = (
        "def is_arbitrator(*, user, campaign):\n"
        "    return campaign.arbitrators.filter(pk=user.pk).exists()\n"
        "def require_organiser(*, user, league): ...\n"
        "def may_watch(*, match, user): ...\n"
        "def rows(user): return Membership.objects.filter(campaign__arbitrators=user)\n"
        "def is_timeout(action): ...\n"
    )
    assert len(permission_decisions(Path("campaigns/services/common.py"), source)) == 5
    assert permission_decisions(Path("campaigns/access.py"), source) == []
