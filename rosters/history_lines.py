"""A gang's history in the reader's language: a line's code and parameters through gettext.

A line (GangEvent) is written with its English ``text`` and, for the codes listed here, a
``code`` and ``params`` (rosters/services/common.py ``_new_event``). A page reads
``line(event)``: the template of the code in the active language, or the stored text for a
line written before (migration 0010) or with a code this list no longer knows. Names of the
game's own things (roles, items, cards, stats, factions) stay as the catalogue spells them;
a ``note`` is added as written, and ``by`` (someone other than the owner made the change)
names them. To add a line: its code here, ``code=``/``params=`` where the service writes it,
its French and Dutch in locale/."""

from __future__ import annotations

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
}
NOTED = frozenset({"injury", "death"})  # their note follows the sentence
BY = gettext_noop("%(line)s (by %(user)s)")


def line(event) -> str:
    """What the history line says in the active language (its stored text without a code)."""
    params = dict(event.params or {})
    said = _said(LINES.get(event.code), params)
    if said is None:
        return event.text  # no code, or a parameter missing: the English it was written with
    if event.code in NOTED and params.get("note"):
        said = f"{said} {params['note']}"
    if params.get("by"):
        said = gettext(BY) % {"line": said, "user": params["by"]}
    return said


def note(entry) -> str:
    """A ledger row's note in the active language (its stored note without a code)."""
    said = _said(NOTES.get(entry.code), dict(entry.params or {}))
    return entry.note if said is None else said


def _said(template, params: dict) -> str | None:
    if template is None:
        return None
    try:
        if isinstance(template, tuple):
            singular, plural, count = template
            return ngettext(singular, plural, int(params[count])) % params
        return gettext(template) % params
    except (KeyError, TypeError, ValueError):
        return None


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
