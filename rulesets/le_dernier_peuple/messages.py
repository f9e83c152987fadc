"""Le Dernier Peuple's events as codes (rulesets/core/messages.py): every event type
has one (tests/matches/test_event_messages.py checks it over seeded random games).
A people is named by its name
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
    "reshuffled": gettext_noop(
        "The %(deck)s draw pile was empty: its discard pile is shuffled into it."
    ),
    "card_discarded": gettext_noop("The %(people)s discard %(card)s (hand limit %(limit)s)."),
    "defended": gettext_noop(
        "The %(people)s play Defense: they do not suffer the effect and the attacker(s) gain no VP."
    ),
    "accepted": gettext_noop("The %(people)s do not play Defense."),
    "game_over": gettext_noop("The %(people)s reach 12 VP and win!"),
    "last_left": gettext_noop("The %(people)s are the last left."),
    "resigned": gettext_noop("The %(people)s resign."),
    "riposte_choice": gettext_noop(
        "The people's card of the %(surrounded)s is surrounded in several ways: the "
        "%(people)s choose who shares the event."
    ),
    "riposte_chosen": gettext_noop("The %(people)s share the event with the %(partner)s."),
    "surrounded": gettext_noop(
        "%(event)s: the people's card of the %(people)s (territory %(territory)s) is surrounded."
    ),
    "countered_attack": gettext_noop(
        "Defense: the attack is countered, no VP change hands; the meeples are still repositioned."
    ),
    "countered_power": gettext_noop("Defense: %(power)s has no effect."),
    "split_stopped": gettext_noop(
        "The first part of the split movement led to an event: the last space is not played."
    ),
    "power_played": gettext_noop("The %(people)s play %(card)s."),
    "power_against": gettext_noop("The %(people)s play %(card)s against the %(target)s."),
    "vp_stolen": gettext_noop("The %(people)s steal %(value)s VP from the %(target)s."),
    "card_stolen": gettext_noop("The %(people)s steal a card at random from the %(target)s."),
    "black_magic": gettext_noop("Black Magic discards %(card)s from the hand of the %(target)s."),
    "hands_swapped": gettext_noop("The %(people)s swap hands with the %(target)s."),
    "no_card": gettext_noop("The %(people)s hold no card."),
    "repositioned": gettext_noop(
        "Repositioning: a meeple of the %(people)s goes from %(start)s to %(territory)s (the "
        "movement card discarded from the pile shows %(territory)s)."
    ),
    "repositioned_home": gettext_noop(
        "Repositioning: a meeple of the %(people)s goes from %(start)s to %(territory)s (no "
        "number card is left to discard, so it goes back to its people's card)."
    ),
    "vp_returned": gettext_noop("The %(people)s return %(value)s VP to the bank."),
    "vp_no_change": gettext_noop(
        "The %(people)s cannot return 1 VP: they hold no 1-VP token and the bank has no change "
        "to give."
    ),
    "vp_none": gettext_noop("The %(people)s have no VP to return."),
    "extra_turn": gettext_noop("Speed: the %(people)s play a second turn in a row."),
    "turn_skipped": gettext_noop("Club: the %(people)s skip this turn."),
}

WORDS = {
    "supply": gettext_noop("Supply"),
    "noble_attack": gettext_noop("Noble Attack"),
    "sneaky_attack": gettext_noop("Sneaky Attack"),
    "passive_riposte": gettext_noop("Passive Riposte"),
    "active_riposte": gettext_noop("Active Riposte"),
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
