"""A mission on the live table: its set-up, the points it scores and how it ends.

Decisions (docs/rules/last-hope-frontier.md, "Missions"):

- the first seat is the **attacker** and sets up in the mission's attacker zone, the second
  the defender; who sets up *first* is still the initiative winner (live_setup.py);
- a side **holds** an objective marker at the end of a turn (after both players' turns)
  when one of its fighters in play stands within ``HOLD_RANGE`` (1") of the marker, base
  edge to marker centre, and no enemy does: the mission's ``hold`` points each;
- a **loot token** is picked up by a fighter in base contact with it, as its action
  (live_loot.py): the mission's ``loot`` points, and the gang keeps what it found even if
  the carrier is later taken out (the token is in the gang's saddlebags, not on the model);
- each enemy fighter out of action scores the mission's ``takedown`` points;
- the battle ends at the mission's turn limit, when a gang has nobody left in play (the
  last gang standing wins, as without a mission), or at once when a side reaches the
  mission's ``points_to_win``; otherwise more points wins and equal points are a draw.
"""

from __future__ import annotations

from rulesets.core.errors import InvalidInput
from rulesets.core.messages import said
from rulesets.last_hope_frontier.live_gangs import fighters_of, gang_name, other_seat
from rulesets.last_hope_frontier.live_table import BASE_RADIUS, zone_bounds
from rulesets.last_hope_frontier.missions import MissionError, mission, parse_mission, side_of
from rulesets.last_hope_frontier.movement import distance

HOLD_RANGE = 1.0
TOKEN_RADIUS = 0.5


def mission_state(raw: object, seats: list[str]) -> dict:
    """The option ``mission`` (a key of data/missions.json, or a whole mission as staff edited
    it) as the state keeps it: the mission, and who holds what so far."""
    try:
        data = mission(raw) if isinstance(raw, str) else parse_mission(raw)
    except MissionError as exc:
        field = "options.mission" + ("" if exc.path == "mission" else exc.path[len("mission") :])
        raise InvalidInput(field, exc.message) from None
    return {
        **data,
        "sides": {seat: side_of(i) for i, seat in enumerate(seats)},
        "loot": [{**token, "taken_by": None, "fighter": None} for token in data["loot"]],
        "held": dict.fromkeys(seats, 0),
        "holders": {o["key"]: None for o in data["objectives"]},
    }


def deployment_zone(state: dict, seat: str) -> dict:
    """Where a base's centre may be set up: the mission's zone, or the board edge strip."""
    index = state["seats"].index(seat)
    current = state.get("mission")
    if current is None:
        return zone_bounds(index)
    zone = current["zones"][side_of(index)]
    return {
        axis: {"min": zone[axis][0] + BASE_RADIUS, "max": zone[axis][1] - BASE_RADIUS}
        for axis in ("x", "y")
    }


def near(position: dict, marker: dict, reach: float) -> bool:
    """A base's edge within ``reach`` of a marker's centre."""
    return distance((position["x"], position["y"]), (marker["x"], marker["y"])) <= (
        BASE_RADIUS + reach + 1e-6
    )


def points(state: dict, seat: str) -> int:
    current = state["mission"]
    scoring = current["scoring"]
    looted = sum(1 for t in current["loot"] if t["taken_by"] == seat)
    taken_out = len(fighters_of(state, other_seat(state, seat), "out"))
    return current["held"][seat] + scoring["loot"] * looted + scoring["takedown"] * taken_out


def score_turn(state: dict, events: list) -> None:
    """The end of a turn: each objective marker held scores its points."""
    current = state.get("mission")
    if current is None:
        return
    for marker in current["objectives"]:
        close = {
            f["seat"]
            for f in fighters_of_all(state)
            if f["status"] == "in_play" and near(f["position"], marker, HOLD_RANGE)
        }
        holder = next(iter(close)) if len(close) == 1 else None
        current["holders"][marker["key"]] = holder
        if holder is None:
            continue
        current["held"][holder] += current["scoring"]["hold"]
        events.append(
            {
                "type": "objective_held",
                "seat": holder,
                "objective": marker["key"],
                "points": current["scoring"]["hold"],
                "text": f"{gang_name(state, holder)} hold {marker['name']} at the end of "
                f"turn {state['turn']} (+{current['scoring']['hold']}).",
                **said(
                    "objective_held",
                    gang=gang_name(state, holder),
                    objective=marker["name"],
                    turn=state["turn"],
                    points=current["scoring"]["hold"],
                ),
            }
        )


def fighters_of_all(state: dict) -> list[dict]:
    return list(state["fighters"].values())


def reached(state: dict) -> bool:
    """A side has the mission's points to win (never when the mission has no such target)."""
    current = state.get("mission")
    if current is None or current["points_to_win"] is None:
        return False
    return any(points(state, seat) >= current["points_to_win"] for seat in state["seats"])


def decide(state: dict) -> tuple[str | None, str]:
    """The winner by points (None: a draw) and the sentence that says so."""
    first, second = state["seats"]
    a, b = points(state, first), points(state, second)
    winner = first if a > b else second if b > a else None
    text = f"{state['mission']['name']}: {gang_name(state, first)} score {a}, "
    text += f"{gang_name(state, second)} score {b}. "
    text += f"{gang_name(state, winner)} win the battle." if winner else "The battle is a draw."
    return winner, text


def ending(state: dict, winner: str | None) -> dict:
    """The code of ``decide``'s sentence (the battle's last event keeps the English)."""
    first, second = state["seats"]
    scores = {
        "mission": state["mission"]["name"],
        "first": gang_name(state, first),
        "a": points(state, first),
        "second": gang_name(state, second),
        "b": points(state, second),
    }
    if winner:
        return said("mission_over", winner=gang_name(state, winner), **scores)
    return said("mission_over_draw", **scores)


def earnings(state: dict) -> dict:
    """Each seat's credits and goods: the mission's reward for its side and outcome, and the
    loot its fighters picked up."""
    current = state.get("mission")
    result = state["result"]
    if current is None or result is None:
        return {}
    out = {}
    for seat in state["seats"]:
        winner = result["winner"]
        outcome = "draw" if winner is None else "win" if winner == seat else "loss"
        reward = current["rewards"][current["sides"][seat]][outcome]
        found = [t["item"] for t in current["loot"] if t["taken_by"] == seat]
        out[seat] = {
            "side": current["sides"][seat],
            "outcome": outcome,
            "points": points(state, seat),
            "credits": reward["credits"],
            "goods": [*reward["goods"], *found],
        }
    return out
