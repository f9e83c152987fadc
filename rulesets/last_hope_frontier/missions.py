"""Missions: the product's own scenarios for Last Hope Frontier, kept as data.

The seed says "Crew money/goods are earned based upon missions in game" and prints no
mission, so Posse designs them (docs/rules/last-hope-frontier.md, "Missions"): each has its
set-up (deployment zones, objective markers, loot tokens, the terrain it needs), special
rules, how it ends and who wins, and rewards per side (attacker, defender) and outcome.

``data/missions.json`` is the source; the campaigns app loads it into a staff-editable model,
and a campaign battle hands the engine the mission as plain data, checked here by
``parse_mission`` (so a staff edit that breaks a rule is refused, never played).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from rulesets.last_hope_frontier.catalogue import catalogue
from rulesets.last_hope_frontier.movement import BOARD_SIZE

MISSIONS_PATH = Path(__file__).parent / "data" / "missions.json"
SIDES = ("attacker", "defender")
OUTCOMES = ("win", "draw", "loss")
SCORING = ("hold", "loot", "takedown")
MAX_TURNS = 50
MAX_MARKERS = 8
MAX_REWARD_CREDITS = 500
MAX_REWARD_GOODS = 2  # with up to 8 loot tokens: at most 10 goods a side
MIN_ZONE = 1.0  # a zone must fit a one-inch base both ways


class MissionError(ValueError):
    """A malformed mission: ``path`` names the field ("missions.2.zones.attacker")."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


@cache
def _document() -> tuple[dict, ...]:
    raw = json.loads(MISSIONS_PATH.read_text(encoding="utf-8"))
    return tuple(parse_missions(raw))


def missions() -> list[dict]:
    """Every mission of data/missions.json, checked (copies: callers may not change the data)."""
    return [json.loads(json.dumps(m)) for m in _document()]


def mission(key: str) -> dict:
    for entry in missions():
        if entry["key"] == key:
            return entry
    raise MissionError("mission", f"Unknown mission {key[:40]!r}.")


def parse_missions(raw: object) -> list[dict]:
    if not isinstance(raw, dict) or not isinstance(raw.get("missions"), list):
        raise MissionError("missions", "The document is an object with a list of missions.")
    parsed = [parse_mission(m, f"missions.{i}") for i, m in enumerate(raw["missions"])]
    keys = [m["key"] for m in parsed]
    if len(set(keys)) != len(keys):
        raise MissionError("missions", "Two missions share a key.")
    return parsed


def _text(data: dict, key: str, path: str, *, limit: int = 600) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise MissionError(f"{path}.{key}", f"A text of 1 to {limit} characters.")
    return value


