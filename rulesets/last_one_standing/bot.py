"""Last One Standing's greedy bot: rules of thumb over the seat's view (rulesets/core/bots.py).

In order: shoot the enemy with the least health among the listed shots (the hardest-hitting
attack on them); heal when at 5 health or less; reload when a weapon is spent and nobody is in
reach; otherwise move, one step at a time, toward the nearest enemy when armed with a loaded
gun, else toward the nearest crate, else the centre, never onto a tile of the side marked to
explode (the storm); equip loot into empty slots; end the turn.
"""

from __future__ import annotations

import random

from rulesets.core.bots import Bot
from rulesets.last_one_standing import catalogue
from rulesets.last_one_standing.island import land_on_side

LOW_HEALTH = 5


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


BOT = Bot(slug="last-one-standing", choose=los_greedy)
