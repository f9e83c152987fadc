"""Golden playthroughs, one per mission: a bot battle recorded once (its seed, every action,
the mission's events and its end) and replayed through ``apply`` on every run. A change that
alters how any mission plays shows here, action by action.

Re-record (after a deliberate rules change, reviewing the diff): POSSE_REGOLD=1 pytest this.
"""

import json
import os
from pathlib import Path

import pytest

from rulesets.last_hope_frontier import RULESET
from rulesets.last_hope_frontier.missions import missions
from tests.rulesets.last_hope_frontier.mission_play import new_battle, play

GOLDEN = Path(__file__).parent / "golden_missions"
SEED = 7
MISSION_EVENTS = {"objective_held", "loot_picked_up", "battle_over", "deployed"}


def _record(key: str) -> dict:
    _, script, _ = play(key, SEED, bot=True)
    return {"seed": SEED, "script": [[seat, action] for seat, action in script]}


def _replay(key: str, golden: dict) -> dict:
    state = new_battle(key, golden["seed"])
    texts = []
    for seat, action in golden["script"]:
        resolution = RULESET.apply(state, seat, action)
        texts += [e["text"] for e in resolution.events if e["type"] in MISSION_EVENTS]
        state = resolution.state
    return {
        "events": texts,
        "result": state["result"],
        "report": RULESET.battle_report(state),
    }


@pytest.mark.parametrize("key", [m["key"] for m in missions()])
def test_the_missions_golden_playthrough_replays_exactly(key):
    path = GOLDEN / f"{key}.json"
    if os.environ.get("POSSE_REGOLD"):
        golden = _record(key)
        golden.update(_replay(key, golden))
        path.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    golden = json.loads(path.read_text(encoding="utf-8"))
    replayed = json.loads(json.dumps(_replay(key, golden)))
    assert replayed["events"] == golden["events"]
    assert replayed["result"] == golden["result"]
    assert replayed["report"] == golden["report"]
