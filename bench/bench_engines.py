"""Engine speed: applied actions per second for each game, against ``json.dumps`` of its state.

Seeded random playouts (bench/playout.py) through ``legal_actions`` + ``apply``. For each
applied action we time ``apply`` and then ``json.dumps(new_state, sort_keys=True)`` (what
persisting the state costs: the matches app stores canonical JSON). The ratio is total apply
time / total dumps time: how many state serialisations one rules step is worth, a figure that
does not move with the machine the way microseconds do.
"""

from __future__ import annotations

import json
import time

from bench.common import Row
from bench.playout import playout, seats_for
from rulesets.registry import all_rulesets

ACTIONS = 3000  # applied actions per game, at least (whole games are played)
TIME_BUDGET = 12.0  # seconds per game, at most


def measure(game, *, actions: int = ACTIONS, time_budget: float = TIME_BUDGET) -> dict:
    apply_time = dumps_time = 0.0
    applied = games = state_bytes = 0
    perf = time.perf_counter

    def timed_apply(state, seat, action):
        # Only applied actions count: a refused sample (Last Hope Frontier templates) is not
        # a rules step, and its time is left out too.
        nonlocal apply_time
        start = perf()
        new = game.apply(state, seat, action).state
        apply_time += perf() - start
        return new

    started = perf()
    seed = 0
    while applied < actions and perf() - started < time_budget:
        seed += 1
        games += 1
        for step in playout(game, seed, apply=timed_apply):
            start = perf()
            text = json.dumps(step.after, sort_keys=True)
            dumps_time += perf() - start
            applied += 1
            state_bytes += len(text)
    return {
        "game": game.slug,
        "name": game.name,
        "players": len(seats_for(game)),
        "games": games,
        "actions": applied,
        "apply_s": apply_time,
        "dumps_s": dumps_time,
        "actions_per_s": applied / apply_time if apply_time else 0.0,
        "dumps_per_s": applied / dumps_time if dumps_time else 0.0,
        "ratio": apply_time / dumps_time if dumps_time else float("nan"),
        "mean_state_bytes": state_bytes / applied if applied else 0,
    }


def row(result: dict) -> Row:
    per_apply = result["apply_s"] / max(result["actions"], 1) * 1e6
    per_dump = result["dumps_s"] / max(result["actions"], 1) * 1e6
    return Row(
        figure=f"engine: {result['name']} actions/s vs json.dumps of its state",
        ratio=f"1 apply = {result['ratio']:.1f} × json.dumps(state)",
        method=(
            f"seeded random playouts, {result['players']} players, {result['games']} games, "
            f"{result['actions']} applied actions; Σ apply time / Σ json.dumps(new state, "
            "sort_keys=True) time"
        ),
        absolute=(
            f"{result['actions_per_s']:,.0f} actions/s ({per_apply:.0f} µs/apply), "
            f"dumps {per_dump:.0f} µs, state {result['mean_state_bytes'] / 1024:.1f} KB"
        ),
        data=result,
    )


def main(*, actions: int = ACTIONS, time_budget: float = TIME_BUDGET) -> dict:
    results = [measure(g, actions=actions, time_budget=time_budget) for g in all_rulesets()]
    rows = [row(r) for r in results]
    for r in rows:
        print(r.markdown(), flush=True)
    return {"rows": rows, "results": results}


if __name__ == "__main__":
    main()
