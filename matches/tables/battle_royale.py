"""Battle Royale at the table: square tiles with warrior counts per colour, holes, the flag
tile and the eliminator; my movement cards; arrows on the tiles for the warriors' steps."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop, pgettext, pgettext_lazy

from matches.tables.common import Control, Seats, colour_css, controls
from rulesets.battle_royale import messages as catalogue

CELL = 76
PAD = 8
ARROWS = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}


def _direction(d: str) -> str:
    return gettext(catalogue.WORDS[d])  # "north"... as the log says it


# A card's doom symbol and a turn's stage, as the page names them (translated when drawn).
WORDS = {
    "battle": gettext_noop("Battle Royale"),
    "explosion": gettext_noop("explosion"),
    "eliminator": gettext_noop("move the eliminator"),
    "play": gettext_noop("play"),
    "draft": gettext_noop("draft"),
    "over": gettext_noop("over"),
    "doom": gettext_noop("doom die"),
    "draw": gettext_noop("drawing cards"),
    "end": gettext_noop("end of the turn"),
    "extra": gettext_noop("extra roll"),
    "extra_roll": gettext_noop("extra roll"),
    "move": gettext_noop("movement"),
}


def word(key: str) -> str:
    return gettext(WORDS[key]) if key in WORDS else key.replace("_", " ")


def card_label(card: str) -> tuple[str, str]:
    """ "3x2-explosion" -> ("3 × 2", "explosion"): warriors × steps, and the doom symbol."""
    base, _, symbol = card.partition("-")
    warriors, _, steps = base.partition("x")
    return f"{warriors} × {steps}", symbol or ""


def _key(pos) -> str:
    return f"{pos[0]},{pos[1]}"


def present(view: dict, legal: list[dict], seats: Seats) -> dict:
    width, height = view["size"]
    items, arrows, targets = _picks(legal, seats, view["colours"])
    return {
        "board_template": "matches/boards/battle_royale.html",
        "board": {
            "width": PAD * 2 + width * CELL,
            "height": PAD * 2 + height * CELL,
            "cell": CELL,
            "cells": _cells(view),
            "arrows": arrows,
            "targets": targets,
        },
        "hand": _hand(view),
        "players": [_player(view, seats, s) for s in view["seats"]],
        "facts": _facts(view, seats),
        "waiting": _waiting(view, seats),
        "controls": controls(items),
    }


def _cells(view: dict) -> list[dict]:
    """Every tile of the island (a hole where it sank), with the warriors standing on it."""
    width, height = view["size"]
    moving = (view.get("turn") or {}).get("moving") or {}
    # Each colour's word once per draw, not once per stack of warriors.
    names = {c: _colour_word(c) for tile in view["board"].values() if tile for c in tile}
    cells = []
    for y in range(height):
        for x in range(width):
            key = f"{x},{y}"
            tile = view["board"].get(key)
            cx, cy = PAD + x * CELL, PAD + y * CELL
            warriors = [
                {
                    "x": cx + 16 + (n % 2) * 36,
                    "y": cy + 20 + (n // 2) * 30,
                    "colour": colour_css(colour),
                    "count": count,
                    "name": names[colour],
                }
                for n, (colour, count) in enumerate(sorted((tile or {}).items(), key=_colour_order))
            ]
            cells.append(
                {
                    "key": key,
                    "x": cx,
                    "y": cy,
                    "hole": tile is None,
                    "flag": key == view["flag"],
                    "eliminator": key == view["eliminator"],
                    "moving": key == moving.get("at"),
                    "warriors": warriors,
                }
            )
    return cells


def _picks(legal: list[dict], seats: Seats, colours: dict) -> tuple[list, list, list]:
    """The controls of the legal actions, and where the board offers them: an arrow for each
    step, a target for each tile the eliminator may move to or a warrior be sacrificed on."""
    items, arrows, targets = [], [], []
    for action in legal:
        control = _control(action, seats, colours)
        items.append(control)
        if action["type"] == "step":
            fx, fy = action["warrior_from"]
            dx, dy = ARROWS[action["direction"]]
            cx, cy = PAD + fx * CELL + CELL / 2, PAD + fy * CELL + CELL / 2
            arrows.append(
                {
                    "x1": cx + dx * 8,
                    "y1": cy + dy * 8,
                    "x2": cx + dx * 26,
                    "y2": cy + dy * 26,
                    "pick": control.picks[0],
                    "title": control.label,
                }
            )
        elif action["type"] in ("move_eliminator", "sacrifice"):
            pos = action.get("to") or action.get("tile")
            targets.append(
                {
                    "x": PAD + pos[0] * CELL,
                    "y": PAD + pos[1] * CELL,
                    "pick": control.picks[0],
                    "title": control.label,
                }
            )
    return items, arrows, targets


def _hand(view: dict) -> list[dict]:
    hand = []
    for card in view.get("hand") or []:
        label, symbol = card_label(card)
        detail = word(symbol) if symbol else gettext("plain")
        hand.append({"id": card, "label": label, "detail": detail, "kind": symbol})
    return hand


# A colour on its own (a player's row): Dutch says "rood" there and "rode krijger" in a
# sentence, where the catalogue's words serve.
ALONE = {
    "red": pgettext_lazy("a colour on its own", "red"),
    "blue": pgettext_lazy("a colour on its own", "blue"),
    "green": pgettext_lazy("a colour on its own", "green"),
    "yellow": pgettext_lazy("a colour on its own", "yellow"),
}


def _colour_word(colour: str | None, *, alone: bool = False) -> str:
    """A colour in the reader's words: as the log says it (the game's catalogue), or on its
    own (``alone``: a player's row)."""
    if alone and colour in ALONE:
        return str(ALONE[colour])
    return gettext(catalogue.WORDS[colour]) if colour in catalogue.WORDS else str(colour)


def _player(view: dict, seats: Seats, s: str) -> dict:
    colour = view["colours"][s]
    detail = gettext(
        "%(colour)s · reserve %(reserve)s · spoils %(spoils)s"
        " · cards %(hand)s in hand, %(deck)s to draw"
    ) % {
        "colour": _colour_word(colour, alone=True),
        "reserve": view["reserve"].get(colour, 0),
        "spoils": sum(view["spoils"].get(s, {}).values()),
        "hand": view["hand_counts"].get(s, 0),
        "deck": view["deck_counts"].get(s, 0),
    }
    if s in view["out"]:
        detail += " · " + pgettext("a player", "out")
    return {"seat": s, "name": seats.title(s), "colour": colour_css(colour), "detail": detail}


def _facts(view: dict, seats: Seats) -> list[tuple[str, str]]:
    turn = view.get("turn") or {}
    return [
        (
            gettext("Turn"),
            f"{turn.get('number', '–')} ({seats.name(turn.get('seat'))})",
        ),
        (
            gettext("Card played"),
            card_label(turn["card"])[0] if turn.get("card") else gettext("none yet"),
        ),
        (
            gettext("Warriors moved"),
            gettext("%(moved)s of %(warriors)s")
            % {"moved": turn.get("moved", 0), "warriors": turn.get("warriors", 0)},
        ),
        (gettext("Stage"), word(turn.get("stage") or view["phase"])),
        (gettext("Neutral warriors"), _count(view, "grey")),
    ]


def _count(view: dict, colour: str) -> int:
    return sum(tile.get(colour, 0) for tile in view["board"].values())


def _colour_order(item):
    return (item[0] == "grey", item[0])


def _waiting(view: dict, seats: Seats) -> str:
    if view.get("result"):
        winners = view["result"].get("winners") or []
        names = ", ".join(seats.name(s) for s in winners) or seats.name(None)
        return gettext("The game is over: %(names)s won.") % {"names": names}
    turn = view.get("turn") or {}
    pending = view.get("pending")
    if pending:
        what = str(pending.get("kind", "")).replace("_", " ")
        return seats.about(
            turn.get("seat"),
            gettext_noop("You must decide: %(what)s."),
            gettext_noop("%(name)s must decide: %(what)s."),
            what=what,
        )
    if not turn.get("seat") or turn["seat"] == seats.you:  # the page says "Your move."
        return ""
    return gettext("%(name)s to play.") % {"name": seats.name(turn["seat"])}


def _control(action: dict, seats: Seats, colours: dict) -> Control:
    kind = action["type"]
    if kind == "play_card":
        label, symbol = card_label(action["card"])
        return Control(
            label=gettext("Play %(card)s") % {"card": label}
            + (f" ({word(symbol)})" if symbol else ""),
            action=action,
            picks=[f"card:{action['card']}"],
            group=kind,
        )
    if kind == "step":
        fx, fy = action["warrior_from"]
        d = action["direction"]
        return Control(
            label=gettext("Step (%(x)s,%(y)s) %(direction)s")
            % {"x": fx, "y": fy, "direction": _direction(d)},
            action=action,
            picks=[f"step:{fx},{fy}:{d}"],
            group=kind,
        )
    if kind == "move_eliminator":
        return Control(
            label=gettext("Eliminator to (%(tile)s)") % {"tile": _key(action["to"])},
            action=action,
            picks=[f"elim:{_key(action['to'])}"],
            group=kind,
        )
    if kind == "sacrifice":
        return Control(
            label=gettext("Sacrifice a warrior on (%(tile)s)") % {"tile": _key(action["tile"])},
            action=action,
            picks=[f"sacrifice:{_key(action['tile'])}"],
            group=kind,
        )
    label = {
        "end_movement": gettext("End movement"),
        "end_warrior": gettext("This warrior stops here"),
        "choose_push": gettext("Push a %(colour)s warrior off")
        % {"colour": _colour_word(action.get("colour"))},
        "choose_doom": gettext("Doom: %(face)s")
        % {"face": str(action.get("face", "")).replace("_", " ")},
        "pick_talent": gettext("Take the talent %(talent)s") % {"talent": action.get("talent")},
        "special_action": gettext("Special action %(card)s") % {"card": action.get("card")},
    }.get(kind, kind.replace("_", " "))
    return Control(label=label, action=action, group=kind)
