"""A Last Hope Frontier mission on the live table: each side's deployment zone, the objective
markers (coloured by who held each at the last turn's end), the loot tokens, and the mission's
facts; and a weapon's or an item's name in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext

from matches.tables.common import Seats, seat_colour
from rulesets.last_hope_frontier.messages import WORDS
from rulesets.last_hope_frontier.movement import BOARD_SIZE, CARD_LENGTH

SCALE = 20  # px per inch of the board


def thing_name(slug: object) -> str:
    """A weapon or an item by its slug, in the reader's language (the events' own words)."""
    if not isinstance(slug, str):
        return ""
    return gettext(WORDS[slug]) if slug in WORDS else slug.replace("-", " ")


def zones(view: dict) -> list[dict]:
    """Each player's deployment zone: the mission's, or the strip along its edge of the table."""
    mission = view.get("mission")
    zones = []
    for index, seat in enumerate(view["seats"][:2]):
        if mission:
            zone = mission["zones"][mission["sides"][seat]]
            (x0, x1), (y0, y1) = zone["x"], zone["y"]
        else:
            x0, x1 = 0, BOARD_SIZE
            y0 = 0 if index == 0 else BOARD_SIZE - CARD_LENGTH
            y1 = y0 + CARD_LENGTH
        zones.append(
            {
                "x": x0 * SCALE,
                "y": y0 * SCALE,
                "w": (x1 - x0) * SCALE,
                "h": (y1 - y0) * SCALE,
                "colour": seat_colour(seat, view["seats"]),
            }
        )
    return zones


def mission_facts(view: dict, seats: Seats) -> list[tuple]:
    """The mission's name and each side's points so far."""
    mission = view.get("mission")
    if not mission:
        return []
    scores = " · ".join(
        f"{seats.name(seat)} {mission['points'].get(seat, 0)}" for seat in view["seats"]
    )
    return [(gettext("Mission"), mission["name"]), (gettext("Points"), scores)]


def markers(view: dict, seats: Seats) -> list[dict]:
    """A mission's objective markers (with who held each at the last turn's end) and its loot
    tokens (faded once picked up)."""
    mission = view.get("mission")
    if not mission:
        return []
    marks = []
    for marker in mission["objectives"]:
        holder = mission["holders"].get(marker["key"])
        title = gettext("Objective: %(name)s") % {"name": marker["name"]}
        if holder:
            title += " · " + gettext("held by %(player)s") % {"player": seats.name(holder)}
        marks.append(
            {
                "kind": "objective",
                "x": marker["x"] * SCALE,
                "y": marker["y"] * SCALE,
                "colour": seat_colour(holder, view["seats"]) if holder else "#f4f4f4",
                "title": title,
                "taken": False,
            }
        )
    for token in mission["loot"]:
        taken = token["taken_by"] is not None
        marks.append(
            {
                "kind": "loot",
                "x": token["x"] * SCALE,
                "y": token["y"] * SCALE,
                "colour": "#e9b100",
                "title": gettext("Loot: %(item)s") % {"item": thing_name(token["item"])}
                + (" · " + gettext("picked up") if taken else ""),
                "taken": taken,
            }
        )
    return marks


def loot_item(view: dict, action: dict) -> str | None:
    if action["type"] != "pick_up":
        return action.get("item")
    tokens = (view.get("mission") or {}).get("loot") or []
    return next((t["item"] for t in tokens if t["key"] == action.get("token")), None)
