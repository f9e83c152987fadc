"""Every refusal a service raises goes through gettext where it is raised (issue #31).

A player reads a refusal on a page (a message, a form error next to its field) and in the
API's ``detail``/``errors``, in the language of their request. A bare string or f-string given
to a domain error would be English whatever the language, so this test reads the code of the
apps that are done and fails on one. Game engines' rule texts (``rulesets/``) are not here:
their events carry codes that ``matches/messages.py`` phrases.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest
from django.conf import settings

from config.errors import DomainError

# The apps done: every module (migrations and management commands aside: nobody reads those
# refusals in a page or the API), or only the parts named.
DONE = {"rosters": None, "campaigns": None, "leagues": None, "matches": None}
SKIPPED = {"migrations", "management"}
GETTEXT = {"_", "gettext", "ngettext", "pgettext", "npgettext", "gettext_lazy", "ngettext_lazy"}


def _files():
    base = Path(settings.BASE_DIR)
    for app, parts in DONE.items():
        for part in parts or [""]:
            path = base / app / part
            for found in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
                if not SKIPPED & set(found.relative_to(base).parts):
                    yield found


def _module(path: Path):
    relative = path.relative_to(settings.BASE_DIR).with_suffix("")
    return importlib.import_module(".".join(relative.parts))


def _resolve(node: ast.expr, namespace: dict):
    if isinstance(node, ast.Name):
        return namespace.get(node.id)
    if isinstance(node, ast.Attribute):
        owner = _resolve(node.value, namespace)
        return getattr(owner, node.attr, None) if owner is not None else None
    return None


def _is_domain_error(node: ast.expr, namespace: dict) -> bool:
    found = _resolve(node, namespace)
    return isinstance(found, type) and issubclass(found, DomainError)


def _translated(node: ast.expr) -> bool:
    """A message is translated when gettext makes it (perhaps then filled with ``%``)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return _translated(node.left)
    if isinstance(node, ast.Call):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        return name in GETTEXT
    return False


def _english(node: ast.expr | None) -> bool:
    """A literal message: a string, an f-string, a string filled or glued, not translated."""
    if node is None or _translated(node):
        return False
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and bool(node.value.strip())
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _english(node.left) or _english(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr == "format" and _english(node.func.value)
    if isinstance(node, ast.IfExp):
        return _english(node.body) or _english(node.orelse)
    return False


def _message(call: ast.Call) -> ast.expr | None:
    if call.args:
        return call.args[0]
    return next((k.value for k in call.keywords if k.arg == "detail"), None)


def english_refusals() -> list[str]:
    import config.urls  # noqa: F401  (the URL converters the apps' urls modules use)

    found = []
    base = Path(settings.BASE_DIR)
    for path in _files():
        namespace = vars(_module(path))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(base)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            raised = _is_domain_error(node.func, namespace)
            # An error class's own message: ``super().__init__("...")``.
            own = isinstance(node.func, ast.Attribute) and node.func.attr == "__init__"
            if (raised or own) and _english(_message(node)):
                found.append(f"{where}:{node.lineno}")
        for node in ast.walk(tree):
            # A default message: ``def __init__(self, detail: str = "Only ...")``.
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                args = node.args
                named = args.posonlyargs + args.args
                pairs = list(
                    zip(named[len(named) - len(args.defaults) :], args.defaults, strict=True)
                )
                pairs += [
                    (a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d
                ]
                for arg, default in pairs:
                    if arg.arg == "detail" and _english(default):
                        found.append(f"{where}:{default.lineno}")
    return found


def test_the_done_apps_raise_no_english_only_refusal():
    assert english_refusals() == []


@pytest.mark.parametrize(
    ("source", "english"),
    [
        ('raise RosterError("No.")', True),
        ('raise RosterError(f"No {x}.", field="item")', True),
        ('raise RosterError(detail="No %s." % x)', True),
        ('raise RosterError(_("No."))', False),
        ('raise RosterError(_("No %(x)s.") % {"x": x})', False),
        ('raise RosterError(ngettext("a", "b", n) % {"n": n})', False),
        ("raise RosterError(message)", False),
    ],
)
def test_the_check_tells_english_from_translated(source, english):
    call = ast.parse(source).body[0].exc
    assert _english(_message(call)) is english


def test_no_function_that_translates_binds_a_throwaway_underscore():
    """``x, _ = ...`` in a function that also calls ``_("...")`` makes ``_`` local to the whole
    function: the refusal would raise UnboundLocalError instead of being said."""
    found = []
    base = Path(settings.BASE_DIR)
    for path in _files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            in_comprehensions = {
                id(name)
                for comp in ast.walk(func)
                if isinstance(comp, ast.comprehension)
                for name in ast.walk(comp.target)
            }
            names = [n for n in ast.walk(func) if isinstance(n, ast.Name) and n.id == "_"]
            binds = any(
                isinstance(n.ctx, ast.Store) and id(n) not in in_comprehensions for n in names
            )
            if binds and any(isinstance(n.ctx, ast.Load) for n in names):
                found.append(f"{path.relative_to(base)}:{func.lineno}")
    assert found == []