def _whole(value: object, path: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise MissionError(path, f"A whole number from {low} to {high}.")
    return value


def _coordinate(value: object, path: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise MissionError(path, "A number of inches.")
    if not 0 <= value <= BOARD_SIZE:
        raise MissionError(path, f"On the board: from 0 to {BOARD_SIZE:g} inches.")
    return float(value)


def parse_mission(data: object, path: str = "mission") -> dict:
    """One mission, checked; returns it with the same shape (numbers as floats)."""
    if not isinstance(data, dict):
        raise MissionError(path, "A mission is an object.")
    key = _text(data, "key", path, limit=40)
    if not all(c.isalnum() or c == "-" for c in key) or key != key.lower():
        raise MissionError(f"{path}.key", "Lower-case letters, digits and dashes.")
    name = _text(data, "name", path, limit=80)
    summary = _text(data, "summary", path)
    end = _text(data, "end", path)
    turn_limit = _whole(data.get("turn_limit"), f"{path}.turn_limit", 1, MAX_TURNS)
    zones = _zones(data.get("zones"), f"{path}.zones")
    objectives = _markers(data.get("objectives"), f"{path}.objectives", "name")
    loot = _markers(data.get("loot"), f"{path}.loot", "item")
    markers = [m["key"] for m in objectives + loot]
    if len(set(markers)) != len(markers):
        raise MissionError(f"{path}.loot", "Objective markers and loot tokens need distinct keys.")
    scoring = data.get("scoring")
    if not isinstance(scoring, dict) or set(scoring) != set(SCORING):
        raise MissionError(f"{path}.scoring", f"An object of {', '.join(SCORING)}.")
    scoring = {k: _whole(scoring[k], f"{path}.scoring.{k}", 0, 10) for k in SCORING}
    to_win = data.get("points_to_win")
    if to_win is not None:
        to_win = _whole(to_win, f"{path}.points_to_win", 1, 100)
    rules = data.get("rules")
    if not isinstance(rules, list) or not rules:
        raise MissionError(f"{path}.rules", "A list of the mission's special rules.")
    for i, rule in enumerate(rules):
        if not isinstance(rule, str) or not rule.strip() or len(rule) > 600:
            raise MissionError(f"{path}.rules.{i}", "A rule is a text of 1 to 600 characters.")
    terrain = data.get("terrain")
    if not isinstance(terrain, list) or not all(isinstance(t, str) and t for t in terrain):
        raise MissionError(f"{path}.terrain", "A list of the terrain pieces it needs.")
    # Optional: how many fighters each side brings (picked at the campaign's pre-battle).
    crew = data.get("max_crew")
    crew = {} if crew is None else {"max_crew": _whole(crew, f"{path}.max_crew", 1, 16)}
    return {
        **crew,
        "key": key,
        "name": name,
        "summary": summary,
        "turn_limit": turn_limit,
        "zones": zones,
        "objectives": objectives,
        "loot": loot,
        "terrain": list(terrain),
        "scoring": scoring,
        "points_to_win": to_win,
        "rules": list(rules),
        "end": end,
        "rewards": _rewards(data.get("rewards"), f"{path}.rewards"),
    }


def _zones(data: object, path: str) -> dict:
    if not isinstance(data, dict) or set(data) != set(SIDES):
        raise MissionError(path, "A deployment zone for the attacker and for the defender.")
    zones = {}
    for side in SIDES:
        zone = data[side]
        where = f"{path}.{side}"
        if not isinstance(zone, dict) or set(zone) != {"x", "y"}:
            raise MissionError(where, 'A zone is {"x": [from, to], "y": [from, to]}.')
        zones[side] = {}
        for axis in ("x", "y"):
            span = zone[axis]
            if not isinstance(span, list) or len(span) != 2:
                raise MissionError(f"{where}.{axis}", "Two numbers: from and to.")
            low, high = (_coordinate(v, f"{where}.{axis}") for v in span)
            if high - low < MIN_ZONE:
                raise MissionError(f"{where}.{axis}", f"At least {MIN_ZONE:g} inch across.")
            zones[side][axis] = [low, high]
    return zones


def _markers(data: object, path: str, label: str) -> list[dict]:
    if not isinstance(data, list) or len(data) > MAX_MARKERS:
        raise MissionError(path, f"A list of up to {MAX_MARKERS} markers.")
    goods = {e.slug for e in catalogue().goods()} | {e.slug for e in catalogue().items()}
    out = []
    for i, marker in enumerate(data):
        where = f"{path}.{i}"
        if not isinstance(marker, dict) or set(marker) != {"key", label, "x", "y"}:
            raise MissionError(where, f"A marker has key, {label}, x and y.")
        if label == "item" and marker["item"] not in goods:
            raise MissionError(f"{where}.item", "A loot token holds goods or a findable item.")
        out.append(
            {
                "key": _text(marker, "key", where, limit=40),
                label: _text(marker, label, where, limit=80),
                "x": _coordinate(marker["x"], f"{where}.x"),
                "y": _coordinate(marker["y"], f"{where}.y"),
            }
        )
    return out


def _rewards(data: object, path: str) -> dict:
    if not isinstance(data, dict) or set(data) != set(SIDES):
        raise MissionError(path, "Rewards for the attacker and for the defender.")
    findable = {e.slug for e in catalogue().goods()} | {e.slug for e in catalogue().items()}
    rewards = {}
    for side in SIDES:
        by_outcome = data[side]
        if not isinstance(by_outcome, dict) or set(by_outcome) != set(OUTCOMES):
            raise MissionError(f"{path}.{side}", f"Rewards for {', '.join(OUTCOMES)}.")
        rewards[side] = {}
        for outcome in OUTCOMES:
            where = f"{path}.{side}.{outcome}"
            reward = by_outcome[outcome]
            if not isinstance(reward, dict) or set(reward) != {"credits", "goods"}:
                raise MissionError(where, "A reward has credits and goods.")
            credits = _whole(reward["credits"], f"{where}.credits", 0, MAX_REWARD_CREDITS)
            goods = reward["goods"]
            if not isinstance(goods, list) or len(goods) > MAX_REWARD_GOODS:
                raise MissionError(f"{where}.goods", f"Up to {MAX_REWARD_GOODS} goods or items.")
            if any(g not in findable for g in goods):
                raise MissionError(f"{where}.goods", "Goods and findable items of the catalogue.")
            rewards[side][outcome] = {"credits": credits, "goods": list(goods)}
    return rewards


def side_of(seat_index: int) -> str:
    """The first seat attacks (sets up in the attacker's zone), the second defends."""
    return SIDES[seat_index]


def reward(data: dict, side: str, outcome: str) -> dict:
    """The mission's reward for a side and an outcome: ``{"credits": n, "goods": [...]}``."""
    return json.loads(json.dumps(data["rewards"][side][outcome]))
