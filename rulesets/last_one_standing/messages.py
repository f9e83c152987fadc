"""Last One Standing's most frequent events as codes (rulesets/core/messages.py); the others
read as their stored English text until they get a code here. A seat is named by its id
("s1"): the table turns seat ids into names after rendering."""

from __future__ import annotations

from rulesets.core.messages import gettext_noop

MESSAGES = {
    "round": gettext_noop("Round %(number)s begins: %(order)s in that order."),
    "round_nobody": gettext_noop("Round %(number)s begins: nobody is left to play."),
    "turn": gettext_noop("It is %(seat)s's turn."),
    "end_turn": gettext_noop("%(seat)s ends their turn."),
    "step": gettext_noop("%(seat)s moves to %(hex)s."),
    "drop_in": gettext_noop("%(seat)s drops in at %(hex)s."),
    "reload": gettext_noop("%(seat)s reloads and rearranges."),
}

WORDS: dict[str, str] = {}
