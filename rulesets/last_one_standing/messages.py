"""Last One Standing's most frequent events as codes (rulesets/core/messages.py); the others
read as their stored English text until they get a code here. A seat is named by its id
("s1"): the table turns seat ids into names after rendering."""

from __future__ import annotations

from rulesets.core.messages import gettext_noop, word

MESSAGES = {
    "round": gettext_noop("Round %(number)s begins: %(order)s in that order."),
    "round_nobody": gettext_noop("Round %(number)s begins: nobody is left to play."),
    "turn": gettext_noop("It is %(seat)s's turn."),
    "end_turn": gettext_noop("%(seat)s ends their turn."),
    "step": gettext_noop("%(seat)s moves to %(hex)s."),
    "move": gettext_noop("%(seat)s moves (%(points)s movement points)."),
    "drop_in": gettext_noop("%(seat)s drops in at %(hex)s."),
    "reload": gettext_noop("%(seat)s reloads and rearranges."),
    "equip_face_down": gettext_noop("%(seat)s equips a card face down in the %(slot)s slot."),
    "equip": gettext_noop("%(seat)s equips %(card)s in the %(slot)s slot."),
    "unequip": gettext_noop("%(seat)s takes the card off the %(slot)s slot."),
    "loaded": gettext_noop("%(seat)s is loaded and ready; weight %(weight)s."),
    "token_set_aside": gettext_noop(
        "It is their first turn: the token is set aside, not placed on the Island Event track."
    ),
}

# The slots by key (a card keeps its own name: the cards are the game's, in English).
WORDS = {
    "light": gettext_noop("Light Weapon"),
    "long": gettext_noop("Long Gun"),
    "heavy": gettext_noop("Heavy Weapon"),
    "armour": gettext_noop("Armour"),
    "backpack": gettext_noop("Backpack"),
    "apparel": gettext_noop("Apparel"),
}


def slot(key: str) -> object:
    return word(key) if key in WORDS else key
