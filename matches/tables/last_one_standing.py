"""Last One Standing at the table: the hex island with terrain, crates, markers and players."""

from __future__ import annotations

import math

from matches.tables.common import Control, Seats, controls, seat_colour
from rulesets.core.words import counted
from rulesets.last_one_standing import catalogue

HEX = 17  # circumradius in px, pointy-top
TERRAIN = {
    "plains": "#cfe5a5",
    "forest": "#4f8a45",
    "desert": "#ead590",
    "tower": "#a39a90",
    "water": "#69a7dc",
    "wall": "#6b5a48",
}


def _pixel(q: int, r: int) -> tuple[float, float]:
    return HEX * math.sqrt(3) * (q + r / 2), HEX * 1.5 * r


def _corners(x: float, y: float) -> str:
    points = []
    for i in range(6):
        angle = math.radians(60 * i - 30)
        points.append(f"{x + HEX * math.cos(angle):.1f},{y + HEX * math.sin(angle):.1f}")
    return " ".join(points)


def _hex(key: str) -> tuple[int, int]:
    q, r = key.split(",")
    return int(q), int(r)


def card_name(card_id: str) -> str:
    try:
        return catalogue.name(card_id)
    except KeyError:
        return card_id.split("#", 1)[0].replace("-", " ")


def present(view: dict, legal: list[dict], seats: Seats) -> dict:
    picks_by_hex: dict[str, str] = {}
    items = []
    for action in legal:
        control = _control(action, seats)
        items.append(control)
        if "hex" in action and action["type"] in ("drop_in", "step"):
            picks_by_hex[f"{action['hex'][0]},{action['hex'][1]}"] = control.picks[0]
    cells = []
    xs, ys = [], []
    for key, terrain in view["terrain"].items():
        x, y = _pixel(*_hex(key))
        xs.append(x)
        ys.append(y)
        crate = view["crates"].get(key)
        cells.append(
            {
                "key": key,
                "x": round(x, 1),
                "y": round(y, 1),
                "points": _corners(x, y),
                "bx": round(x - 5, 1),
                "by": round(y - 5, 1),
                "fill": TERRAIN.get(terrain, "#ccc"),
                "terrain": terrain,
                "crate": crate["kind"] if crate else "",
                "pick": picks_by_hex.get(key, ""),
            }
        )
    figures = []
    for n, (seat, player) in enumerate(view["players"].items()):
        if player.get("hex") is None:
            continue
        x, y = (
            _pixel(*player["hex"])
            if isinstance(player["hex"], list)
            else _pixel(*_hex(player["hex"]))
        )
        figures.append(
            {
                "x": round(x, 1),
                "y": round(y, 1),
                "colour": seat_colour(seat, view["seats"]),
                "initial": seat[1:],  # the seat number: names may share an initial
                "alive": player["alive"],
                "title": f"{seats.title(seat)}: health {player['health']}",
                "n": n,
            }
        )
    pad = HEX * 2
    min_x, min_y = (min(xs) - pad, min(ys) - pad) if xs else (0, 0)
    width = (max(xs) - min(xs) + 2 * pad) if xs else 100
    height = (max(ys) - min(ys) + 2 * pad) if ys else 100
    me = view["players"].get(seats.you) if seats.you else None
    hand = [
        {"id": c, "label": card_name(c), "detail": "in hand", "kind": ""}
        for c in (me or {}).get("hand", [])
    ]
    for slot, held in ((me or {}).get("slots") or {}).items():
        if held:
            hand.append(
                {
                    "id": held["card"],
                    "label": card_name(held["card"]),
                    "detail": f"{slot} slot" + (" (face down)" if held["face_down"] else ""),
                    "kind": "equipped",
                }
            )
    return {
        "board_template": "matches/boards/last_one_standing.html",
        "board": {
            "viewbox": f"{min_x:.0f} {min_y:.0f} {width:.0f} {height:.0f}",
            "cells": cells,
            "figures": figures,
        },
        "hand": hand,
        "players": [_player(s, p, view, seats) for s, p in view["players"].items()],
        "facts": [
            ("Round", view["round"]),
            ("Phase", view["phase"].replace("_", " ")),
            ("Loot deck", view["decks"]["loot"]),
            ("Event track", f"{len(view['track']['tokens'])} of {len(view['track']['layout'])}"),
            ("Explosion side", view["marked_side"] or "none yet"),
        ],
        "waiting": _waiting(view, seats),
        "controls": controls(items),
    }


def _player(seat: str, p: dict, view: dict, seats: Seats) -> dict:
    slots = []
    for slot, held in (p.get("slots") or {}).items():
        if held is None:
            continue
        slots.append(f"{slot}: " + ("face down" if "card" not in held else card_name(held["card"])))
    state = "out" if not p["alive"] else f"health {p['health']}"
    return {
        "seat": seat,
        "name": seats.title(seat),
        "colour": seat_colour(seat, view["seats"]),
        "detail": f"{state} · weight {p['weight']} · kills {p['kills']} · {p['hand_count']} in hand"
        + (f" · {', '.join(slots)}" if slots else ""),
    }


def _waiting(view: dict, seats: Seats) -> str:
    if view["phase"] == "over":
        return "The game is over."
    if view["phase"] == "drop_in" and view["drop_queue"]:
        first = view["drop_queue"][0]
        if first == seats.you:
            return "You drop in: click a plains hex (the orange ones)."
        return f"{seats.title(first)} drops in."
    turn = view.get("turn") or {}
    if turn.get("seat"):
        left = counted(turn.get("actions", 0), "action")
        return f"{seats.title(turn['seat'])} to play ({left} left)."
    return ""


def _control(action: dict, seats: Seats) -> Control:
    kind = action["type"]
    picks = []
    if "hex" in action and kind in ("drop_in", "step"):
        picks = [f"hex:{action['hex'][0]},{action['hex'][1]}"]
    card = card_name(action["card"]) if "card" in action else ""
    label = {
        "drop_in": f"Drop in at {action.get('hex')}",
        "move": "Move",
        "step": f"Step to {action.get('hex')}",
        "end_move": "End the move",
        "shoot": f"Shoot {seats.name(action.get('target'))}"
        f" ({action.get('slot')}, {action.get('attack')})",
        "use_item": f"Use {card}"
        + (f" on {seats.name(action['target'])}" if "target" in action else ""),
        "reload": "Reload & rearrange",
        "end_turn": "End the turn",
        "equip": f"Equip {card} ({action.get('slot')})",
        "unequip": f"Unequip the {action.get('slot')} slot",
        "done": "Done",
        "discard": f"Discard {card}",
        "give": f"Give {card}",
        "draft_pick": f"Draft {card}",
    }.get(kind, kind.replace("_", " "))
    return Control(label=label, action=action, picks=picks, group=kind)
