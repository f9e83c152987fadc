"""The benchmarks never run in the test suite; this keeps their code from rotting: every
module imports, the engine benchmark runs with tiny counts, and the reports render."""

import importlib

import pytest

from bench import bench_engines
from bench.common import Row, percentile
from bench.playout import concrete, playout
from rulesets.registry import all_rulesets, get_ruleset

MODULES = [
    "bench",
    "bench.__main__",
    "bench.bench_engines",
    "bench.bench_live",
    "bench.bench_notify",
    "bench.bench_push",
    "bench.bench_roster",
    "bench.profile",
    "bench.profile_push",
    "bench.variant_settings",
    "bench.variant_settings.no_cache",
    "bench.variant_settings.drf_json",
    "bench.variant_settings.cpu_log",
    "bench.cpu_middleware",
    "bench.common",
    "bench.cpu",
    "bench.client",
    "bench.load",
    "bench.playout",
    "bench.seed",
    "bench.stack",
    "bench.scale_common",
    "bench.scale_failover",
    "bench.scale_failover_load",
    "bench.scale_growth",
    "bench.scale_hosts",
    "bench.scale_report",
    "bench.scale_spectators",
]


@pytest.mark.parametrize("name", MODULES)
def test_every_bench_module_imports(name):
    importlib.import_module(name)


def test_the_engine_benchmark_plays_every_game_with_tiny_counts():
    result = bench_engines.main(actions=15, time_budget=1.0)
    assert [r["game"] for r in result["results"]] == [g.slug for g in all_rulesets()]
    for measured, row in zip(result["results"], result["rows"], strict=True):
        assert measured["actions"] >= 15
        assert measured["ratio"] > 0
        assert row.markdown().count("|") == 5


def test_playouts_are_seeded():
    game = get_ruleset("le-dernier-peuple")
    first = [step.action for step in playout(game, 7, step_cap=30)]
    again = [step.action for step in playout(game, 7, step_cap=30)]
    assert first and first == again


def test_a_last_hope_frontier_template_becomes_a_concrete_action():
    import random

    state = {"cards": {"x": {"hand": ["JS", "10D"]}}}
    entry = {
        "type": "shoot",
        "card": {"from_hand": True},
        "line_of_fire": [True],
        "range": {"min": 1, "max": 2},
    }
    action = concrete(entry, state, "x", random.Random(1))
    assert action["card"] in {"JS", "10D"}
    assert action["line_of_fire"] is True
    assert 1 <= action["range"] <= 2


def test_percentiles_interpolate():
    assert percentile([1, 2, 3, 4, 5], 50) == 3
    assert percentile([0, 10], 95) == pytest.approx(9.5)


def test_the_load_report_renders_with_every_section():
    from bench.load import Phase, report

    phases = []
    for workers in (1, 2):
        phase = Phase(name=f"{workers} workers", workers=workers, seconds=10.0)
        phase.latencies["read roster"] += [0.01, 0.02, 0.03]
        phase.resolve_times += [0.05, 0.07]
        phase.resolved = 2
        phases.append(phase)
    phases[1].error("buy", "POST /api/v1/gangs/1/purchases/: 500")
    phases[0].server_cpu["GET /api/v1/gangs/<id:pk>/"] += [0.001, 0.003]
    ping = Phase(name="ping only", workers=1, kind="ping", seconds=10.0)
    ping.latencies["ping"] += [0.001] * 60
    info = {"date": "today", "cores": "2", "cpu": "cpu", "python": "3.11"}
    info |= {"load_before": "0.1", "settings": "config.settings"}
    text = report([ping, *phases], [("a check", True, "fine")], 10.0, info)
    assert "| live actions resolved/s | 0.2 | 0.2 | 1.00× |" in text
    assert "| **mixed ÷ ping-only requests/s** | **0.05** | **0.05** | |" in text
    # each mixed phase against the ping slices interleaved with it, once they are known
    phases[0].yardstick, phases[1].yardstick = 3.0, 1.5
    text = report([ping, *phases], [("a check", True, "fine")], 10.0, info)
    assert "| **mixed ÷ ping-only requests/s** | **0.10** | **0.20** | |" in text
    assert "in slices between the phase's own | 3.0 | 1.5 | 0.50× |" in text
    assert "| `GET /api/v1/gangs/<id:pk>/` | — | — | — | 2 | 2.00 |" in text
    assert "- ok: a check — fine" in text
    assert "POST /api/v1/gangs/1/purchases/: 500" in text


def test_a_phase_counts_its_slices():
    from bench.load import Phase

    phase = Phase(name="1 Celery worker", workers=1)
    for share in (40.0, 60.0):
        part = Phase(name=phase.name, workers=1, seconds=5.0, resolved=2)
        part.latencies["buy"] += [0.1, 0.2]
        part.cpu = {"gunicorn": share}
        part.server_cpu["POST buy"] += [0.003]
        phase.add(part)
    assert phase.seconds == 10.0 and phase.requests == 4 and phase.resolved == 4
    assert phase.cpu == {"gunicorn": 50.0}  # weighted by each slice's seconds
    assert phase.server_cpu["POST buy"] == [0.003, 0.003]


def test_a_standings_result_becomes_a_row_whatever_its_shape():
    from bench.__main__ import _standings_from

    own = _standings_from("f", {"figure": "standings", "ratio": "2×"}, "")
    assert (own.figure, own.ratio) == ("standings", "2×")
    printed = _standings_from("f", {"x": 1}, "noise\n| standings | 3.0× | how | 5 ms |\n")
    assert printed.markdown() == "| standings | 3.0× | how | 5 ms |"
    bare = _standings_from("standings vs SQL", {"ratio": 1.5, "orm_ms": 2.0}, "")
    assert bare.ratio == "1.50×" and "orm_ms 2" in bare.absolute
    assert isinstance(bare, Row)


@pytest.mark.django_db
def test_ping_is_a_bare_endpoint_anyone_may_call(api):
    response = api.get("/api/v1/ping/")
    assert response.status_code == 200
    assert response.json() == {"pong": True}


def test_cpu_shares_add_up_to_the_machine():
    from bench import cpu

    # A process group no process can be in (ids are never negative; group 0 holds the
    # kernel's threads, and in some containers processes of the machine's own).
    nobody = {"nobody": {-1}}
    before = cpu.snapshot(nobody)
    sum(range(200_000))
    after = cpu.snapshot(nobody)
    if before is None:
        pytest.skip("no /proc here")
    shares = cpu.shares(before, after, 1.0)
    assert shares["nobody"] == 0
    # /proc counts in clock ticks: over a few milliseconds the two readings may round apart,
    # so only their signs are certain.
    assert shares["machine"] >= 0 and shares["load client"] >= 0


def test_the_notification_rows_render():
    from bench import bench_notify

    result = {"samples": 3}
    for kind, value in (("noop", 0.05), ("email", 0.1), ("webhook", 0.06)):
        result[f"{kind}_p50"] = result[f"{kind}_p95"] = value
    email, webhook = bench_notify.rows(result)
    assert email.ratio == "median 2.0×, p95 2.0×" and webhook.ratio.startswith("median 1.2×")
    assert email.markdown().count("|") == 5
