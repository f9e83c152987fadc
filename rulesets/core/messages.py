"""Events as a code with parameters, so that each reader reads them in their own language.

An engine's event keeps its English ``text`` (old replays and the API's ``text`` field) and
adds ``"code"`` and ``"params"`` (``**said("moved", fighter=..., distance=...)``). Each game
lists its codes in ``rulesets/<game>/messages.py``: ``MESSAGES`` (code -> English template
with named parameters, or ``ngettext_noop(singular, plural, count_param)``) and ``WORDS``
(key -> an English word a parameter may name). matches/messages.py renders an event in the
active language through gettext; the templates are the msgids of locale/*/django.po.

A parameter is a plain value (a name, a number: numbers are written the reader's way), a
word (``word("whiskey")``: WORDS["whiskey"], translated) or a phrase (``said("inches",
n=3.5)``: a code of the same catalogue with its own parameters, translated first). Pure
Python: the markers below only return what they are given (``makemessages`` knows the
keyword ``gettext_noop``; give it ``--keyword=ngettext_noop:1,2`` for the plurals).
"""

from __future__ import annotations


def gettext_noop(text: str) -> str:
    """A template to translate when the event is read (not when it happens)."""
    return text


def ngettext_noop(singular: str, plural: str, count: str) -> tuple[str, str, str]:
    """A template with a plural, chosen by the parameter named ``count``."""
    return (singular, plural, count)


def said(code: str, **params: object) -> dict:
    """An event's (or a phrase's) code and parameters: ``{"code": ..., "params": {...}}``."""
    return {"code": code, "params": params}


def word(key: str) -> dict:
    """A parameter that is one of the catalogue's WORDS, translated when read."""
    return {"word": key}
