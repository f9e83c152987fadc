"""Last Hope Frontier at the table: the 2 x 2 ft board with fighters, wounds, facing and range
rings in card lengths; placement templates filled by clicking within their bounds.

Facing is not a rule the engine keeps (a shot needs only a declared line of fire), so the
page draws each model facing the nearest enemy in play, as players turn their models at the
table. The rings around the activated fighter are one, two and three card lengths.
"""

from __future__ import annotations

import math

from django.utils.translation import gettext, gettext_noop, ngettext

from matches.tables.common import Control, Seats, controls, seat_colour
from matches.tables.last_hope_frontier_mission import (
    SCALE,
    loot_item,
    markers,
    mission_facts,
    thing_name,
    zones,
)
from rulesets.last_hope_frontier.movement import BOARD_SIZE, CARD_LENGTH

SUITS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
INFORMATIVE = ("max_distance", "distance", "into_contact_with")
# A control's words by action type, translated when drawn (gettext_noop: for makemessages).
LABELS = {
    "deploy": gettext_noop("Set up %(fighter)s (click in your zone)"),
    "use_town_map": gettext_noop("Use %(fighter)s's town map"),
    "activate": gettext_noop("Activate %(fighter)s"),
    "move": gettext_noop('Move %(fighter)s (click where, up to %(reach)s")'),
    "mount": gettext_noop("%(fighter)s mounts"),
    "dismount": gettext_noop("%(fighter)s dismounts"),
    "drink": gettext_noop("%(fighter)s drinks %(item)s"),
    "shoot": gettext_noop("%(fighter)s shoots %(target)s with the %(weapon)s"),
    "fight": gettext_noop("%(fighter)s fights %(target)s"),
    "throw_knife": gettext_noop("%(fighter)s throws a knife at %(target)s"),
    "throw_dynamite": gettext_noop("%(fighter)s throws dynamite at %(target)s"),
    "reload": gettext_noop("%(fighter)s reloads the %(weapon)s"),
    "defend": gettext_noop("Defend with the selected card"),
    "spend_rabbits_feet": gettext_noop("Spend %(count)s rabbit's feet"),
    "pick_up": gettext_noop("%(fighter)s picks up the %(item)s"),
    "end_activation": gettext_noop("End the activation"),
    "end_turn": gettext_noop("End the turn"),
}


# The engine's phases and the keys of an action's options, as the page names them.
PHASES = {
    "initiative": gettext_noop("initiative"),
    "deployment": gettext_noop("deployment"),
    "battle": gettext_noop("battle"),
    "over": gettext_noop("over"),
}
OPTIONS = {
    "line_of_fire": gettext_noop("a line of fire"),
    "over_obstacle": gettext_noop("over an obstacle"),
    "climb": gettext_noop("climb (inches)"),
    "jump_down": gettext_noop("jump down (inches)"),
}


def phase_name(phase: str) -> str:
    return gettext(PHASES[phase]) if phase in PHASES else phase.replace("_", " ")


def option_name(key: str) -> str:
    return gettext(OPTIONS[key]) if key in OPTIONS else key.replace("_", " ")


def card_label(code: str) -> str:
    if code.upper().startswith("JOKER"):
        return gettext("Joker")
    return f"{code[:-1]}{SUITS.get(code[-1], code[-1])}"


def _is_range(value) -> bool:
    return isinstance(value, dict) and set(value) == {"min", "max"}


def present(view: dict, legal: list[dict], seats: Seats) -> dict:
    mine = view["cards"].get(seats.you, {}) if seats.you else {}
    hand = [
        {"id": c, "label": card_label(c), "detail": gettext("card"), "kind": "card"}
        for c in mine.get("hand") or []
    ]
    figures = _figures(view, seats)
    return {
        "board_template": "matches/boards/last_hope_frontier.html",
        "board": {
            "size": int(BOARD_SIZE * SCALE),
            "viewbox": f"-4 -4 {int(BOARD_SIZE * SCALE) + 8} {int(BOARD_SIZE * SCALE) + 8}",
            "scale": SCALE,
            "figures": figures,
            "rings": _rings(view),
            "zones": zones(view),
            "markers": markers(view, seats),
            "grid": [i * CARD_LENGTH * SCALE for i in range(1, int(BOARD_SIZE / CARD_LENGTH) + 1)],
        },
        "hand": hand,
        "legend": legend(figures),
        "players": [_player(s, view, seats) for s in view["seats"]],
        "facts": [
            (
                gettext("Turn"),
                gettext("%(turn)s of %(limit)s")
                % {"turn": view["turn"], "limit": view["turn_limit"]},
            ),
            (gettext("Phase"), phase_name(view["phase"])),
            (gettext("Active player"), seats.name(view.get("active"))),
            (
                gettext("Attack card face down"),
                gettext("yes") if view.get("pending") else gettext("no"),
            ),
            (gettext("Out of action"), len(view.get("out_of_action") or [])),
            *mission_facts(view, seats),
        ],
        "waiting": _waiting(view, seats),
        "controls": controls([_control(a, view, seats) for a in legal]),
    }


