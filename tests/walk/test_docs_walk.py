"""docs/api.md runs: every ``sh`` block, in order, against a live server (tests/walk/docs.py).

One walk, as a client developer would follow the page: register, a gang, a campaign, a battle
and its post-game, a live match of each of the four games, a league. A refused request fails
the walk, and the failure names the block by its line in the page. Tasks run in-process (the
autouse fixture in tests/conftest.py), also in the live server's threads.
"""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from tests.walk.docs import PAGE, blocks, script

TOOLS = ("bash", "curl", "jq")


@pytest.fixture
def tools():
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI needs {', '.join(missing)} for the docs walk (.ci/run installs it)")
        pytest.skip(f"the docs walk needs {', '.join(missing)} (apt-get install -y jq curl)")


def test_every_example_in_the_api_guide_runs_in_order(
    tools, live_server, seeded_catalogue, tmp_path
):
    walk = tmp_path / "walk.sh"
    walk.write_text(script(blocks(), tmp_path))
    env = {**os.environ, "API": f"{live_server.url}/api/v1"}
    done = subprocess.run(
        ["bash", str(walk)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
    failed = [line for line in done.stderr.splitlines() if line.startswith("WALK FAILED")]
    assert done.returncode == 0 and "WALK DONE" in done.stderr, (
        f"{failed[-1] if failed else 'the walk stopped'} (exit {done.returncode})\n"
        f"last answer: {done.stdout[-1500:]}\n{done.stderr[-1500:]}"
    )


def test_blocks_are_found_with_their_lines_in_the_page():
    text = "intro\n```sh\necho one\n```\n\n```json\n{}\n```\n```sh\necho two\necho three\n```\n"
    found = blocks(text)
    assert [(b.line, b.code) for b in found] == [(3, "echo one\n"), (10, "echo two\necho three\n")]


def test_the_guide_needs_nothing_a_plain_machine_lacks():
    text = PAGE.read_text()
    assert "uuidgen" not in text
    for block in blocks():
        assert "127.0.0.1:8000" not in block.code.replace("${API:-http://127.0.0.1:8000", "")


def test_a_failing_example_is_named_by_its_line(tmp_path):
    page = "```sh\nX=1\n```\ntext\n```sh\ntrue\nfalse\ntrue\n```\n"
    walk = tmp_path / "walk.sh"
    walk.write_text(script(blocks(page), tmp_path))
    done = subprocess.run(["bash", str(walk)], capture_output=True, text=True, timeout=30)
    assert done.returncode != 0
    assert "WALK FAILED: docs/api.md line 7 (the block at line 6): false" in done.stderr


def test_an_example_that_expects_a_refusal_passes_only_with_that_status(tmp_path):
    status = (
        "import http.server, sys\n"
        "class H(http.server.BaseHTTPRequestHandler):\n"
        "    def do_GET(self):\n"
        "        self.send_response(int(self.path.strip('/')))\n"
        "        self.end_headers()\n"
        "        self.wfile.write(b'{}')\n"
        "    def log_message(self, *a): pass\n"
        "s = http.server.HTTPServer(('127.0.0.1', 0), H)\n"
        "print(s.server_port, flush=True)\n"
        "s.serve_forever()\n"
    )
    server = subprocess.Popen(["python3", "-c", status], stdout=subprocess.PIPE, text=True)
    try:
        port = server.stdout.readline().strip()
        url = f"http://127.0.0.1:{port}"
        cases = {
            f"EXPECT=409 curl -s {url}/409\ncurl -s {url}/200\n": True,
            f"curl -s {url}/409\n": False,  # a refusal nobody expected
            f"EXPECT=400 curl -s {url}/409\n": False,  # not the refusal expected
            f"EXPECT=409 curl -s {url}/200\n": False,  # no refusal at all
        }
        for code, passes in cases.items():
            walk = tmp_path / "walk.sh"
            walk.write_text(script(blocks(f"```sh\n{code}```\n"), tmp_path))
            done = subprocess.run(["bash", str(walk)], capture_output=True, text=True, timeout=30)
            assert (done.returncode == 0) is passes, (code, done.stderr)
    finally:
        server.kill()
        server.wait()


def test_every_code_fence_in_the_guide_is_closed():
    """An open fence would swallow the prose after it into a block (a merge once lost one)."""
    fences = [
        (n, line)
        for n, line in enumerate(PAGE.read_text().splitlines(), 1)
        if line.startswith("```")
    ]
    openings, closings = fences[::2], fences[1::2]
    assert len(openings) == len(closings), f"unclosed fence at line {openings[-1][0]}"
    for (n, opening), (_, closing) in zip(openings, closings, strict=True):
        assert opening != "```" and closing == "```", f"fences out of step at line {n}"
