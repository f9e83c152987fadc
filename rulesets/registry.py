"""Every game Posse knows, by slug. Pure Python: engines register here, Django apps look up."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from rulesets.core.bots import Bot
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


def get_bot(slug: str) -> Bot | None:
    """The game's own bot, or None: a game without one is played at random."""
    return _bots().get(slug)
