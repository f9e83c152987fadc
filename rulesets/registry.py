"""Every game Posse knows, by slug. Pure Python: engines register here, Django apps look up."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from rulesets.core.bots import Bot
from rulesets.core.errors import InvalidInput
from rulesets.core.house_rules import describe, read_house_rules, summary
from rulesets.core.protocol import Ruleset

ENGINES = (
    "rulesets.last_hope_frontier",
    "rulesets.le_dernier_peuple",
    "rulesets.battle_royale",
    "rulesets.last_one_standing",
)


@cache
def _rulesets() -> dict[str, Ruleset]:
    # Imported on first use so that importing the registry does not load every engine.
    found = [import_module(name).RULESET for name in ENGINES]
    return {r.slug: r for r in found}


def get_ruleset(slug: str) -> Ruleset | None:
    return _rulesets().get(slug)


def all_rulesets() -> list[Ruleset]:
    return list(_rulesets().values())


def slugs() -> list[str]:
    return list(_rulesets())


@cache
def game_name(slug: str) -> str:
    """The one name people read for a game, everywhere: pages, admin lists, sentences and
    the API's ``name``. A game removed since keeps a readable form of its slug."""
    ruleset = get_ruleset(slug) if isinstance(slug, str) else None
    if ruleset is not None:
        return ruleset.name
    return str(slug or "").replace("-", " ").capitalize()


def game_choices() -> list[tuple[str, str]]:
    """(slug, name) of every game, for a form's or an admin filter's choices."""
    return [(r.slug, r.name) for r in all_rulesets()]


@cache
def _bots() -> dict[str, Bot]:
    # Each game's own bot is its package's bot.py (rulesets/core/bots.py); a game may have none.
    found = {}
    for name in ENGINES:
        try:
            bot = import_module(f"{name}.bot").BOT
        except ModuleNotFoundError as exc:
            if exc.name != f"{name}.bot":
                raise
            continue
        found[bot.slug] = bot
    return found


@cache
def _messages() -> dict:
    # Each game's event catalogue is its package's messages.py (rulesets/core/messages.py).
    found = {}
    for name in ENGINES:
        try:
            module = import_module(f"{name}.messages")
        except ModuleNotFoundError as exc:
            if exc.name != f"{name}.messages":
                raise
            continue
        found[import_module(name).RULESET.slug] = module
    return found


def get_messages(slug: str):
    """The game's event catalogue (``MESSAGES``, ``WORDS``), or None: its events read as
    their stored English text."""
    return _messages().get(slug)


def get_bot(slug: str) -> Bot | None:
    """The game's own bot, or None: a game without one is played at random."""
    return _bots().get(slug)


def chosen_house_rules(slug: str, chosen: object) -> list[dict]:
    """The house rules a stored choice (``{"key": true}``) turns on, as ``{"key", "name",
    "description"}`` in the game's order: what a page or an API body shows next to the game.
    Keys the game does not know (or no longer knows) are left out."""
    ruleset = get_ruleset(slug)
    if ruleset is None or not isinstance(chosen, dict):
        return []
    return describe(
        getattr(ruleset, "house_rules", ()), [key for key, on in chosen.items() if on is True]
    )


def house_rules_summary(slug: str, chosen: object) -> str:
    """ "House rules: stat caps, fists at -1", or "" when the game follows the rulebook."""
    ruleset = get_ruleset(slug)
    if ruleset is None or not isinstance(chosen, dict):
        return ""
    return summary(
        getattr(ruleset, "house_rules", ()), [key for key, on in chosen.items() if on is True]
    )


def checked_house_rules(slug: str, chosen: object, error: type[Exception]) -> dict:
    """A campaign's or a league's choice of house rules, checked like a match's and stored as
    ``{"key": true}`` for the rules on; ``error(message, field=...)`` names the key at fault
    (``house_rules.<key>``)."""
    ruleset = get_ruleset(slug)
    try:
        on = read_house_rules(getattr(ruleset, "house_rules", ()), chosen, field="house_rules")
    except InvalidInput as exc:
        raise error(exc.message, field=exc.field) from None
    return dict.fromkeys(on, True)