def _figures(view: dict, seats: Seats) -> list[dict]:
    """Each fighter on the table, facing the nearest enemy in play. A token carries a short
    code unique on the table ("B1", "B2" for two Barkers) and the legend beside the board
    names it: six fighters of one name, close together, are still told apart."""
    fighters = view["fighters"]
    active = (view.get("activation") or {}).get("fighter")
    in_play = [f for f in fighters.values() if f.get("position") and f["status"] == "in_play"]
    codes = token_codes(fighters)
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
                "label": codes[f["id"]],
                "fx": round(x + math.cos(facing) * SCALE * 0.9, 1),
                "fy": round(y + math.sin(facing) * SCALE * 0.9, 1),
                "pick": f"fighter:{f['id']}",
                "title": _title(f, codes[f["id"]], seats, active),
                "active": f["id"] == active,
            }
        )
    return figures


def token_codes(fighters: dict) -> dict:
    """A code per fighter id, unique on the table: the initials of its name ("Ma Barker":
    "MB"), numbered when initials are shared ("Barker" six times: "B1" to "B6")."""
    initials = {}
    for f in fighters.values():
        words = f["name"].split()[:2] or ["?"]
        initials[f["id"]] = "".join(w[:1].upper() for w in words)
    shared = {}
    for code in initials.values():
        shared[code] = shared.get(code, 0) + 1
    codes, counts = {}, {}
    for fid, code in initials.items():
        if shared[code] > 1:
            counts[code] = counts.get(code, 0) + 1
            code = f"{code}{counts[code]}"
        codes[fid] = code
    return codes


def _title(f: dict, code: str, seats: Seats, active) -> str:
    """What hovering or tapping a token says: code, name, owner, wounds and state."""
    state = gettext("activated now") if f["id"] == active else _state(f)
    return gettext("%(code)s %(fighter)s (%(player)s): %(wounds)s of %(max)s wounds, %(state)s") % {
        "code": code,
        "fighter": f["name"],
        "player": seats.name(f["seat"]),
        "wounds": f["wounds_left"],
        "max": f["stats"]["wounds"],
        "state": state,
    }


def _state(f: dict) -> str:
    if f["status"] != "in_play":
        return gettext("out of action")
    if f.get("activated"):
        return gettext("has activated this turn")
    return gettext("ready")


def legend(figures: list[dict]) -> list[dict]:
    """The board's key: one line per token, what its title says (a list any reader reaches)."""
    return [{"colour": f["colour"], "code": f["label"], "text": f["title"]} for f in figures]


def _rings(view: dict) -> list[dict]:
    """One, two and three card lengths around the activated fighter."""
    fighters = view["fighters"]
    active = (view.get("activation") or {}).get("fighter")
    if active is None or not fighters.get(str(active), {}).get("position"):
        return []
    pos = fighters[str(active)]["position"]
    return [
        {
            "x": pos["x"] * SCALE,
            "y": pos["y"] * SCALE,
            "r": k * CARD_LENGTH * SCALE,
            "label": ngettext("%(k)s card", "%(k)s cards", k) % {"k": k},
        }
        for k in (1, 2, 3)
    ]


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
        "detail": gettext(
            "%(gang)s · %(standing)s of %(fighters)s standing"
            " · %(hand)s cards in hand, %(deck)s in the deck"
        )
        % {
            "gang": gang["name"],
            "standing": standing,
            "fighters": len(fighters),
            "hand": cards["hand_count"],
            "deck": cards["deck_count"],
        },
    }


def _waiting(view: dict, seats: Seats) -> str:
    if view["phase"] == "over":
        return gettext("The battle is over.")
    to_move = view.get("to_move") or []
    if not to_move:
        return ""
    # The viewer in the second person, the others by name: a verb agrees with its subject.
    mine, names = seats.others(to_move)
    count = len(to_move) - mine
    if view.get("pending"):
        if mine:
            return (
                gettext("An attack card is face down: you and %(names)s must defend.")
                if names
                else gettext("An attack card is face down: you must defend.")
            ) % {"names": names}
        return ngettext(
            "An attack card is face down: %(names)s must defend.",
            "An attack card is face down: %(names)s must defend.",
            count,
        ) % {"names": names}
    phase = phase_name(view["phase"])
    if mine:  # alone, the page's "Your move." says it (and its facts, the phase)
        return (
            gettext("You and %(names)s to play (%(phase)s).") % {"names": names, "phase": phase}
            if names
            else ""
        )
    return ngettext("%(names)s to play (%(phase)s).", "%(names)s to play (%(phase)s).", count) % {
        "names": names,
        "phase": phase,
    }


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
            inputs.append({"key": key, "kind": "bool", "label": option_name(key)})
        elif _is_range(value):
            inputs.append(
                {
                    "key": key,
                    "kind": "number",
                    "min": value["min"],
                    "max": value["max"],
                    "label": option_name(key),
                }
            )
    needs_card = concrete.get("card") == {"from_hand": True}
    target = action.get("target")
    picks = []
    if kind in ("activate", "deploy", "pick_up"):
        picks = [f"fighter:{action['fighter']}"]
    elif target is not None:
        picks = [f"fighter:{target}"]
    if kind in LABELS:
        label = gettext(LABELS[kind]) % {
            "fighter": name(action.get("fighter")),
            "target": name(target),
            "weapon": thing_name(action.get("weapon")),
            "reach": action.get("max_distance", "?"),
            "count": action.get("count"),
            "item": thing_name(loot_item(view, action)),
        }
    else:
        label = kind.replace("_", " ")
    if kind == "shoot" and "distance" in action:
        label += f' ({action["distance"]}")'

    return Control(
        label=label,
        action=concrete,
        picks=picks,
        group=kind,
        point=point,
        inputs=inputs,
        needs_card=needs_card,
    )
