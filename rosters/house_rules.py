"""The house rules a gang plays by: those its campaigns chose (rulesets/core/house_rules.py).

A gang outside any campaign plays by the rulebook's text: no house rule is on. A gang in a
campaign plays by the house rules that campaign chose; a gang in two campaigns at once by
every house rule either chose (a flip is for good, so a stat raised past a cap in one
campaign would break the other's rule: the stricter choice wins).

**The hook.** ``rosters`` imports no other app, and campaigns sit above it. An app that
gathers gangs under house rules registers a source from its own ``AppConfig.ready()``::

    from rosters import house_rules
    house_rules.register_source(house_rules_of_gang)

A source is ``source(gang_id) -> set of keys`` (the house rules on for that gang), answered
from the database, so every process (web, worker) gives the same answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rulesets.last_hope_frontier.house_rules import STAT_CAPS

Source = Callable[[int], Iterable[str]]

_sources: list[Source] = []  # filled by AppConfig.ready(), read-only afterwards


def register_source(source: Source) -> Source:
    """Add a source of the house rules a gang plays by (idempotent)."""
    if source not in _sources:
        _sources.append(source)
    return source


def house_rules_on(gang_id: int) -> frozenset[str]:
    """The keys of the house rules this gang plays by; empty: the rulebook's text."""
    keys: set[str] = set()
    for source in _sources:
        keys.update(source(gang_id))
    return frozenset(keys)


def stat_caps(gang_id: int) -> bool:
    """Whether advancement stops at the catalogue's caps for this gang (house rule
    ``stat_caps``); the flip table has none: ``post_game.stat_cap(stat, capped=...)``."""
    return STAT_CAPS in house_rules_on(gang_id)
