"""An event of any game in the reader's language: the one renderer pages and the API call.

Engines emit each event as a code with parameters next to its English ``text``
(rulesets/core/messages.py); the game's catalogue (``rulesets/<game>/messages.py``, found
through rulesets.registry) maps the code to a gettext template. An event stored before it
had a code, or one whose code or parameters the catalogue no longer knows, reads as its
stored text: an old replay still shows what happened, never an error.
"""

from __future__ import annotations

from types import SimpleNamespace

from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_noop, ngettext

from rulesets.registry import get_messages

DEPTH = 4  # phrases inside phrases: deep enough for any game, never a loop

# The events matches writes itself, whatever the game: codes "match:<name>".
OWN = SimpleNamespace(
    MESSAGES={
        "match:started": gettext_noop("The match begins: %(table)s."),
        "match:finished": gettext_noop("The match is over. Winner: %(winners)s."),
        "match:resigned": gettext_noop("%(name)s resigned."),
        "match:friendly": gettext_noop(
            "A friendly battle: %(name)s brings %(gang)s; each invited player accepts with a "
            "gang of their own. No campaign counts it."
        ),
        "match:friendly_bots": gettext_noop(
            "A friendly battle: %(name)s brings %(gang)s against %(names)s, played by a bot. "
            "No campaign counts it."
        ),
    },
    WORDS={"nobody": gettext_noop("nobody")},
)


def event_message(*, ruleset: str, kind: str, text: str, data: dict | None) -> str:
    """What the event says in the active language (its stored text when it has no code)."""
    code = (data or {}).get("code")
    catalogue = OWN if str(code).startswith("match:") else get_messages(ruleset)
    if catalogue is not None and isinstance(code, str):
        try:
            return phrase(catalogue, code, (data or {}).get("params") or {})
        except (KeyError, TypeError, ValueError, AttributeError):
            pass  # a code or a parameter this catalogue does not know: the stored English
    return text or kind.replace("_", " ")


def phrase(catalogue, code: str, params: dict, depth: int = 0) -> str:
    template = catalogue.MESSAGES[code]
    values = {key: _value(catalogue, value, depth) for key, value in params.items()}
    if isinstance(template, tuple):
        singular, plural, count = template
        n = params[count]
        number = n if isinstance(n, int) else (1 if n == 1 else 2)
        return ngettext(singular, plural, number) % values
    return gettext(template) % values


def _value(catalogue, value: object, depth: int) -> str:
    if isinstance(value, dict) and "word" in value:
        return gettext(catalogue.WORDS[value["word"]])
    if isinstance(value, dict) and "code" in value and depth < DEPTH:
        return phrase(catalogue, value["code"], value.get("params") or {}, depth + 1)
    if isinstance(value, list):
        return ", ".join(_value(catalogue, v, depth) for v in value)
    if isinstance(value, float):
        return number_format(int(value) if value.is_integer() else round(value, 2))
    if isinstance(value, (dict, tuple, set)):
        raise ValueError(f"cannot say {value!r}")
    return str(value)
