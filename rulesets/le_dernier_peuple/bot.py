"""Le Dernier Peuple's bot looks one action ahead: a state is worth the seat's victory points."""

from __future__ import annotations

from rulesets.core.bots import Bot


def score(state: dict, seat: str) -> float:
    purse = state["vp"][seat]
    return sum(int(worth) * count for worth, count in purse.items())


BOT = Bot(slug="le-dernier-peuple", score=score)
