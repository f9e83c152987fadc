"""Pieces every game's table is made of: controls for legal actions, names, sentences.

A presenter (one module per game) turns ``view(state, seat)`` and the seat's
``legal_actions`` into plain data for the templates: board geometry, the hand, public facts,
and one control per legal action. Nothing here reads the state: a presenter only ever sees
what the view and the legal actions give the seat, so the page cannot show more.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from django.utils.translation import gettext


@dataclass
class Seats:
    """Who sits where, as the page names them."""

    names: dict[str, str]  # seat -> username (or "Bot 1")
    you: str | None

    def name(self, seat: str | None) -> str:
        if seat is None:
            return gettext("nobody")
        if seat == self.you:
            return gettext("you")
        return self.names.get(seat, seat)

    def title(self, seat: str | None) -> str:
        return self.name(seat).capitalize() if seat == self.you else self.name(seat)

    def about(self, seat: str | None, yours: str, theirs: str, **words) -> str:
        """A sentence whose subject is ``seat``: ``yours``, in the second person, when it is
        the viewer's own, else ``theirs`` with the seat's name as ``%(name)s``. Two msgids,
        never "you" put into a third-person sentence: a language conjugates the verb with its
        subject (French *vous devez*, not *vous doit*; Dutch *jij bent*, not *jij is*)."""
        if seat is not None and seat == self.you:
            return gettext(yours) % words
        return gettext(theirs) % {"name": self.name(seat), **words}

    def others(self, seats: list[str]) -> tuple[bool, str]:
        """Whether the viewer is among ``seats``, and the others' names as one list."""
        return self.you in seats, ", ".join(self.name(s) for s in seats if s != self.you)


@dataclass
class Control:
    """One legal action as a button. ``picks`` name the board or hand elements that choose it
    too (clicking them is another way to send it); ``point`` asks for a spot on the table."""

    label: str
    action: dict
    picks: list[str] = field(default_factory=list)
    group: str = ""
    point: dict | None = None  # {"key": "to", "x": [min, max], "y": [min, max]}
    inputs: list[dict] = field(default_factory=list)  # {"key", "kind": "bool"|"number", ...}
    needs_card: bool = False  # a {"from_hand": true} value: fill in the selected hand card

    def as_dict(self) -> dict:
        return {
            "label": self.label,
            "action": json.dumps(self.action, sort_keys=True),
            "picks": json.dumps(self.picks),
            "group": self.group,
            "point": json.dumps(self.point) if self.point else "",
            "inputs": self.inputs,
            "needs_card": self.needs_card,
        }


def controls(items: list[Control]) -> list[dict]:
    return [c.as_dict() for c in items]


SEAT_WORD = re.compile(r"\b(s\d{1,2})\b")


SEAT_IN_BRACKETS = re.compile(r"\((s(\d{1,2}))\)")


def sentence(text: str, seats: Seats) -> str:
    """An engine's sentence with seat ids ("s1 moves") turned into names ("alice moves");
    "alice (s1)" becomes "alice (seat 1)"."""
    seat = gettext("seat")
    text = SEAT_IN_BRACKETS.sub(lambda m: f"({seat} {m.group(2)})", text)
    return SEAT_WORD.sub(lambda m: seats.names.get(m.group(1), m.group(1)), text)


def humanize(kind: str) -> str:
    return kind.replace("_", " ").capitalize()


def colour_css(colour: str | None) -> str:
    """A game's colour word as a CSS colour (unknown words fall back to grey)."""
    return {
        "red": "#d1495b",
        "blue": "#3a7bd5",
        "yellow": "#e9b100",
        "green": "#3c9d4e",
        "purple": "#8e5cc4",
        "grey": "#8a8a8a",
        "black": "#333333",
        "orange": "#e67e22",
        "white": "#f4f4f4",
    }.get(colour or "", "#8a8a8a")


SEAT_COLOURS = ["#d1495b", "#3a7bd5", "#e9b100", "#3c9d4e", "#8e5cc4", "#e67e22", "#1abc9c", "#555"]


def seat_colour(seat: str, seats: list[str]) -> str:
    index = seats.index(seat) if seat in seats else 0
    return SEAT_COLOURS[index % len(SEAT_COLOURS)]
