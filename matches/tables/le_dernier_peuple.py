"""Le Dernier Peuple at the table: the circle of territory cards, meeples, VP, my hand."""

from __future__ import annotations

import math
from functools import cache

from django.utils.translation import gettext, gettext_noop

from matches.tables.common import Control, Seats, colour_css, controls
from rulesets.le_dernier_peuple.messages import WORDS

SIZE = 400
CENTRE = SIZE / 2
RADIUS = 150
# Who must decide what, translated when drawn (gettext_noop: for makemessages): the
# viewer's own decision in the second person, anyone else's with their name.
DECISIONS = {
    "power": (
        gettext_noop("You must play a power card or skip."),
        gettext_noop("%(name)s must play a power card or skip."),
    ),
    "movement": (
        gettext_noop("You must draw two cards or play a movement card."),
        gettext_noop("%(name)s must draw two cards or play a movement card."),
    ),
    "discard": (
        gettext_noop("You must discard down to 7 cards."),
        gettext_noop("%(name)s must discard down to 7 cards."),
    ),
    "riposte": (
        gettext_noop("You must choose who shares the event."),
        gettext_noop("%(name)s must choose who shares the event."),
    ),
    "defense": (
        gettext_noop("You must decide whether to play Defense."),
        gettext_noop("%(name)s must decide whether to play Defense."),
    ),
}
UNNAMED = (
    gettext_noop("You must decide: %(what)s."),
    gettext_noop("%(name)s must decide: %(what)s."),
)
MEEPLE = (
    gettext_noop("Your meeple %(n)s on %(on)s"),
    gettext_noop("%(name)s's meeple %(n)s on %(on)s"),
)
EFFECTS = {
    "teleport": gettext_noop("go to"),
    "move": gettext_noop("move"),
    "split": gettext_noop("split"),
}
LABELS = {
    "skip_power": gettext_noop("Skip the power phase"),
    "draw_movement": gettext_noop("Draw two movement cards"),
    "defend": gettext_noop("Play Defense"),
    "accept": gettext_noop("Accept (no Defense)"),
}


# Where each spot of the circle is: the same few dozen points on every draw of every table.
@cache
def _at(n: int, count: int, radius: float) -> tuple[float, float]:
    angle = math.radians(-90 + (n - 1) * 360 / count)  # territory 1 at the top, clockwise
    return round(CENTRE + radius * math.cos(angle), 1), round(CENTRE + radius * math.sin(angle), 1)


def _card_text(card: dict) -> tuple[str, str]:
    """A hand card's name and detail; the card's own name stays as printed (game content),
    its kind, shade and effect in the reader's words (the log's: the game's WORDS)."""
    if card["kind"] == "power":
        return card["name"], gettext(WORDS["power"])
    shade = gettext(WORDS.get(card["shade"], card["shade"]))
    return card["label"], f"{shade} · {gettext(EFFECTS[card['effect']])}"


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
                    "title": seats.about(p["seat"], *MEEPLE, n=index + 1, on=where),
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
            (gettext("Turn"), view["turn"]),
            (gettext("Movement pile"), view["movement_pile"]),
            (gettext("Power pile"), view["power_pile"]),
            (gettext("Bank (1/2/3 VP)"), "/".join(str(view["bank"][k]) for k in ("1", "2", "3"))),
            (
                gettext("Discarded"),
                ", ".join(
                    c.get("label") or c.get("name")
                    for c in view["movement_discard"][-6:] + view["power_discard"][-3:]
                )
                or gettext("none"),
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
        "detail": gettext("%(people)s · cards %(movement)s+%(power)s · VP tokens %(tokens)s")
        % {
            "people": p["people"],
            "movement": p["hand_size"]["movement"],
            "power": p["hand_size"]["power"],
            "tokens": p["vp_tokens"],
        }
        + (" · " + gettext("%(vp)s VP") % {"vp": vp} if vp is not None else "")
        + (" · " + gettext("resigned") if p["resigned"] else "")
        + (" · " + gettext("skips a turn") if p["turns_to_skip"] else ""),
    }


def _waiting(view: dict, seats: Seats) -> str:
    decision = view["decision"]
    if view["over"]:
        if not view["winner"]:
            return ""
        return gettext("The game is over: %(names)s won.") % {"names": seats.name(view["winner"])}
    if not decision:
        return ""
    if decision["kind"] in DECISIONS:
        return seats.about(decision["seat"], *DECISIONS[decision["kind"]])
    return seats.about(decision["seat"], *UNNAMED, what=decision["kind"])


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
            words = {"card": name, "n": index + 1, "on": meeples[owner][index]}
            if owner == seats.you:
                label = gettext("Play %(card)s: your meeple %(n)s (on %(on)s)") % words
            else:
                words["owner"] = seats.name(owner)
                label = gettext("Play %(card)s: %(owner)s's meeple %(n)s (on %(on)s)") % words
        elif kind == "play_power":
            label = gettext("Play %(card)s") % {"card": name}
            if "target" in action:
                picks.append(f"target:{action['target']}")
                label = gettext("Play %(card)s on %(target)s") % {
                    "card": name,
                    "target": seats.name(action["target"]),
                }
            if "meeple" in action:
                mine, theirs = action["meeple"] + 1, action["target_meeple"] + 1
                label += " " + gettext("(your meeple %(mine)s ↔ their meeple %(theirs)s)") % {
                    "mine": mine,
                    "theirs": theirs,
                }
        elif kind == "discard":
            label = gettext("Discard %(card)s") % {"card": name}
        elif kind == "choose_riposte":
            picks = [f"target:{action['seat']}"]
            label = gettext("Share the event with %(name)s") % {"name": seats.name(action["seat"])}
        else:
            label = gettext(LABELS[kind]) if kind in LABELS else kind
        out.append(Control(label=label, action=action, picks=picks, group=kind))
    return out
