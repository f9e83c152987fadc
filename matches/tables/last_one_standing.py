"""Last One Standing at the table: the hex island with terrain, crates, markers and players."""

from __future__ import annotations

import math

from django.utils.translation import gettext, gettext_noop, ngettext, pgettext

from matches.tables.common import Control, Seats, controls, seat_colour
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
# A control's words by action type, translated when drawn (gettext_noop: for makemessages).
LABELS = {
    "drop_in": gettext_noop("Drop in at %(hex)s"),
    "move": gettext_noop("Move"),
    "step": gettext_noop("Step to %(hex)s"),
    "end_move": gettext_noop("End the move"),
    "shoot": gettext_noop("Shoot %(target)s with %(card)s (%(slot)s slot, %(attack)s attack)"),
    "use_item": gettext_noop("Use %(card)s"),
    "use_item_on": gettext_noop("Use %(card)s on %(target)s"),
    "reload": gettext_noop("Reload & rearrange"),
    "end_turn": gettext_noop("End the turn"),
    "equip": gettext_noop("Equip %(card)s (%(slot)s)"),
    "unequip": gettext_noop("Unequip the %(slot)s slot"),
    "done": gettext_noop("Done"),
    "discard": gettext_noop("Discard %(card)s"),
    "give": gettext_noop("Give %(card)s"),
    "draft_pick": gettext_noop("Draft %(card)s"),
}
# The engine's words for slots, attacks and phases, in the reader's language when drawn.
WORDS = {
    "light": gettext_noop("light"),
    "long": gettext_noop("long"),
    "heavy": gettext_noop("heavy"),
    "primary": gettext_noop("primary"),
    "secondary": gettext_noop("secondary"),
    "drop_in": gettext_noop("drop in"),
    "draft": gettext_noop("draft"),
    "play": gettext_noop("play"),
    "over": gettext_noop("over"),
    "plains": gettext_noop("plains"),
    "forest": gettext_noop("forest"),
    "desert": gettext_noop("desert"),
    "tower": gettext_noop("tower"),
    "water": gettext_noop("water"),
    "wall": gettext_noop("wall"),
    "loot": gettext_noop("loot crate"),
    "supply": gettext_noop("supply crate"),
}


def word(key: object) -> str:
    return gettext(WORDS[key]) if key in WORDS else str(key or "").replace("_", " ")


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
        control = _control(action, seats, _slot_cards(view, seats))
        items.append(control)
        if "hex" in action and action["type"] in ("drop_in", "step"):
            picks_by_hex[f"{action['hex'][0]},{action['hex'][1]}"] = control.picks[0]
    figures = _figures(view, seats)
    return {
        "board_template": "matches/boards/last_one_standing.html",
        "board": {
            "viewbox": _viewbox(view),
            "cells": _cells(view, picks_by_hex),
            "figures": figures,
        },
        "hand": _hand(view, seats),
        "legend": [{"colour": f["colour"], "text": f["title"]} for f in figures],
        "players": [_player(s, p, view, seats) for s, p in view["players"].items()],
        "facts": [
            (gettext("Round"), view["round"]),
            (gettext("Phase"), word(view["phase"])),
            (gettext("Loot deck"), view["decks"]["loot"]),
            (
                gettext("Event track"),
                gettext("%(turn)s of %(limit)s")
                % {"turn": len(view["track"]["tokens"]), "limit": len(view["track"]["layout"])},
            ),
            (gettext("Explosion side"), view["marked_side"] or gettext("none yet")),
        ],
        "waiting": _waiting(view, seats),
        "controls": controls(items),
    }


def _cells(view: dict, picks_by_hex: dict[str, str]) -> list[dict]:
    """Every hex of the island: its terrain, its crate, and the pick that lands or steps there."""
    cells = []
    for key, terrain in view["terrain"].items():
        x, y = _pixel(*_hex(key))
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
                "title": f"{key}: {word(terrain)}" + (f", {word(crate['kind'])}" if crate else ""),
                "pick": picks_by_hex.get(key, ""),
            }
        )
    return cells


def _viewbox(view: dict) -> str:
    """The island's extent, with a margin of two hexes."""
    centres = [_pixel(*_hex(key)) for key in view["terrain"]]
    xs, ys = [x for x, _ in centres], [y for _, y in centres]
    pad = HEX * 2
    min_x, min_y = (min(xs) - pad, min(ys) - pad) if xs else (0, 0)
    width = (max(xs) - min(xs) + 2 * pad) if xs else 100
    height = (max(ys) - min(ys) + 2 * pad) if ys else 100
    return f"{min_x:.0f} {min_y:.0f} {width:.0f} {height:.0f}"


