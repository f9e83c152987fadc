"""Last Hope Frontier's greedy bot: rules of thumb over the seat's view (rulesets/core/bots.py).

In order: defend with the highest card; drink when wounded; pick up a mission's loot token
in reach; attack the target with the fewest wounds left (a fight in base contact or a
shot/throw in range) with the highest card in hand; else advance the activated fighter
straight at the nearest objective marker or free loot token of a mission (standing still
once on an objective) or at the nearest enemy, charging into base contact when the referee
lists it; reload a spent gun; activate first the fighter closest to an enemy; deploy in the
centre of the front of the zone. The live table has no terrain, so there is no
cover to take.
"""

from __future__ import annotations

import math
import random

from rulesets.core.bots import Bot

RANKS = {"J": 11, "Q": 12, "K": 13, "A": 14, "JOKER": 15}


def _rank(code: str) -> int:
    if code == "JOKER":
        return RANKS[code]
    face = code[:-1]
    return int(face) if face.isdigit() else RANKS.get(face, 0)


def _best_card(view: dict, seat: str) -> str | None:
    hand = (view["cards"].get(seat) or {}).get("hand") or []
    return max(hand, key=_rank) if hand else None


def _fighters(view: dict) -> list[dict]:
    return [f for f in view["fighters"].values() if f["status"] == "in_play" and f["position"]]


def _gap(a: dict, b: dict) -> float:
    return math.dist((a["x"], a["y"]), (b["x"], b["y"]))


def _nearest_enemy(view: dict, fighter: dict) -> dict | None:
    enemies = [f for f in _fighters(view) if f["seat"] != fighter["seat"]]
    if not enemies:
        return None
    return min(enemies, key=lambda e: _gap(e["position"], fighter["position"]))


def _with_card(action: dict, card: str | None) -> dict | None:
    if card is None:
        return None
    out = {k: v for k, v in action.items() if k not in ("distance", "max_distance")}
    out["card"] = card
    if isinstance(out.get("line_of_fire"), list):
        out["line_of_fire"] = True
    return out


def _mission_goal(view: dict, fighter: dict) -> tuple[dict | None, float]:
    """The nearest free loot token or objective marker of the mission, and how close to stop
    (None when the mission has no marker left to go for)."""
    mission = view.get("mission")
    if not mission:
        return None, 0.0
    here = fighter["position"]
    markers = [*mission["objectives"], *(t for t in mission["loot"] if t["taken_by"] is None)]
    if not markers:
        return None, 0.0
    return min(markers, key=lambda m: _gap(here, m)), 0.9


def _advance(view: dict, template: dict, accepts, rnd: random.Random) -> dict | None:
    """The move template filled in: straight at the mission's nearest marker or the nearest
    enemy, as far as allowed, stopping short of it; a shorter step when the referee refuses
    (another base in the way)."""
    fighter = view["fighters"][str(template["fighter"])]
    mission = view.get("mission") or {}
    if any(_gap(fighter["position"], o) <= 1.2 for o in mission.get("objectives", [])):
        return None  # holding an objective: stay put
    goal, stop = _mission_goal(view, fighter)
    if goal is None:
        enemy = _nearest_enemy(view, fighter)
        if enemy is None:
            return None
        goal, stop = enemy["position"], 1.05  # two base radii and a little air
    start = fighter["position"]
    gap = _gap(start, goal) - stop
    bounds = template["to"]
    angle = math.atan2(goal["y"] - start["y"], goal["x"] - start["x"])
    for share in (0.99, 0.8, 0.6, 0.4, 0.2):
        reach = max(0.0, min(template["max_distance"] * share, gap))
        jitter = rnd.uniform(-0.3, 0.3) if share < 0.99 else 0.0
        to = {
            axis: round(min(bounds[axis]["max"], max(bounds[axis]["min"], value)), 2)
            for axis, value in (
                ("x", start["x"] + reach * math.cos(angle + jitter)),
                ("y", start["y"] + reach * math.sin(angle + jitter)),
            )
        }
        action = {"type": "move", "fighter": template["fighter"], "to": to}
        if accepts(action):
            return action
    return None


def lhf_greedy(*, view: dict, legal: list[dict], accepts, rnd: random.Random) -> dict | None:
    seat = view["you"]
    by_type: dict[str, list[dict]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    card = _best_card(view, seat)
    if "defend" in by_type:
        return _with_card(by_type["defend"][0], card)
    if "spend_rabbits_feet" in by_type:
        return max(by_type["spend_rabbits_feet"], key=lambda a: a["count"])
    if "deploy" in by_type:
        return _deploy(view, by_type["deploy"], accepts)
    if "drink" in by_type:
        return by_type["drink"][0]
    if "pick_up" in by_type:
        return by_type["pick_up"][0]
    attacks = [a for kind in ("fight", "shoot", "throw_knife") for a in by_type.get(kind, [])]
    if attacks and card is not None:
        target = min(attacks, key=lambda a: view["fighters"][str(a["target"])]["wounds_left"])
        kinds = [a for a in attacks if a["target"] == target["target"]]
        return _with_card(kinds[0], card)
    moves = by_type.get("move", [])
    charges = [a for a in moves if "into_contact_with" in a]
    if charges:
        charge = charges[0]
        return {k: v for k, v in charge.items() if k != "into_contact_with"}
    templates = [a for a in moves if isinstance(a["to"].get("x"), dict)]
    if templates:
        advance = _advance(view, templates[0], accepts, rnd)
        if advance is not None:
            return advance
    if "reload" in by_type:
        return by_type["reload"][0]
    if "activate" in by_type:
        return min(by_type["activate"], key=lambda a: _enemy_gap(view, a["fighter"]))
    for kind in ("end_activation", "end_turn"):
        if kind in by_type:
            return by_type[kind][0]
    return None


def _enemy_gap(view: dict, fighter_id: int) -> float:
    fighter = view["fighters"][str(fighter_id)]
    enemy = _nearest_enemy(view, fighter)
    return _gap(fighter["position"], enemy["position"]) if enemy else math.inf


def _deploy(view: dict, deploys: list[dict], accepts) -> dict | None:
    """Set up at the front edge of the zone, spread from the middle outwards."""
    action = deploys[0]
    bounds = action["to"]
    front = bounds["y"]["max"] if view["seats"].index(view["you"]) == 0 else bounds["y"]["min"]
    middle = (bounds["x"]["min"] + bounds["x"]["max"]) / 2
    for offset in (0, 1.2, -1.2, 2.4, -2.4, 3.6, -3.6, 4.8, -4.8, 6, -6, 7.2, -7.2):
        to = {"x": round(middle + offset, 2), "y": round(front, 2)}
        candidate = {"type": "deploy", "fighter": action["fighter"], "to": to}
        if accepts(candidate):
            return candidate
    return None


BOT = Bot(slug="last-hope-frontier", choose=lhf_greedy)
