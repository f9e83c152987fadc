"""A gang's history in the reader's language: a line's code and parameters through gettext.

Every line (GangEvent) and every ledger note is written with a ``code`` of this list and its
``params``, and its English ``text`` (rosters/services/common.py ``_new_event``,
services/writes.py ``_entry``, which refuse a code not listed here; a test walks the codebase
for writers without one). A page reads ``line(event)``: the template of the code in the active
language, or the stored text for a line written before (migration 0010). Names of the game's
own things (roles, items, cards, stats, factions) stay as the catalogue spells them; a
``note`` (a person's words) is added as written; ``at`` (the battle, and its campaign, where
it happened: ``services.where``) follows the sentence in the reader's words; ``by`` (someone
other than the owner made the change) names them. A parameter ``{"code": ...}`` is a word of
``WORDS``. To add a line: its code here, ``code=``/``params=`` where the service writes it,
its French and Dutch in locale/."""

from __future__ import annotations

from types import SimpleNamespace

from django.utils import translation
from django.utils.translation import gettext, gettext_noop, ngettext

LINES = {
    "created": gettext_noop("%(gang)s rode into town (%(faction)s) with %(credits)s credits."),
    "renamed": gettext_noop("%(old)s is now called %(new)s."),
    "hired": gettext_noop("Hired %(role)s %(name)s for %(cost)s credits."),
    "bought": (
        gettext_noop("Bought %(item)s for the stash for %(cost)s credits."),
        gettext_noop("Bought %(count)s × %(item)s for the stash for %(cost)s credits."),
        "count",
    ),
    "bought_for": (
        gettext_noop("Bought %(item)s for %(fighter)s for %(cost)s credits."),
        gettext_noop("Bought %(count)s × %(item)s for %(fighter)s for %(cost)s credits."),
        "count",
    ),
    "sold": gettext_noop("Sold a %(item)s for %(price)s credits."),
    "sold_goods": gettext_noop("Sold %(goods)s (worth %(worth)s) for %(price)s credits."),
    "moved": gettext_noop("Moved a %(item)s from %(from)s to %(to)s."),
    "moved_from_stash": gettext_noop("Moved a %(item)s from the stash to %(to)s."),
    "moved_to_stash": gettext_noop("Moved a %(item)s from %(from)s to the stash."),
    "retired": gettext_noop("%(fighter)s retired; their equipment went to the stash."),
    "removed": gettext_noop(
        "%(fighter)s was removed from the roster; %(credits)s credits refunded."
    ),
    "flips": (
        gettext_noop("%(fighter)s earned %(count)s card flip."),
        gettext_noop("%(fighter)s earned %(count)s card flips."),
        "count",
    ),
    "flips_note": (
        gettext_noop("%(fighter)s earned %(count)s card flip: %(note)s."),
        gettext_noop("%(fighter)s earned %(count)s card flips: %(note)s."),
        "count",
    ),
    "flip": gettext_noop("%(fighter)s flipped the %(card)s: %(a)s or %(b)s."),
    "reflip": gettext_noop("%(fighter)s reflipped and drew the %(card)s: %(a)s or %(b)s."),
    "passed": gettext_noop("%(fighter)s passed on the %(card)s."),
    "advancement": gettext_noop("%(fighter)s gained +1 %(stat)s from the %(card)s."),
    "injury": gettext_noop(
        "%(fighter)s was taken out of action (%(strike)s of 3) and permanently loses "
        "%(count)s wound."
    ),
    "death": (
        gettext_noop(
            "%(fighter)s was taken out of action a third time and is dead; %(count)s piece of "
            "equipment buried with them."
        ),
        gettext_noop(
            "%(fighter)s was taken out of action a third time and is dead; %(count)s pieces of "
            "equipment buried with them."
        ),
        "count",
    ),
    "shared": gettext_noop("A share link was made."),
    "unshared": gettext_noop("The share link was revoked."),
    "found_goods": gettext_noop("Found %(goods)s (market value %(worth)s)."),
    "found_item": gettext_noop("Found a %(item)s (into the stash, price paid 0)."),
    "used_up": gettext_noop("%(fighter)s used up a %(item)s."),
    "credits": gettext_noop("%(amount)s credits: %(note)s"),
    "reward": gettext_noop("%(amount)s credits: %(result)s"),
    "overseer_reported": gettext_noop(
        "%(user)s (%(role)s) reported battle %(battle)s of %(campaign)s: %(a)s against %(b)s "
        "(%(outcome)s)."
    ),
    "overseer_confirmed": gettext_noop(
        "%(user)s (%(role)s) confirmed battle %(battle)s of %(campaign)s; its post-game applies "
        "to the gang."
    ),
    "friendly_won": gettext_noop(
        "Friendly battle (match %(match)s) against %(facing)s of %(player)s: won. No campaign "
        "counts it."
    ),
    "friendly_lost": gettext_noop(
        "Friendly battle (match %(match)s) against %(facing)s of %(player)s: lost. No campaign "
        "counts it."
    ),
    "friendly_draw": gettext_noop(
        "Friendly battle (match %(match)s) against %(facing)s of %(player)s: a draw. No "
        "campaign counts it."
    ),
    "imported": (
        gettext_noop(
            "%(gang)s was imported from a file this server did not sign: built from a fresh "
            "starting treasury with %(count)s fighter, without any history."
        ),
        gettext_noop(
            "%(gang)s was imported from a file this server did not sign: built from a fresh "
            "starting treasury with %(count)s fighters, without any history."
        ),
        "count",
    ),
    "restored": gettext_noop(
        "%(gang)s was imported from a signed export of gang %(origin)s with its history: "
        "%(count)s fighters, %(battles)s battles, %(credits)s credits."
    ),
}
# Words a line names by code (``{"code": ..., "params": ...}`` as a parameter)
WORDS = {
    "arbitrator": gettext_noop("arbitrator"),
    "staff": gettext_noop("staff"),
    "drew": gettext_noop("drew"),
    "won": gettext_noop("won: %(gang)s"),
    "win": gettext_noop("win"),
    "draw": gettext_noop("draw"),
    "loss": gettext_noop("loss"),
}
# Where it happened (``params["at"]``), after the sentence
AT = {
    "battle": gettext_noop("(battle %(battle)s)"),
    "campaign": gettext_noop("(campaign %(campaign)s, battle %(battle)s)"),
}
# A ledger row's note (the ledger on the same page)
NOTES = {
    "treasury": gettext_noop("Starting treasury"),
    "hired_note": gettext_noop("Hired %(role)s %(name)s"),
    "bought_note": (
        gettext_noop("Bought %(item)s for the stash"),
        gettext_noop("Bought %(count)s × %(item)s for the stash"),
        "count",
    ),
    "bought_for_note": (
        gettext_noop("Bought %(item)s for %(fighter)s"),
        gettext_noop("Bought %(count)s × %(item)s for %(fighter)s"),
        "count",
    ),
    "sold_note": gettext_noop("Sold a %(item)s at the marketplace"),
    "sold_goods_note": gettext_noop("Sold %(goods)s at the marketplace"),
    "removed_note": gettext_noop("%(fighter)s removed before the gang's first battle"),
    "reward_note": gettext_noop("Reward (%(result)s): %(campaign)s, battle %(battle)s"),
    "import_balance": gettext_noop("The export's own balance was %(credits)s credits"),
    # A person's own words (an arbitrator's reason, a note brought by an import): as written
    "as_written": "%(note)s",
}
# Their note (a person's own words) follows the sentence
NOTED = frozenset({"injury", "death", "found_goods", "found_item", "used_up"})
BY = gettext_noop("%(line)s (by %(user)s)")


