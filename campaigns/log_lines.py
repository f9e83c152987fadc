"""The campaign log in the reader's language: a line's code and parameters through gettext.

A line is written with its English ``text`` and, for the codes listed here, a ``code`` and
``params`` (campaigns/services/common.py ``log``). A page reads ``line(entry)``: the
template of the code in the active language, or the stored text for a line written before
(migration 0008) or with a code this list no longer knows. To add a line: its code here, the
``code=``/``params=`` in the service's ``log`` call, its French and Dutch in locale/."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop, ngettext

from campaigns.models import LogEntry

# code -> template, or (singular, plural, the parameter that counts)
LINES = {
    "death": gettext_noop(
        "%(fighter)s of %(gang)s was taken out of action a third time and is dead; their "
        "equipment is buried with them."
    ),
    "injury": gettext_noop(
        "%(fighter)s of %(gang)s was taken out of action (%(strike)s of 3) and permanently "
        "loses a wound."
    ),
    "flips": (
        gettext_noop("%(fighter)s earned %(count)s card flip."),
        gettext_noop("%(fighter)s earned %(count)s card flips."),
        "count",
    ),
    "reward": (
        gettext_noop("%(gang)s earned %(count)s credit (%(result)s)."),
        gettext_noop("%(gang)s earned %(count)s credits (%(result)s)."),
        "count",
    ),
}
RESULTS = {"win": gettext_noop("win"), "draw": gettext_noop("draw"), "loss": gettext_noop("loss")}


def line(entry: LogEntry) -> str:
    """What the log line says in the active language (its stored text without a code)."""
    template = LINES.get(entry.code)
    if template is None:
        return entry.text
    params = dict(entry.params or {})
    if params.get("result") in RESULTS:
        params["result"] = gettext(RESULTS[params["result"]])
    try:
        if isinstance(template, tuple):
            singular, plural, count = template
            return ngettext(singular, plural, int(params[count])) % params
        return gettext(template) % params
    except (KeyError, TypeError, ValueError):
        return entry.text  # a parameter missing: the English it was written with


def with_lines(entries) -> list[LogEntry]:
    """The entries, each with its ``line`` for the page to show."""
    entries = list(entries)
    for entry in entries:
        entry.line = line(entry)
    return entries
