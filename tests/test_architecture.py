"""The arrows between apps, and the size of a module, checked from the source (like the
engine-purity test): who may import whom, and that no module grows past one reader's room."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APPS = ("accounts", "jobs", "rosters", "campaigns", "matches", "leagues", "notifications", "web")
CHECKED = (*APPS, "config", "rulesets", "ranking")
MAX_LINES = 400


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


def test_notifications_imports_no_competition_or_match():
    """Notifications sits below the apps whose events it carries: they call its hooks and
    register what it must ask them (notifications/owners.py), never the reverse."""
    assert offenders(["notifications"], {"campaigns", "leagues", "matches"}) == []


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
    too_long = {name: lines for name, lines in module_sizes() if lines > MAX_LINES}
    assert too_long == {}, f"split these by concept: {too_long}"


# --- no circle, no arrow back up -----------------------------------------------------------------
# The packages whose modules may form no import circle (bench too: it is code we keep).
CIRCLE_FREE = (*CHECKED, "bench")


def module_graph(tops=CIRCLE_FREE) -> dict[str, set[str]]:
    """Module -> the project modules it imports (at the top, inside functions, or for type
    checking alike): ``from package import name`` is an arrow to ``package.name`` when that is
    a module, else to ``package``."""
    paths = {module_name(path): path for path in source_files(*tops)}
    graph = {}
    for name, path in paths.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        targets = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join([*package[: len(package) - node.level + 1], base]).strip(".")
                for alias in node.names:
                    targets.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in paths else base)
        graph[name] = {t for t in targets if t in paths and t != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def test_no_modules_import_each_other_in_a_circle():
    """A circle is a knot: no part of it can be read, tested or moved alone. Services send
    their tasks by name (config/dispatch.py); a shared piece goes down to a lower module."""
    assert circles(module_graph()) == []


def test_the_circle_finder_sees_a_circle_through_a_lazy_import():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


# Floors: each package imports only those below it. The ground floors (rulesets, ranking)
# import no other part of the project; config (the settings, the API's plumbing) imports only
# the ground floors; the apps stand above.
BELOW = {
    "ranking": set(),
    "rulesets": {"ranking"},
    "config": {"rulesets", "ranking"},
}


def arrows_back_up() -> list[str]:
    found = []
    for top, allowed in BELOW.items():
        found.extend(offenders([top], set(CIRCLE_FREE) - allowed - {top}))
    return found


def test_no_arrow_runs_back_up():
    assert arrows_back_up() == []


GAMES = tuple(
    path.name
    for path in sorted((ROOT / "rulesets").iterdir())
    if (path / "__init__.py").exists() and path.name != "core"
)


def test_matches_knows_no_game():
    """Each game's bot and table are reached by slug: the ruleset registry's ``get_bot``, the
    setting ``MATCH_TABLES``. The per-game presenters in matches/tables/ draw their own game;
    matches' generic code imports none of them, nor any game's rules. A presenter may take a
    part of its drawing to a module of its own beside it (``matches/tables/<game>_<part>.py``)."""

    def per_game(path: str) -> bool:
        stem = path.removeprefix("matches/tables/").removesuffix(".py")
        return path.startswith("matches/tables/") and any(
            stem == game or stem.startswith(f"{game}_") for game in GAMES
        )

    found = [
        line
        for line in offenders(["matches"], {"rulesets"})
        if not per_game(line.split(" imports ")[0])
        and line.split(" imports ")[1].split(".")[1] in GAMES
    ]
    found += [
        line
        for line in offenders(["matches"], {"matches"})
        if not per_game(line.split(" imports ")[0])
        and any(f"matches.tables.{game}" in line for game in GAMES)
    ]
    assert sorted(found) == []


def test_the_table_presenters_cover_every_live_game():
    from django.conf import settings

    from rulesets.registry import all_rulesets

    assert set(settings.MATCH_TABLES) == {r.slug for r in all_rulesets() if r.live}


# --- functions of a reader's size ----------------------------------------------------------------
MAX_FUNCTION_LINES = 80


@cache
def function_sizes() -> dict[str, int]:
    """``path:function`` -> its lines (a nested function counts in its own right too)."""
    sizes = {}
    for path in source_files(*CIRCLE_FREE):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{path.relative_to(ROOT)}:{node.name}"
                sizes[name] = max(sizes.get(name, 0), node.end_lineno - node.lineno + 1)
    return sizes


def test_no_function_is_longer_than_a_reader_holds():
    too_long = {
        name: lines for name, lines in function_sizes().items() if lines > MAX_FUNCTION_LINES
    }
    assert too_long == {}, f"split these into steps: {too_long}"


# --- docs/architecture.md names what exists, and every module ------------------------------------
ARCHITECTURE = ROOT / "docs" / "architecture.md"


def expand(token: str) -> list[str]:
    """``dir/{a,b}.py`` -> ``dir/a.py``, ``dir/b.py`` (one brace group)."""
    if "{" not in token:
        return [token]
    head, rest = token.split("{", 1)
    names, tail = rest.split("}", 1)
    return [f"{head}{name}{tail}" for name in names.split(",")]


def layout_names() -> list[str]:
    """The paths the Layout block names. A line at the margin that starts with a top folder
    opens it: the paths after it, and on the lines indented under it, are in that folder
    (a path that starts with another top folder is the root's)."""
    text = ARCHITECTURE.read_text()
    block = text.split("## Layout", 1)[1].split("```\n", 2)[1]
    tops = {path.name for path in ROOT.iterdir() if path.is_dir()}
    names, top = [], ""
    for line in block.splitlines():
        for n, word in enumerate(line.split()):
            token = word.strip("(),;:`")
            if not token.endswith((".py", "/")) or token.startswith(("/", ".")) or "<" in token:
                continue
            if n == 0 and not line.startswith(" "):
                top = token if token.endswith("/") and token.count("/") == 1 else ""
                if top:
                    continue
            first = token.split("/")[0]
            at_root = first in tops and not (ROOT / top / first).exists()
            names += [name if at_root else top + name for name in expand(token)]
    return names


def prose_names() -> list[str]:
    """The paths named in backticks elsewhere on the page (a command or a URL is no path)."""
    names = []
    for quoted in ARCHITECTURE.read_text().split("`")[1::2]:
        path_like = "/" in quoted.rstrip("/") and not quoted.startswith(("/", "."))
        if path_like and not any(c in quoted for c in " <:"):
            names += expand(quoted)
    return names


def test_every_path_the_architecture_page_names_exists():
    missing = sorted(
        {name for name in layout_names() + prose_names() if not (ROOT / name).exists()}
    )
    assert missing == []


def test_the_architecture_page_names_every_module():
    """At its granularity: each module by name, or a folder named whole (a game's rules)."""
    named = set(layout_names())
    folders = [name for name in named if name.endswith("/")]
    quiet = {"__init__.py"}  # a package's face: its modules are named
    unnamed = sorted(
        str(path.relative_to(ROOT))
        for path in source_files(*CIRCLE_FREE)
        if str(path.relative_to(ROOT)) not in named
        and not any(str(path.relative_to(ROOT)).startswith(folder) for folder in folders)
        and (path.name not in quiet or path.parent == ROOT / "ranking")
    )
    assert unnamed == []


def test_the_layout_reader_resolves_paths_in_their_folder():
    assert expand("services/{a,b}.py") == ["services/a.py", "services/b.py"]
    assert "matches/services/queue.py" in layout_names()
    assert "config/dispatch.py" in layout_names()


def test_every_task_a_service_names_is_registered():
    """Services send their tasks by name (config/dispatch.py): a misspelt name fails here, not
    in production after the commit."""
    from celery.exceptions import NotRegistered

    from config import dispatch

    named = {
        node.value
        for path in source_files(*APPS)
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and len(node.value.split(".")) == 3
        and node.value.split(".")[1] == "tasks"
        and node.value.split(".")[0] in APPS
    }
    assert "matches.tasks.resolve_action" in named
    missing = []
    for name in sorted(named):
        try:
            dispatch.task(name)
        except NotRegistered:
            missing.append(name)
    assert missing == []


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
