"""Le Dernier Peuple at the table: the circle of territory cards, meeples, VP, my hand."""

from __future__ import annotations

import math

from matches.tables.common import Control, Seats, colour_css, controls

SIZE = 400
CENTRE = SIZE / 2
RADIUS = 150
DECISIONS = {
    "power": "play a power card or skip",
    "movement": "draw two cards or play a movement card",
    "discard": "discard down to 7 cards",
    "riposte": "choose who shares the event",
    "defense": "decide whether to play Defense",
}


def _at(n: int, count: int, radius: float) -> tuple[float, float]:
    angle = math.radians(-90 + (n - 1) * 360 / count)  # territory 1 at the top, clockwise
    return round(CENTRE + radius * math.cos(angle), 1), round(CENTRE + radius * math.sin(angle), 1)


def _card_text(card: dict) -> tuple[str, str]:
    if card["kind"] == "power":
        return card["name"], "power"
    effect = {"teleport": "go to", "move": "move", "split": "split"}[card["effect"]]
    return card["label"], f"{card['shade']} · {effect}"


def present(view: dict, legal: list[dict], seats: Seats) -> dict:
    count = view["territories"]
    players = {p["seat"]: p for p in view["players"]}
    people_at = {p["card"]: p for p in view["players"]}
    territories = []
    for n in range(1, count + 1):
        x, y = _at(n, count, RADIUS)
        people = people_at.get(n)
        lx, ly = _at(n, count, RADIUS + 38)
        territories.append(
            {
                "n": n,
                "x": x,
                "y": y,
                "rx": round(x - 16, 1),
                "ry": round(y - 22, 1),
                "lx": lx,
                "ly": ly,
                "people": people["people"] if people else "",
                "colour": colour_css(people["colour"]) if people else "#f3ead7",
                "draw_symbol": n in view["draw_symbols"],
                "pick": f"target:{people['seat']}" if people else "",
            }
        )
    meeples = []
    stacks: dict[int, int] = {}
    for p in view["players"]:
        for index, where in enumerate(p["meeples"]):
            depth = stacks.get(where, 0)
            stacks[where] = depth + 1
            x, y = _at(where, count, RADIUS - 34 - 13 * depth)
            meeples.append(
                {
                    "x": x,
                    "y": y,
                    "colour": colour_css(p["colour"]),
                    "pick": f"meeple:{p['seat']}:{index}",
                    "title": f"{seats.title(p['seat'])}'s meeple {index + 1} on {where}",
                }
            )
    me = players.get(seats.you) if seats.you else None
    hand = []
    for card in (me or {}).get("hand", []):
        label, detail = _card_text(card)
        hand.append({"id": card["id"], "label": label, "detail": detail, "kind": card["kind"]})
    return {
        "board_template": "matches/boards/le_dernier_peuple.html",
        "board": {"size": SIZE, "territories": territories, "meeples": meeples},
        "hand": hand,
        "players": [_player(p, seats) for p in view["players"]],
        "facts": [
            ("Turn", view["turn"]),
            ("Movement pile", view["movement_pile"]),
            ("Power pile", view["power_pile"]),
            ("Bank (1/2/3 VP)", "/".join(str(view["bank"][k]) for k in ("1", "2", "3"))),
            (
                "Discarded",
                ", ".join(
                    c.get("label") or c.get("name")
                    for c in view["movement_discard"][-6:] + view["power_discard"][-3:]
                )
                or "none",
            ),
        ],
        "waiting": _waiting(view, seats),
        "controls": controls(_controls(legal, view, seats)),
    }


def _player(p: dict, seats: Seats) -> dict:
    vp = p.get("vp")
    return {
        "seat": p["seat"],
        "name": seats.title(p["seat"]),
        "colour": colour_css(p["colour"]),
        "detail": f"{p['people']} · cards {p['hand_size']['movement']}+{p['hand_size']['power']}"
        f" · VP tokens {p['vp_tokens']}"
        + (f" · {vp} VP" if vp is not None else "")
        + (" · resigned" if p["resigned"] else "")
        + (" · skips a turn" if p["turns_to_skip"] else ""),
    }


def _waiting(view: dict, seats: Seats) -> str:
    decision = view["decision"]
    if view["over"]:
        return f"The game is over: {seats.name(view['winner'])} won." if view["winner"] else ""
    if not decision:
        return ""
    who = seats.title(decision["seat"])
    return f"{who} must {DECISIONS.get(decision['kind'], decision['kind'])}."


def _controls(legal: list[dict], view: dict, seats: Seats) -> list[Control]:
    faces = {c["id"]: c for p in view["players"] for c in p.get("hand", [])}
    meeples = {p["seat"]: p["meeples"] for p in view["players"]}
    out = []
    for action in legal:
        kind = action["type"]
        card = faces.get(action.get("card", ""), {})
        name = _card_text(card)[0] if card else action.get("card", "")
        picks = [f"card:{action['card']}"] if "card" in action else []
        if kind == "play_movement":
            owner, index = action["owner"], action["meeple"]
            picks.append(f"meeple:{owner}:{index}")
            whose = "your" if owner == seats.you else f"{seats.name(owner)}'s"
            label = f"Play {name}: {whose} meeple {index + 1} (on {meeples[owner][index]})"
        elif kind == "play_power":
            label = f"Play {name}"
            if "target" in action:
                picks.append(f"target:{action['target']}")
                label += f" on {seats.name(action['target'])}"
            if "meeple" in action:
                mine, theirs = action["meeple"] + 1, action["target_meeple"] + 1
                label += f" (your meeple {mine} ↔ their meeple {theirs})"
        elif kind == "discard":
            label = f"Discard {name}"
        elif kind == "choose_riposte":
            picks = [f"target:{action['seat']}"]
            label = f"Share the event with {seats.name(action['seat'])}"
        else:
            label = {
                "skip_power": "Skip the power phase",
                "draw_movement": "Draw two movement cards",
                "defend": "Play Defense",
                "accept": "Accept (no Defense)",
            }.get(kind, kind)
        out.append(Control(label=label, action=action, picks=picks, group=kind))
    return out
