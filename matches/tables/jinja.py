"""The Jinja2 environment the live tables are drawn with (``matches/jinja2/``: the table
fragment and each game's board).

A seated page is drawn again for every move of its match, on the stream process's event loop
(matches/views/page_frames.py): what the drawing costs, every other stream of that process
waits for (docs/performance.md, "Page push"). Jinja2 compiles a template to Python, where
Django's template language walks a tree of nodes; the rest of the site stays in Django's.

The templates are written so that Django's ``makemessages`` reads them as it reads its own:
every string as ``_("...")``, its parameters through ``|format`` — the same msgids the
Django templates had, so the catalogues in ``locale/`` serve both.
"""

from __future__ import annotations

from collections.abc import Callable

import jinja2
from django.utils.translation import get_language, gettext, ngettext

from rulesets.registry import house_rules_summary


class Environment(jinja2.Environment):
    def getattr(self, obj, attribute):
        # The presenters hand plain dicts (matches/tables/): ``t.x`` looks the key up first,
        # as Django's templates do, instead of an attribute lookup that fails on every dict.
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


def environment(**options) -> Environment:
    # A missing value draws nothing, as in Django's templates (Django's backend would show
    # its name with DEBUG on).
    options["undefined"] = jinja2.Undefined
    env = Environment(extensions=["jinja2.ext.i18n"], **options)
    env.install_gettext_callables(gettext, ngettext, newstyle=False)
    env.globals["house_rules_line"] = house_rules_summary
    return env


# The catalogues do not change while a process runs: a template's strings, looked up once per
# language, are a dict's lookup on every later draw (Django's ``gettext`` finds the active
# language and walks the catalogue and its fallbacks each time, a quarter of a draw). A memo
# of the code's own msgids, as Django keeps its translation objects: every process builds the
# same, and nothing is lost with it.
_phrased: dict[str | None, dict[str, str]] = {}


def phrasebook() -> Callable[[str], str]:
    """``gettext`` in the active language, for one draw: given to a template as ``gettext``
    (its ``_()`` calls that; matches/views/table.py ``draw``)."""
    known = _phrased.setdefault(get_language(), {})

    def phrase(message: str) -> str:
        try:
            return known[message]
        except KeyError:
            return known.setdefault(message, gettext(message))

    return phrase
