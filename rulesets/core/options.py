"""A game's options and variants, declared once: what ``GET rulesets/{slug}/`` lists as
``options`` and what the page ``/matches/new/`` shows as labelled fields (matches/views/).

Each ruleset declares ``options``: a tuple of ``Option`` in the order a person reads them.
The declaration describes; the engine's own validation stays the judge of a value (a
``new_game`` that refuses names the field ``options.<key>``). An option left at its default
is left out of the options a client sends: the engine's defaults are the rulebook's.

Labels and help are English sentences marked with ``gettext_noop``, the name Django's
``makemessages`` looks for, so that the pages translate them without this package importing
Django (rulesets/ stays pure Python).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

BOOL, INT, CHOICE = "bool", "int", "choice"


def gettext_noop(text: str) -> str:
    """Marks a string for translation; the pages translate it when they show it."""
    return text


@dataclass(frozen=True)
class Option:
    key: str  # as in ``options``: {"turn_limit": 8}
    label: str
    default: bool | int | str | None
    kind: str = BOOL  # BOOL, INT or CHOICE
    help: str = ""
    choices: tuple[tuple[bool | int | str, str], ...] = ()  # (value, label) for CHOICE
    minimum: int | None = None  # for INT
    maximum: int | None = None  # for INT; None: no upper bound

    def as_dict(self) -> dict:
        return {
            "key": self.key,
            "label": self.label,
            "kind": self.kind,
            "default": self.default,
            "help": self.help,
            "choices": [{"value": value, "label": label} for value, label in self.choices],
            "minimum": self.minimum,
            "maximum": self.maximum,
        }


def changed_options(declared: Iterable[Option], values: Mapping[str, object]) -> dict:
    """The options in ``values`` that differ from their declared default, by key: what a
    form sends to the service (an empty field of an optional number is its default)."""
    return {
        option.key: values[option.key]
        for option in declared
        if option.key in values and values[option.key] != option.default
    }
