"""Le Dernier Peuple's most frequent events as codes (rulesets/core/messages.py); the others
read as their stored English text until they get a code here. A people is named by its name
("Polar Zombies"); the template gives it its article in each language."""

from __future__ import annotations

from rulesets.core.messages import gettext_noop, ngettext_noop, said, word
from rulesets.le_dernier_peuple.catalogue import MOVEMENT_CARDS, POWER_CARDS, movement_label
from rulesets.le_dernier_peuple.peoples import people_of

MESSAGES = {
    "turn_started": gettext_noop("Turn of the %(people)s."),
    "cards_drawn": ngettext_noop(
        "The %(people)s draw %(count)s %(deck)s card.",
        "The %(people)s draw %(count)s %(deck)s cards.",
        "count",
    ),
    "movement_played": gettext_noop("The %(people)s play %(card)s on a meeple of the %(owner)s."),
    "meeple_moved": gettext_noop("A meeple of the %(people)s moves from %(from)s to %(to)s."),
    "draw_symbol": gettext_noop(
        "Territory %(territory)s shows a Draw symbol: the %(people)s draw a power card."
    ),
    "vp_gained": gettext_noop("The %(people)s gain %(value)s VP from the bank."),
    "movement_card": gettext_noop("movement card %(number)s (%(shade)s)"),
    "meeples_swapped": gettext_noop(
        "A meeple of the %(people)s (now on %(mine)s) and one of the %(other)s (now on "
        "%(theirs)s) swap places."
    ),
}

WORDS = {
    "power": gettext_noop("power"),
    "movement": gettext_noop("movement"),
    "light": gettext_noop("light grey"),
    "dark": gettext_noop("dark grey"),
}


def people(state: dict, seat: str) -> str:
    return people_of(state, seat)["name"]


def card(card_id: str) -> object:
    """A movement card by its face and shade; a power card by its name."""
    if card_id in MOVEMENT_CARDS:
        face = MOVEMENT_CARDS[card_id]
        return said("movement_card", number=movement_label(face), shade=word(face["shade"]))
    return POWER_CARDS[card_id]["name"]


def deck(name: str) -> object:
    return word(name) if name in WORDS else name