def _figures(view: dict, seats: Seats) -> list[dict]:
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
                "title": (
                    gettext("%(n)s %(name)s: health %(health)s")
                    if player["alive"]
                    else gettext("%(n)s %(name)s: out")
                )
                % {"n": seat[1:], "name": seats.title(seat), "health": player["health"]},
                "n": n,
            }
        )
    return figures


def _hand(view: dict, seats: Seats) -> list[dict]:
    """The seat's cards in hand, then what it holds in its slots."""
    me = view["players"].get(seats.you) if seats.you else None
    hand = [
        {"id": c, "label": card_name(c), "detail": gettext("in hand"), "kind": ""}
        for c in (me or {}).get("hand", [])
    ]
    for slot, held in ((me or {}).get("slots") or {}).items():
        if held:
            hand.append(
                {
                    "id": held["card"],
                    "label": card_name(held["card"]),
                    "detail": (
                        gettext("%(slot)s slot (face down)")
                        if held["face_down"]
                        else gettext("%(slot)s slot")
                    )
                    % {"slot": word(slot)},
                    "kind": "equipped",
                }
            )
    return hand


def _player(seat: str, p: dict, view: dict, seats: Seats) -> dict:
    slots = []
    for slot, held in (p.get("slots") or {}).items():
        if held is None:
            continue
        shown = gettext("face down") if "card" not in held else card_name(held["card"])
        slots.append(f"{word(slot)}: {shown}")
    if p["alive"]:
        state = gettext("health %(health)s") % {"health": p["health"]}
    else:
        state = pgettext("a player", "out")
    return {
        "seat": seat,
        "name": seats.title(seat),
        "colour": seat_colour(seat, view["seats"]),
        "detail": gettext("%(state)s · weight %(weight)s · kills %(kills)s · %(hand)s in hand")
        % {"state": state, "weight": p["weight"], "kills": p["kills"], "hand": p["hand_count"]}
        + (f" · {', '.join(slots)}" if slots else ""),
    }


def _waiting(view: dict, seats: Seats) -> str:
    if view["phase"] == "over":
        return gettext("The game is over.")
    if view["phase"] == "drop_in" and view["drop_queue"]:
        first = view["drop_queue"][0]
        if first == seats.you:
            return gettext("You drop in: click a plains hex (the orange ones).")
        return gettext("%(name)s drops in.") % {"name": seats.name(first)}
    turn = view.get("turn") or {}
    if not turn.get("seat"):
        return ""
    left = turn.get("actions", 0)
    if turn["seat"] == seats.you:  # after the page's "Your move.": what is left of it
        return ngettext(
            "%(count)s action left this turn.", "%(count)s actions left this turn.", left
        ) % {"count": left}
    return ngettext(
        "%(name)s to play (%(count)s action left).",
        "%(name)s to play (%(count)s actions left).",
        left,
    ) % {"name": seats.name(turn["seat"]), "count": left}


def _slot_cards(view: dict, seats: Seats) -> dict:
    """The card in each of the seat's weapon slots: a shot names the weapon it fires."""
    me = view["players"].get(seats.you) if seats.you else None
    return {slot: held["card"] for slot, held in ((me or {}).get("slots") or {}).items() if held}


def _control(action: dict, seats: Seats, slot_cards: dict) -> Control:
    kind = action["type"]
    picks = []
    if "hex" in action and kind in ("drop_in", "step"):
        picks = [f"hex:{action['hex'][0]},{action['hex'][1]}"]
    card = card_name(action["card"]) if "card" in action else ""
    if kind == "shoot":
        card = card_name(slot_cards.get(action.get("slot"), "")) or word(action.get("slot"))
    words = "use_item_on" if kind == "use_item" and "target" in action else kind
    if words in LABELS:
        label = gettext(LABELS[words]) % {
            "hex": _hex_words(action.get("hex")),
            "target": seats.name(action.get("target")),
            "slot": word(action.get("slot")),
            "attack": word(action.get("attack")),
            "card": card,
        }
    else:
        label = kind.replace("_", " ")
    if kind == "shoot" and "hex" in action:
        # A charge is offered once per hex it may end on: the hex tells the buttons apart.
        label += " " + gettext("from %(hex)s") % {"hex": _hex_words(action["hex"])}
    return Control(label=label, action=action, picks=picks, group=kind)


def _hex_words(hex_: object) -> str:
    if isinstance(hex_, (list, tuple)) and len(hex_) == 2:
        return f"{hex_[0]},{hex_[1]}"
    return str(hex_ or "")
