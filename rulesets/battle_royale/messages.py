"""Battle Royale's events as codes (rulesets/core/messages.py): every event type
has one (tests/matches/test_event_messages.py checks it over seeded random games).
Templates are msgids of
locale/*/django.po (French and Dutch there)."""

from __future__ import annotations

from rulesets.core.messages import gettext_noop, ngettext_noop, said, word

MESSAGES = {
    "turn_start": gettext_noop("Turn %(turn)s: %(colour)s to play."),
    "card_played": gettext_noop("%(colour)s plays %(card)s: up to %(warriors)s, %(steps)s each."),
    "card": gettext_noop("%(warriors)s × %(steps)s"),
    "card_extra": gettext_noop("%(warriors)s × %(steps)s + %(extra)s"),
    "warriors": ngettext_noop("%(n)s warrior", "%(n)s warriors", "n"),
    "steps": ngettext_noop("%(n)s step", "%(n)s steps", "n"),
    "step": gettext_noop("A %(colour)s warrior steps %(direction)s from %(from)s to %(to)s."),
    "eliminator_moved": gettext_noop("%(colour)s moves the eliminator from %(from)s to %(to)s."),
    "doom_roll": gettext_noop("%(colour)s rolls the doom die: %(face)s."),
    "extra_roll_explosion": gettext_noop("Extra doom roll: explosion!"),
    "extra_roll": gettext_noop("Extra doom roll: %(face)s, nothing happens."),
    "fight": gettext_noop(
        "Fight on %(tile)s: %(winners)s beat %(losers)s; one warrior of each loser goes to "
        "%(taker)s's war spoils."
    ),
    "fight_neutral": gettext_noop(
        "On %(tile)s the neutral warriors win; %(victim)s loses a warrior (eliminated)."
    ),
    "explosion": gettext_noop(
        "Explosion! Tile %(tile)s is launched: landed on other tiles: %(landed)s; "
        "into the box: %(lost)s."
    ),
    "explosion_flag": gettext_noop(
        "Explosion! But the eliminator is under the flag tile: it must be moved instead."
    ),
    "explosion_hole": gettext_noop(
        "Explosion! But the eliminator is under a hole: it must be moved instead."
    ),
    "battle_royale": gettext_noop("Battle Royale! Every tile but the flag fights."),
    "battle_royale_skipped": gettext_noop(
        "No Battle Royale in the first three turns of a two-player game."
    ),
    "eliminator_stays": gettext_noop("%(colour)s leaves the eliminator under %(at)s."),
    "player_out": gettext_noop("%(colour)s has no warriors left on the island and is out."),
    "player_resigns": gettext_noop("%(colour)s resigns and leaves the island."),
    "game_over_last": gettext_noop("%(winners)s: the last one standing!"),
    "game_over_flag": gettext_noop("%(winners)s: holds the flag tile!"),
    "pushed": gettext_noop("A %(colour)s warrior is pushed from %(from)s to %(to)s."),
    "pushed_into_hole": gettext_noop(
        "A %(colour)s warrior is pushed into the hole at %(to)s and goes to %(taker)s's war spoils."
    ),
    "pushed_own_into_hole": gettext_noop(
        "%(colour)s's own warrior is pushed into the hole at %(to)s: eliminated."
    ),
    "pushed_off_kept": gettext_noop(
        "A %(colour)s warrior is pushed off the island; the Hoarder keeps it as spoils."
    ),
    "pushed_off_island": gettext_noop(
        "A %(colour)s warrior is pushed off the island from %(from)s: eliminated."
    ),
    "reshuffle": gettext_noop("%(colour)s shuffles the played cards into a new draw pile."),
    "tile_sunk": gettext_noop(
        "Tile %(tile)s is cut off from the flag tile and sinks with %(warriors)s."
    ),
}

WORDS = {
    "red": gettext_noop("red"),
    "blue": gettext_noop("blue"),
    "green": gettext_noop("green"),
    "yellow": gettext_noop("yellow"),
    "grey": gettext_noop("grey"),  # the neutral warriors
    "Red": gettext_noop("Red"),
    "Blue": gettext_noop("Blue"),
    "Green": gettext_noop("Green"),
    "Yellow": gettext_noop("Yellow"),
    "N": gettext_noop("north"),
    "E": gettext_noop("east"),
    "S": gettext_noop("south"),
    "W": gettext_noop("west"),
    "battle_royale": gettext_noop("Battle Royale"),
    "eliminator": gettext_noop("move the eliminator"),
    "explosion": gettext_noop("explosion"),
    "question": gettext_noop("question mark"),
}


def colour(name: str, capital: bool = False) -> dict:
    """A player's colour as a word ("Red" opens a sentence, "red" qualifies a warrior)."""
    return word(name.capitalize() if capital else name)


def card(face: dict) -> dict:
    counts = {
        "warriors": said("warriors", n=face["warriors"]),
        "steps": said("steps", n=face["steps"]),
    }
    if face.get("extra"):
        return said("card_extra", extra=word(face["extra"]), **counts)
    return said("card", **counts)


def colours(names: list[str]) -> list[dict]:
    """Colours opening a phrase ("Red, Blue"), each a word."""
    return [colour(n, capital=True) for n in names]
