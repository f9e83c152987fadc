"""Greedy bots for Last One Standing and Last Hope Frontier: rules of thumb over the seat's view.

Unlike the one-step look-ahead of Le Dernier Peuple and Battle Royale (policies.py), these
rules never get the state: they are handed the seat's ``view``, its ``legal`` actions and
``accepts(action)`` (would the referee take this filled-in template? what a player learns by
trying), so they cannot read hidden information. A shot's result is a roll, so looking one
action ahead would say little anyway. A decision they have no opinion on (a draft pick, a
supply drop, a trade) returns None and policies.py plays it at random.

Last One Standing, in order: shoot the enemy with the least health among the listed shots
(the hardest-hitting attack on them); heal when at 5 health or less; reload when a weapon is
spent and nobody is in reach; otherwise move, one step at a time, toward the nearest enemy
when armed with a loaded gun, else toward the nearest crate, else the centre, never onto a
tile of the side marked to explode (the storm); equip loot into empty slots; end the turn.

Last Hope Frontier, in order: defend with the highest card; drink when wounded; attack the
target with the fewest wounds left (a fight in base contact or a shot/throw in range) with
the highest card in hand; else advance the activated fighter straight at the nearest enemy,
charging into base contact when the referee lists it; reload a spent gun; activate first the
fighter closest to an enemy; deploy in the centre of the front of the zone. The live table
has no terrain, so there is no cover to take.
"""

from __future__ import annotations

import math
import random

from rulesets.last_one_standing import catalogue
from rulesets.last_one_standing.island import land_on_side

LOW_HEALTH = 5


# --- Last One Standing -------------------------------------------------------------------------


def _hex(value) -> str:
    return f"{value[0]},{value[1]}"


def _distance(a: str, b: str) -> int:
    q1, r1 = (int(v) for v in a.split(","))
    q2, r2 = (int(v) for v in b.split(","))
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _storm_hexes(view: dict) -> set[str]:
    side = view["marked_side"]
    if not isinstance(side, int):
        return set()
    return {h for t in land_on_side(view["tiles"], side) for h in view["tiles"][t]["hexes"]}


def _enemies(view: dict, seat: str) -> dict[str, dict]:
    team = view["players"][seat]["team"]
    return {
        s: p
        for s, p in view["players"].items()
        if s != seat and p["alive"] and p["hex"] and (team is None or p["team"] != team)
    }


def _loaded_gun(me: dict) -> bool:
    return any(
        held and held["face_down"] and catalogue.is_weapon(held["card"])
        for slot, held in me["slots"].items()
        if slot in ("light", "long", "heavy")
    )


def _goal_distance(view: dict, seat: str, here: str) -> float:
    """How far ``here`` is from where the bot wants to be (smaller is better)."""
    me = view["players"][seat]
    enemies = [p["hex"] for p in _enemies(view, seat).values()]
    if enemies and _loaded_gun(me):
        return min(_distance(here, h) for h in enemies)
    if view["crates"]:
        return min(_distance(here, h) for h in view["crates"])
    return _distance(here, "0,0")


def _los_shot(view: dict, shots: list[dict]) -> dict:
    def value(action):
        card = view["players"][view["you"]]["slots"][action["slot"]]["card"]
        damage = (catalogue.attack(card, action["attack"]) or {}).get("damage", 0)
        return (view["players"][action["target"]]["health"], -damage)

    return min(shots, key=value)


def los_greedy(*, view: dict, legal: list[dict], accepts, rnd: random.Random) -> dict | None:
    seat = view["you"]
    me = view["players"][seat]
    by_type: dict[str, list[dict]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    storm = _storm_hexes(view)
    if "drop_in" in by_type:
        spots = by_type["drop_in"]
        return min(spots, key=lambda a: (_goal_distance(view, seat, _hex(a["hex"])), rnd.random()))
    if "step" in by_type or "end_move" in by_type:
        here = me["hex"]
        options = [(a, _hex(a["hex"])) for a in by_type.get("step", [])]

        def cost(h: str) -> float:
            return _goal_distance(view, seat, h) + (10 if h in storm else 0)

        now = cost(here)
        scored = [(cost(h), a) for a, h in options]
        better = [(score, a) for score, a in scored if score < now]
        if better or "end_move" not in by_type:
            pool = better or scored
            best = min(score for score, _ in pool)
            return rnd.choice([a for score, a in pool if score == best])
        return by_type["end_move"][0]
    items = {kind: [] for kind in ("heal", "grenade", "revive", "energy")}
    for action in by_type.get("use_item", []):
        items.setdefault(catalogue.card(action["card"])["effect"], []).append(action)
    if items["revive"]:
        return items["revive"][0]
    if "shoot" in by_type:
        return _los_shot(view, by_type["shoot"])
    if items["grenade"]:
        return min(items["grenade"], key=lambda a: view["players"][a["target"]]["health"])
    if items["heal"] and me["health"] <= LOW_HEALTH:
        return items["heal"][0]
    if "equip" in by_type:
        empty = [a for a in by_type["equip"] if me["slots"].get(a["slot"]) is None]
        return empty[0] if empty else by_type.get("done", by_type["equip"])[0]
    if "unequip" in by_type and "done" in by_type:
        return by_type["done"][0]  # rearranging: keep what is on the mat
    if "end_turn" in by_type:
        if "reload" in by_type and not _loaded_gun(me) and _armed_mat(me):
            return by_type["reload"][0]
        if "move" in by_type:
            return by_type["move"][0]
        return by_type["end_turn"][0]
    if "done" in by_type and len(by_type) == 1:
        return by_type["done"][0]
    return None


def _armed_mat(me: dict) -> bool:
    return any(
        held and catalogue.is_weapon(held["card"]) and not catalogue.card(held["card"]).get("melee")
        for slot, held in me["slots"].items()
        if slot in ("light", "long", "heavy")
    )


# --- Last Hope Frontier ------------------------------------------------------------------------

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


def _advance(view: dict, template: dict, accepts, rnd: random.Random) -> dict | None:
    """The move template filled in: straight at the nearest enemy, as far as allowed, stopping
    short of its base; a shorter step when the referee refuses (another base in the way)."""
    fighter = view["fighters"][str(template["fighter"])]
    enemy = _nearest_enemy(view, fighter)
    if enemy is None:
        return None
    start, goal = fighter["position"], enemy["position"]
    gap = _gap(start, goal) - 1.05  # two base radii and a little air
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


GREEDY = {"last-one-standing": los_greedy, "last-hope-frontier": lhf_greedy}
