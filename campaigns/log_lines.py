"""The campaign log in the reader's language: a line's code and parameters through gettext.

A line is written with its English ``text`` and a ``code`` and ``params``
(campaigns/services/common.py ``log``). A page reads ``line(entry)``: the template of the
code in the active language, or the stored text for a line written before (migration 0008)
or with a code this list no longer knows. A parameter is a plain value, a list (joined with
commas; ``"changes"``: the settings' field names, each said by its label), a date
(``"date"``: ISO, written the reader's way) or a phrase ``{"code": ..., "params": {...}}``
of this list, translated first. To add a line: its code here, the
``code=``/``params=`` in the service's ``log`` call, its French and Dutch in locale/."""

from __future__ import annotations

import datetime

from django.core.exceptions import FieldDoesNotExist
from django.utils.formats import date_format
from django.utils.translation import gettext, gettext_noop, ngettext

from campaigns.log_texts import LINES
from campaigns.models import Campaign, LogEntry

RESULTS = {"win": gettext_noop("win"), "draw": gettext_noop("draw"), "loss": gettext_noop("loss")}
DEPTH = 3  # phrases inside phrases


def line(entry: LogEntry) -> str:
    """What the log line says in the active language (its stored text without a code)."""
    if entry.code not in LINES:
        return entry.text
    try:
        return phrase(entry.code, dict(entry.params or {}))
    except (KeyError, TypeError, ValueError):
        return entry.text  # a parameter missing: the English it was written with


def phrase(code: str, params: dict, depth: int = 0) -> str:
    template = LINES[code]
    if params.get("result") in RESULTS:
        params["result"] = gettext(RESULTS[params["result"]])
    values = {key: _value(key, value, depth) for key, value in params.items()}
    if isinstance(template, tuple):
        singular, plural, count = template
        return ngettext(singular, plural, int(params[count])) % values
    return gettext(template) % values


def settings_named(keys: list[str]) -> str:
    """The settings a "settings" line changed (its ``changes``: the fields' names), each by
    its label in the active language (the field's verbose name), joined with commas."""
    labels = []
    for key in keys:
        try:
            labels.append(str(Campaign._meta.get_field(key).verbose_name))
        except FieldDoesNotExist:
            labels.append(str(key))  # a setting since removed: its name
    return ", ".join(labels)


def _value(key: str, value: object, depth: int) -> object:
    if key == "changes" and isinstance(value, list):
        return settings_named(value)
    if isinstance(value, dict) and "code" in value and depth < DEPTH:
        return phrase(value["code"], dict(value.get("params") or {}), depth + 1)
    if isinstance(value, dict):
        raise ValueError(f"cannot say {value!r}")
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if key == "date" and isinstance(value, str):
        return date_format(datetime.date.fromisoformat(value), "DATE_FORMAT")
    return value


def with_lines(entries) -> list[LogEntry]:
    """The entries, each with its ``line`` for the page to show."""
    entries = list(entries)
    for entry in entries:
        entry.line = line(entry)
    return entries