def line(event) -> str:
    """What the history line says in the active language (its stored text without a code)."""
    params = dict(event.params or {})
    said = _said(LINES.get(event.code), params)
    if said is None:
        return event.text  # no code, or a parameter missing: the English it was written with
    if isinstance(params.get("at"), dict):
        at = _at(params["at"])
        said = said if at is None else f"{said} {at}"
    if event.code in NOTED and params.get("note"):
        said = f"{said} {params['note']}"
    if params.get("by"):
        said = gettext(BY) % {"line": said, "user": params["by"]}
    return said


def note(entry) -> str:
    """A ledger row's note in the active language (its stored note without a code)."""
    said = _said(NOTES.get(entry.code), dict(entry.params or {}))
    return entry.note if said is None else said


def english(code: str, params: dict, *, notes: bool = False) -> str:
    """The line (or with ``notes`` the ledger note) of ``code`` as written in English: the
    stored ``text`` of a new line, for readers of old clients. Raises on a code not listed
    here, so that no writer writes a line nobody can translate."""
    templates = NOTES if notes else LINES
    if code not in templates:
        raise ValueError(f"{code!r} is not a code of rosters/history_lines.py")
    with translation.override("en"):
        if _said(templates[code], dict(params)) is None:
            raise ValueError(f"{code!r} misses a parameter: {sorted(params)}")
        if notes:
            return note(SimpleNamespace(code=code, params=params, note=""))
        return line(SimpleNamespace(code=code, params=params, text=""))


def where_in_english(at: dict) -> str:
    """``(campaign X, battle N)`` of an ``at`` parameter (``""`` without one), in English: the
    record's own note (an injury's), beside the line that says it in the reader's language."""
    if not isinstance(at.get("at"), dict):
        return ""
    with translation.override("en"):
        return _at(at["at"]) or ""


def _at(at: dict) -> str | None:
    return _said(AT["campaign" if "campaign" in at else "battle"], at)


def _said(template, params: dict) -> str | None:
    if template is None:
        return None
    params = {key: _word(value) for key, value in params.items()}
    try:
        if isinstance(template, tuple):
            singular, plural, count = template
            return ngettext(singular, plural, int(params[count])) % params
        return gettext(template) % params
    except (KeyError, TypeError, ValueError):
        return None


def _word(value):
    """A parameter, or the word it names by code in the active language."""
    if isinstance(value, dict) and value.get("code") in WORDS:
        return _said(WORDS[value["code"]], dict(value.get("params") or {}))
    return value


def with_notes(entries) -> list:
    """The ledger rows, each with its ``line`` (the note in the reader's language)."""
    entries = list(entries)
    for entry in entries:
        entry.line = note(entry)
    return entries


def with_lines(events) -> list:
    """The events, each with its ``line`` for the page to show."""
    events = list(events)
    for event in events:
        event.line = line(event)
    return events
