"""Checking a result logged from the table (no engine run)."""

from __future__ import annotations

from rulesets.battle_royale.board import WARRIORS_PER_PLAYER
from rulesets.core.errors import InvalidResult
from rulesets.core.protocol import ScoreField

SCORE_FIELDS = (
    ScoreField("warriors", "Warriors left on the island", 0, WARRIORS_PER_PLAYER),
    ScoreField("spoils", "War spoils (captured warriors)", 0, None),
)
NEUTRAL_WARRIORS_MAX = 18  # two on each of the nine middle tiles


def check_placements(placements: object) -> dict[str, int]:
    if not isinstance(placements, dict) or not 2 <= len(placements) <= 4:
        raise InvalidResult("placements", "Battle Royale is played by 2, 3 or 4 players.")
    places = list(placements.values())
    if not all(isinstance(p, int) and not isinstance(p, bool) for p in places):
        raise InvalidResult("placements", "Places are whole numbers.")
    for place in places:
        better = sum(1 for p in places if p < place)
        if place != better + 1:
            raise InvalidResult(
                "placements",
                "Places run from 1 and ties share a place, the next place being skipped (1, 1, 3).",
            )
    return placements


def check_result(*, placements: dict[str, int], scores: dict[str, dict]) -> None:
    placements = check_placements(placements)
    if not isinstance(scores, dict):
        raise InvalidResult("scores", "Scores are given per player.")
    n = len(placements)
    limits = {
        "warriors": WARRIORS_PER_PLAYER,
        "spoils": WARRIORS_PER_PLAYER * (n - 1) + (NEUTRAL_WARRIORS_MAX if n == 2 else 0),
    }
    for player, fields in scores.items():
        if player not in placements:
            raise InvalidResult(f"scores.{player}", "This player has no place in the result.")
        if not isinstance(fields, dict):
            raise InvalidResult(f"scores.{player}", "Scores are an object of fields.")
        for name, value in fields.items():
            where = f"scores.{player}.{name}"
            if name not in limits:
                raise InvalidResult(where, "Unknown score; use warriors or spoils.")
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise InvalidResult(where, "A count is a whole number of 0 or more.")
            if value > limits[name]:
                raise InvalidResult(where, f"At most {limits[name]} in a {n}-player game.")
    _check_survivors_rank_first(placements, scores)


def _check_survivors_rank_first(placements: dict[str, int], scores: dict[str, dict]) -> None:
    """A player still on the island at the end ranks above every player who was out."""
    warriors = {p: f.get("warriors") for p, f in scores.items() if isinstance(f, dict)}
    for alive, n_alive in warriors.items():
        for gone, n_gone in warriors.items():
            if n_alive and n_gone == 0 and placements[alive] >= placements[gone]:
                raise InvalidResult(
                    f"scores.{gone}.warriors",
                    "A player with no warriors left was out, so must place below every player "
                    "still on the island.",
                )
