"""Last Hope Frontier at the table: the 2 x 2 ft board with fighters, wounds, facing and range
rings in card lengths; placement templates filled by clicking within their bounds.

Facing is not a rule the engine keeps (a shot needs only a declared line of fire), so the
page draws each model facing the nearest enemy in play, as players turn their models at the
table. The rings around the activated fighter are one, two and three card lengths.
"""

from __future__ import annotations

import math

from matches.tables.common import Control, Seats, controls, seat_colour
from rulesets.last_hope_frontier.movement import BOARD_SIZE, CARD_LENGTH

SCALE = 20  # px per inch
SUITS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
INFORMATIVE = ("max_distance", "distance", "into_contact_with")


def card_label(code: str) -> str:
    if code.upper().startswith("JOKER"):
        return "Joker"
    return f"{code[:-1]}{SUITS.get(code[-1], code[-1])}"


def _is_range(value) -> bool:
    return isinstance(value, dict) and set(value) == {"min", "max"}


def present(view: dict, legal: list[dict], seats: Seats) -> dict:
    fighters = view["fighters"]
    active = (view.get("activation") or {}).get("fighter")
    in_play = [f for f in fighters.values() if f.get("position") and f["status"] == "in_play"]
    figures = []
    for f in fighters.values():
        pos = f.get("position")
        if not pos:
            continue
        x, y = pos["x"] * SCALE, pos["y"] * SCALE
        facing = _facing(f, in_play)
        figures.append(
            {
                "x": round(x, 1),
                "y": round(y, 1),
                "r": SCALE * 0.5,
                "colour": seat_colour(f["seat"], view["seats"]),
                "out": f["status"] != "in_play",
                "label": f["name"].split()[-1][:8],
                "wounds": f"{f['wounds_left']}/{f['stats']['wounds']}",
                "fx": round(x + math.cos(facing) * SCALE * 0.9, 1),
                "fy": round(y + math.sin(facing) * SCALE * 0.9, 1),
                "pick": f"fighter:{f['id']}",
                "title": f"{f['name']} ({seats.name(f['seat'])}): {f['wounds_left']} wounds left",
                "active": f["id"] == active,
            }
        )
    rings = []
    if active is not None and fighters.get(str(active), {}).get("position"):
        pos = fighters[str(active)]["position"]
        rings = [
            {"x": pos["x"] * SCALE, "y": pos["y"] * SCALE, "r": k * CARD_LENGTH * SCALE, "k": k}
            for k in (1, 2, 3)
        ]
    items = [_control(a, view, seats) for a in legal]
    zones = [
        {"y": 0, "h": CARD_LENGTH * SCALE, "colour": seat_colour(view["seats"][0], view["seats"])},
        {
            "y": (BOARD_SIZE - CARD_LENGTH) * SCALE,
            "h": CARD_LENGTH * SCALE,
            "colour": seat_colour(view["seats"][1], view["seats"]),
        },
    ]
    mine = view["cards"].get(seats.you, {}) if seats.you else {}
    hand = [
        {"id": c, "label": card_label(c), "detail": "card", "kind": "card"}
        for c in mine.get("hand") or []
    ]
    return {
        "board_template": "matches/boards/last_hope_frontier.html",
        "board": {
            "size": int(BOARD_SIZE * SCALE),
            "viewbox": f"-4 -4 {int(BOARD_SIZE * SCALE) + 8} {int(BOARD_SIZE * SCALE) + 8}",
            "scale": SCALE,
            "figures": figures,
            "rings": rings,
            "zones": zones,
            "grid": [i * CARD_LENGTH * SCALE for i in range(1, int(BOARD_SIZE / CARD_LENGTH) + 1)],
        },
        "hand": hand,
        "players": [_player(s, view, seats) for s in view["seats"]],
        "facts": [
            ("Turn", f"{view['turn']} of {view['turn_limit']}"),
            ("Phase", view["phase"]),
            ("Active player", seats.name(view.get("active"))),
            ("Attack card face down", "yes" if view.get("pending") else "no"),
            ("Out of action", len(view.get("out_of_action") or [])),
        ],
        "waiting": _waiting(view, seats),
        "controls": controls(items),
    }


