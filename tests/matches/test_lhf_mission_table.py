"""The live table draws a mission: its deployment zones, objective markers (coloured by who
held them), loot tokens (faded once picked up), and a control to pick loot up."""

from django.template.loader import render_to_string

from matches.tables.common import Seats
from matches.tables.last_hope_frontier import present
from rulesets.last_hope_frontier import RULESET
from tests.rulesets.last_hope_frontier.test_live_support import apply, fighter, gang, place

SEATS = Seats(names={"x": "ann", "y": "bob"}, you="x")


def _battle(key: str) -> dict:
    gangs = {
        "x": gang("Lawmen", "sheriffs", [fighter(1, "Hale", "leader", ["pistol"])], 7),
        "y": gang("Barkers", "outlawmen", [fighter(11, "Ma", "ganger")], 9),
    }
    state = RULESET.new_game(["x", "y"], {"gangs": gangs, "mission": key}, 3)
    while state["phase"] == "deployment":
        seat = state["active"]
        bounds = RULESET.legal_actions(state, seat)[0]["to"]
        spot = {axis: bounds[axis]["min"] for axis in ("x", "y")}
        deploy = {"type": "deploy", "fighter": 1 if seat == "x" else 11, "to": spot}
        state = apply(state, seat, deploy).state
    if state["active"] != "x":
        state = apply(state, state["active"], {"type": "end_turn"}).state
    return state


def test_the_table_draws_the_missions_zones_markers_and_loot():
    state = place(_battle("crossroads"), {1: (6, 17.2), 11: (20, 22)})
    state = apply(state, "x", {"type": "activate", "fighter": 1}).state
    table = present(RULESET.view(state, "x"), RULESET.legal_actions(state, "x"), SEATS)
    board = table["board"]
    assert board["zones"][0] == {"x": 0, "y": 0, "w": 160.0, "h": 160.0, "colour": "#d1495b"}
    kinds = [(m["kind"], m["title"]) for m in board["markers"]]
    assert kinds == [
        ("objective", "Objective: the signpost"),
        ("loot", "Loot: railroad bond"),
        ("loot", "Loot: town map"),
    ]
    facts = dict(table["facts"])
    assert facts["Mission"] == "The Stagecoach Crossroads" and facts["Points"] == "you 0 · bob 0"
    labels = [c["label"] for c in table["controls"]]
    assert "Hale picks up the railroad bond" in labels
    svg = render_to_string(
        board_template := table["board_template"], {"board": board}, using="jinja2"
    )
    assert board_template.endswith("last_hope_frontier.html")
    assert svg.count('class="objective"') == 1 and svg.count('class="loot') == 2
