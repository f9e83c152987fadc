"""The take-downs recorded for fighters: whom they took out of action, and how many of those
were killing blows. Flips are earned by take-downs ("one for taking an enemy out, two for a
killing blow"), so an import may bring no more flips than these could have earned.

**The hook.** ``rosters`` imports no other app, and battles are recorded elsewhere (today:
campaigns' casualties). An app that records take-downs registers a source from its own
``AppConfig.ready()``::

    from rosters import takedowns
    takedowns.register_source(takedowns_by_fighter)

A source is ``source(fighter_ids) -> {fighter_id: (taken_out, killing_blows)}``, answered from
the database. A fighter's count is the sum of every source's, plus what a signed import
brought with it (``Fighter.imported_takedowns``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

Source = Callable[[list[int]], dict[int, tuple[int, int]]]

_sources: list[Source] = []  # filled by AppConfig.ready(), read-only afterwards


def register_source(source: Source) -> Source:
    """Add a source of recorded take-downs (idempotent)."""
    if source not in _sources:
        _sources.append(source)
    return source


def recorded(fighters: Iterable) -> dict[int, tuple[int, int]]:
    """``{fighter id: (taken out, killing blows)}`` for these fighters, every source summed."""
    fighters = list(fighters)
    totals = {f.pk: (f.imported_takedowns, f.imported_killing_blows) for f in fighters}
    ids = list(totals)
    for source in _sources:
        for fighter_id, (taken_out, killing_blows) in source(ids).items():
            before = totals.get(fighter_id, (0, 0))
            totals[fighter_id] = (before[0] + taken_out, before[1] + killing_blows)
    return totals