def _facing(fighter: dict, in_play: list[dict]) -> float:
    pos = fighter["position"]
    enemies = [f for f in in_play if f["seat"] != fighter["seat"]]
    if not enemies:
        return math.pi / 2 if fighter["seat"] == "s1" else -math.pi / 2
    nearest = min(
        enemies,
        key=lambda f: (f["position"]["x"] - pos["x"]) ** 2 + (f["position"]["y"] - pos["y"]) ** 2,
    )
    return math.atan2(nearest["position"]["y"] - pos["y"], nearest["position"]["x"] - pos["x"])


def _player(seat: str, view: dict, seats: Seats) -> dict:
    gang = view["gangs"][seat]
    cards = view["cards"][seat]
    fighters = [view["fighters"][str(i)] for i in gang["fighters"]]
    standing = sum(1 for f in fighters if f["status"] != "out_of_action")
    return {
        "seat": seat,
        "name": seats.title(seat),
        "colour": seat_colour(seat, view["seats"]),
        "detail": f"{gang['name']} · {standing} of {len(fighters)} standing"
        f" · {cards['hand_count']} cards in hand, {cards['deck_count']} in the deck",
    }


def _waiting(view: dict, seats: Seats) -> str:
    if view["phase"] == "over":
        return "The battle is over."
    who = ", ".join(seats.title(s) for s in view.get("to_move") or [])
    if view.get("pending"):
        return f"An attack card is face down: {who} must defend."
    return f"{who} to play ({view['phase']})." if who else ""


def _control(action: dict, view: dict, seats: Seats) -> Control:
    kind = action["type"]
    fighters = view["fighters"]

    def name(fid) -> str:
        return fighters.get(str(fid), {}).get("name", str(fid))

    concrete = {k: v for k, v in action.items() if k not in INFORMATIVE}
    point = None
    inputs = []
    for key, value in list(concrete.items()):
        if key == "to" and isinstance(value, dict) and _is_range(value.get("x")):
            point = {
                "key": "to",
                "x": [value["x"]["min"], value["x"]["max"]],
                "y": [value["y"]["min"], value["y"]["max"]],
                "scale": SCALE,
            }
        elif isinstance(value, list):
            inputs.append({"key": key, "kind": "bool", "label": key.replace("_", " ")})
        elif _is_range(value):
            inputs.append(
                {
                    "key": key,
                    "kind": "number",
                    "min": value["min"],
                    "max": value["max"],
                    "label": f"{key.replace('_', ' ')} (in)",
                }
            )
    needs_card = concrete.get("card") == {"from_hand": True}
    target = action.get("target")
    picks = []
    if kind in ("activate", "deploy"):
        picks = [f"fighter:{action['fighter']}"]
    elif target is not None:
        picks = [f"fighter:{target}"]
    weapon = action.get("weapon", "")
    reach = action.get("max_distance", "?")
    label = {
        "deploy": f"Set up {name(action.get('fighter'))} (click in your zone)",
        "use_town_map": f"Use {name(action.get('fighter'))}'s town map",
        "activate": f"Activate {name(action.get('fighter'))}",
        "move": f'Move {name(action.get("fighter"))} (click where, up to {reach}")',
        "mount": f"{name(action.get('fighter'))} mounts",
        "dismount": f"{name(action.get('fighter'))} dismounts",
        "drink": f"{name(action.get('fighter'))} drinks {action.get('item')}",
        "shoot": f"{name(action.get('fighter'))} shoots {name(target)} with the {weapon}"
        + (f' ({action["distance"]}")' if "distance" in action else ""),
        "fight": f"{name(action.get('fighter'))} fights {name(target)}",
        "throw_knife": f"{name(action.get('fighter'))} throws a knife at {name(target)}",
        "throw_dynamite": f"{name(action.get('fighter'))} throws dynamite at {name(target)}",
        "reload": f"{name(action.get('fighter'))} reloads the {weapon}",
        "defend": "Defend with the selected card",
        "spend_rabbits_feet": f"Spend {action.get('count')} rabbit's feet",
        "end_activation": "End the activation",
        "end_turn": "End the turn",
    }.get(kind, kind.replace("_", " "))
    return Control(
        label=label,
        action=concrete,
        picks=picks,
        group=kind,
        point=point,
        inputs=inputs,
        needs_card=needs_card,
    )
