"""``python -m bench.profile_push``: where the push row's CPU goes, per process, with pyinstrument.

The push row (bench/bench_push.py) crosses three processes: ``posse web`` answers the POST,
the Celery worker resolves the action, ``posse stream`` renders the new version for each open
stream. This runs each of the three pieces of code in this process, one after the other for
every move of seeded Le Dernier Peuple games, on a PostgreSQL database of its own (tasks
in-process, so nothing is sent: the resolution is called directly after the POST):

- web: ``POST /api/v1/matches/{id}/actions/`` through Django's whole handler (test Client),
  with the resolution's enqueueing held back;
- worker: ``matches.tasks.resolve_action`` for that action (what the worker's task runs);
- stream: ``api_render`` for each seat (what each seat's open stream runs per pushed version).

Prints each piece's CPU per move, its queries, and pyinstrument's call tree (``--tree``).

    .venv/bin/python -m bench.profile_push [--moves 200] [--tree | --flat]
"""

from __future__ import annotations

import argparse
import random
import time
import uuid
from unittest import mock

from bench.stack import Stack, services_problem

SLUG = "le-dernier-peuple"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.profile_push")
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--tree", action="store_true", help="print pyinstrument's call trees")
    parser.add_argument("--flat", action="store_true", help="self time per function instead")
    args = parser.parse_args(argv)
    problem = services_problem()
    with Stack(name="profpush", postgres=problem is None, broker=False) as stack:
        stack.configure_django()
        print(run(args.moves, tree=args.tree or args.flat, flat=args.flat))
    return 0


def run(moves: int, *, tree: bool, flat: bool = False) -> str:
    from django.db import connection
    from django.test import Client

    from bench.seed import make_user
    from matches import services
    from matches.models import Match
    from matches.tasks import resolve_action
    from matches.views.stream import api_render, page_render
    from rulesets.registry import get_ruleset

    game = get_ruleset(SLUG)
    users, tokens = {}, {}
    for n in (1, 2):
        users[f"s{n}"], tokens[f"s{n}"] = make_user(f"profile-push-{n}")
    client = Client(HTTP_HOST="127.0.0.1")
    rnd = random.Random(3)
    timer = _Timer(connection)
    profilers, cpu, queries = timer.profilers, timer.cpu, timer.queries
    match, held, done = None, [], 0
    while done < moves:
        if match is None or match.status != Match.Status.LIVE:
            match = services.create_live_match(
                ruleset=SLUG,
                players=[users["s1"].username, users["s2"].username],
                options={},
                created_by=users["s1"],
            )
            match, _ = services.accept_match(match=match, player=users["s2"])
            seqs = dict.fromkeys(users, 0)  # each stream's last event, as the stream keeps it
        state = services.canonical(match.state)
        seat = game.to_move(state)[0]
        action = rnd.choice(game.legal_actions(state, seat))
        version = match.version
        held.clear()
        with mock.patch("matches.services.queue._enqueue_resolution", held.append):
            reply = timer.run(
                "web",
                client.post,
                f"/api/v1/matches/{match.pk}/actions/",
                data=action,
                content_type="application/json",
                headers={
                    "Authorization": f"Token {tokens[seat]}",
                    "Idempotency-Key": str(uuid.uuid4()),
                    "Expected-Version": str(version),
                },
            )
        if reply.status_code != 202 or not held:
            raise RuntimeError(f"POST action: {reply.status_code} {reply.content[:200]!r}")
        timer.run("worker", resolve_action, held[0])
        for name, viewer in users.items():  # both seats' streams render the new version
            _, _, seqs[name] = timer.run(
                "stream", api_render, match.pk, viewer, version, seqs[name], version + 1
            )
            # and each seat's table page (its stream reads the match on the match's message)
            timer.run("page", page_render, match.pk, viewer, version, 0, version + 1)
        match = Match.objects.get(pk=match.pk)
        done += 1
    lines = [f"{moves} moves; CPU per move (this process's thread time) and queries per move:"]
    for part in profilers:
        lines.append(
            f"  {part:6} {cpu[part] / moves * 1000:6.2f} ms  {queries[part] / moves:5.1f} queries"
            + ("  (both seats' streams)" if part in ("stream", "page") else "")
        )
    if tree:
        for part, profiler in profilers.items():
            lines += [
                "",
                f"=== {part} ===",
                profiler.output_text(unicode=True, color=False, flat=flat),
            ]
    return "\n".join(lines)


class _Timer:
    """Thread CPU time, queries and a pyinstrument profile, accumulated per part."""

    def __init__(self, connection):
        from pyinstrument import Profiler

        self.connection = connection
        self.profilers = {part: Profiler() for part in ("web", "worker", "stream", "page")}
        self.cpu = dict.fromkeys(self.profilers, 0.0)
        self.queries = dict.fromkeys(self.profilers, 0)

    def run(self, part: str, call, *args, **kwargs):
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(self.connection) as capture:
            start = time.thread_time()
            self.profilers[part].start()
            try:
                result = call(*args, **kwargs)
            finally:
                self.profilers[part].stop()
                self.cpu[part] += time.thread_time() - start
        self.queries[part] += len(capture.captured_queries)
        return result


if __name__ == "__main__":
    raise SystemExit(main())
