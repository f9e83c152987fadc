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


# Each game's own bot (rulesets/core/bots.py), for the live table's "greedy" policy.
BOTS = (
    "rulesets.last_hope_frontier.bot",
    "rulesets.le_dernier_peuple.bot",
    "rulesets.battle_royale.bot",
    "rulesets.last_one_standing.bot",
)


@cache
def _bots() -> dict[str, Bot]:
    found = [import_module(name).BOT for name in BOTS]
    return {b.slug: b for b in found}


def get_bot(slug: str) -> Bot | None:
    """The game's own bot, or None: a game without one is played at random."""
    return _bots().get(slug)
