"""Starting a live match, the one door for ``POST matches/`` (live) and the page
``/matches/new/``: a battle of the creator's own gang when one is named (live_friendly.py),
else a live match of invited players and bots (records.py)."""

from __future__ import annotations

from matches.models import Match
from matches.services.live_friendly import create_friendly_battle
from matches.services.records import create_live_match


def start_live_match(*, created_by, gang: int | None = None, **fields) -> Match:
    """``fields`` as ``create_live_match`` takes them (``ruleset``, ``players``, ``options``,
    ``bots``, ``bot_policy``, ``turn_seconds``, ``bank_seconds``, ``public``, ``seed``)."""
    if gang is not None:
        return create_friendly_battle(created_by=created_by, gang=gang, **fields)
    return create_live_match(created_by=created_by, **fields)
