"""Battle Royale's bot looks one action ahead: a state is worth the seat's pieces on the board,
less its rivals' shared among them, and half its spoils."""

from __future__ import annotations

from rulesets.core.bots import Bot


def score(state: dict, seat: str) -> float:
    mine = state["colours"][seat]
    value = 0.0
    for tile in state["board"].values():
        for colour, count in tile.items():
            value += count if colour == mine else -count / max(1, len(state["seats"]) - 1)
    return value + 0.5 * sum(state["spoils"].get(seat, {}).values())


BOT = Bot(slug="battle-royale", score=score)
