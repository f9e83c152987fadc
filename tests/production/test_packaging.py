"""What reaches the image: every app in INSTALLED_APPS, with all its files, through the Docker
build context and the wheel built from it. No Docker engine runs here, so the build context is
computed from .dockerignore (tests/production/build.py) and the wheel really built from it.
"""

from __future__ import annotations

import re
import shlex
import zipfile
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings

from tests.production.build import ROOT, context_files, dockerfile_instructions, ignored


def local_packages() -> dict[str, Path]:
    """The apps of INSTALLED_APPS that live in this checkout, and the settings' package."""
    found = {
        config.name: Path(config.path)
        for config in apps.get_app_configs()
        # Below a top-level package of the checkout (the virtualenv's Django is in it too).
        if Path(config.path).is_relative_to(ROOT / config.name.partition(".")[0])
    }
    settings_package = settings.SETTINGS_MODULE.rpartition(".")[0]
    found[settings_package] = ROOT / settings_package.replace(".", "/")
    return found


# In the checkout, not in the application (pyproject.toml leaves them out of the wheel).
NOT_SHIPPED = {"tests", "bench"}


def context_packages(context: Path) -> dict[str, Path]:
    """Every top-level Python package the build context holds (apps, and libraries such as
    ranking that no INSTALLED_APPS entry names), less NOT_SHIPPED."""
    return {
        init.parent.name: ROOT / init.parent.name
        for init in context.glob("*/__init__.py")
        if init.parent.name not in NOT_SHIPPED
    }


def test_local_apps_are_found():
    # The rule below is only as good as this list: it must see the apps, new ones included.
    assert {"accounts", "rosters", "campaigns", "matches", "leagues", "web", "config"} <= set(
        local_packages()
    )


@pytest.fixture(scope="module")
def wheel_files(wheel) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def test_every_local_app_is_in_the_wheel_with_every_file(wheel_files, docker_context):
    """Code, migrations, templates, static files, rules data: every file the build context
    holds below an app (or a package the apps import) is installed. A new app, or a new kind
    of file in one, that the packaging rules in pyproject.toml miss fails here, by name."""
    missing, context = {}, context_files(docker_context)
    packages = {**context_packages(docker_context), **local_packages()}
    for name, path in packages.items():
        below = path.relative_to(ROOT).as_posix()
        sent = [f for f in context if f.startswith(f"{below}/")]
        assert sent, f"{name}: nothing of it reaches the build context"
        lost = [f for f in sent if f not in wheel_files]
        if lost:
            missing[name] = lost
    assert missing == {}, f"in the build context but not in the wheel: {missing}"


def test_the_kinds_of_files_that_matter_are_in_the_wheel(wheel_files):
    for app, path in local_packages().items():
        for kind in ("migrations", "templates", "static", "locale"):
            if (path / kind).is_dir():
                assert any(f.startswith(f"{app}/{kind}/") for f in wheel_files), (app, kind)
    assert "rulesets/last_hope_frontier/data/catalogue.json" in wheel_files


def test_the_wheel_holds_the_application_and_nothing_else(wheel_files, docker_context):
    top = {name.split("/")[0] for name in wheel_files if not name.startswith("posse-")}
    assert top == set(context_packages(docker_context)), top
    assert {name.split(".")[0] for name in local_packages()} <= top
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in wheel_files)


def test_the_wheel_gives_operators_the_posse_command(wheel_files, wheel):
    with zipfile.ZipFile(wheel) as archive:
        (entry_points,) = [n for n in archive.namelist() if n.endswith("entry_points.txt")]
        assert "posse = config.processes:main" in archive.read(entry_points).decode()


# --- the Dockerfile -------------------------------------------------------------------------


def copies() -> list[tuple[dict[str, str], list[str], str]]:
    """(flags, sources, destination) of each COPY."""
    found = []
    for keyword, arguments in dockerfile_instructions():
        if keyword in {"COPY", "ADD"}:
            words = shlex.split(arguments)
            flags = dict(w[2:].partition("=")[::2] for w in words if w.startswith("--"))
            paths = [w for w in words if not w.startswith("--")]
            found.append((flags, paths[:-1], paths[-1]))
    return found


def test_every_copy_names_a_path_that_exists_in_the_build_context():
    stages = {
        m["name"]
        for keyword, arguments in dockerfile_instructions()
        if keyword == "FROM" and (m := re.search(r"\bAS (?P<name>\w+)$", arguments, re.I))
    }
    assert copies(), "the Dockerfile copies nothing"
    for flags, sources, _ in copies():
        if "from" in flags:
            assert flags["from"] in stages, flags  # from an earlier stage of this Dockerfile
            continue
        for source in sources:
            assert (ROOT / source).exists(), f"COPY {source}: no such path"
            relative = (ROOT / source).resolve().relative_to(ROOT).as_posix()
            dropped = relative != "." and ignored(relative)
            assert not dropped, f"COPY {source}: .dockerignore drops it"


def test_the_build_stage_gets_the_whole_checkout_and_builds_the_wheel_from_it():
    first_stage = []
    for keyword, arguments in dockerfile_instructions()[1:]:
        if keyword == "FROM":
            break
        first_stage.append((keyword, arguments))
    assert ("COPY", ". .") in first_stage
    assert any(k == "RUN" and "pip wheel --no-deps" in a for k, a in first_stage)


def test_every_app_reaches_the_build_context():
    for name, path in local_packages().items():
        assert not ignored(path.relative_to(ROOT).as_posix()), f".dockerignore drops {name}"
    for needed in ("pyproject.toml", "README.md"):
        assert not ignored(needed)
    assert ignored(".venv") and ignored("var") and ignored("rosters/__pycache__/models.pyc")


def test_the_image_installs_that_wheel_collects_static_files_and_runs_as_posse():
    instructions = dockerfile_instructions()
    runtime = instructions[max(i for i, (k, _) in enumerate(instructions) if k == "FROM") :]
    runs = " && ".join(a for k, a in runtime if k == "RUN")
    assert re.search(r"pip install [^&]*/wheels/posse-\*\.whl\b", runs), runs
    assert "posse manage collectstatic --noinput" in runs
    assert "DEBUG=false" in runs  # the manifest storage: hashed names are made here
    users = [a for k, a in runtime if k == "USER"]
    assert users == ["posse"], users
    user_at = runtime.index(("USER", "posse"))
    assert not any(k == "RUN" for k, _ in runtime[user_at + 1 :]), "root work after USER"
    assert ("ENTRYPOINT", '["posse"]') in runtime
    assert ("CMD", '["web"]') in runtime


def test_nothing_in_the_image_migrates_unless_told():
    dockerfile = (ROOT / "docker" / "Dockerfile").read_text()
    commands = [a for k, a in dockerfile_instructions() if k in {"RUN", "CMD", "ENTRYPOINT"}]
    assert not any("migrate" in c for c in commands), commands
    assert "migrate" in dockerfile  # the comment telling who does
