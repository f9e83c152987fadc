"""The live-table options of a new match (``POST matches/``): public, bots, turn clocks, and
the house rules chosen in its ``options`` (rulesets/core/house_rules.py)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.text import get_text_list
from django.utils.translation import gettext as _

from matches.policies import POLICIES, default_policy
from matches.services.common import InvalidMatchInput
from rulesets.core.errors import InvalidInput
from rulesets.core.house_rules import read_house_rules

MAX_BOTS = 19
MAX_TURN_SECONDS = 86_400


@dataclass(frozen=True)
class LiveOptions:
    public: bool
    bots: int
    bot_policy: str
    turn_seconds: int | None
    bank_seconds: int | None


def _whole(value: object, *, field: str, low: int, high: int, said: str) -> int:
    """``value`` if a whole number from ``low`` to ``high``; else ``said`` (a sentence
    of its own per field, translated, with ``%(low)s`` and ``%(high)s``) at ``field``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidMatchInput(said % {"low": low, "high": high}, field=field)
    return value


def check_live_options(
    *,
    game,
    public: object = False,
    bots: object = 0,
    bot_policy: object = None,
    turn_seconds: object = None,
    bank_seconds: object = None,
) -> LiveOptions:
    if not isinstance(public, bool):
        raise InvalidMatchInput(_("public is true or false."), field="public")
    bots = _whole(
        bots,
        field="bots",
        low=0,
        high=MAX_BOTS,
        said=_("The number of bots is a whole number from %(low)s to %(high)s."),
    )
    if bot_policy is None:
        bot_policy = default_policy(game.slug)
    elif bot_policy not in POLICIES:
        raise InvalidMatchInput(
            _("A bot plays %(policies)s, not %(asked)s.")
            % {"policies": get_text_list(sorted(POLICIES)), "asked": repr(bot_policy)},
            field="bot_policy",
        )
    elif bot_policy == "greedy" and default_policy(game.slug) != "greedy":
        raise InvalidMatchInput(
            _("%(game)s has no greedy bot yet; its bots play at random.") % {"game": game.name},
            field="bot_policy",
        )
    if turn_seconds is not None:
        turn_seconds = _whole(
            turn_seconds,
            field="turn_seconds",
            low=1,
            high=MAX_TURN_SECONDS,
            said=_("A turn is a whole number from %(low)s to %(high)s."),
        )
    if bank_seconds is not None:
        if turn_seconds is None:
            raise InvalidMatchInput(
                _("A time bank needs a turn clock: send turn_seconds too."), field="bank_seconds"
            )
        bank_seconds = _whole(
            bank_seconds,
            field="bank_seconds",
            low=0,
            high=MAX_TURN_SECONDS,
            said=_("A time bank is a whole number from %(low)s to %(high)s."),
        )
    return LiveOptions(
        public=public,
        bots=bots,
        bot_policy=bot_policy,
        turn_seconds=turn_seconds,
        bank_seconds=bank_seconds,
    )


def check_house_rules(*, game, options: object) -> list[str]:
    """The house rules ``options["house_rules"]`` chooses for ``game`` (the keys on, sorted);
    an unknown key or a value other than true or false is a 400 naming it
    (``options.house_rules.<key>``). The rulebook's text when none is chosen."""
    chosen = options.get("house_rules") if isinstance(options, dict) else None
    try:
        # A game that declares none (a test double) follows its text: every key is unknown.
        return read_house_rules(getattr(game, "house_rules", ()), chosen)
    except InvalidInput as exc:
        raise InvalidMatchInput(exc.message, field=exc.field) from None
