"""Checking a result logged from the table (no engine run).

What the rules make impossible: more than one winner ("the last active player [...] wins"),
a winner below 12 VP (a game won because everybody else left is logged without scores), a
score above 14 VP (at most 11 VP before the last gain, and no gain is above 3 VP), a loser
above 12 VP (a player reaching 12 VP out of turn only ever gains 1 VP, and the active player
wins when it reaches 12 too), more than two players on 12 VP or more (one event makes at
most two players gain: the active player and the owner of the second meeple).
"""

from __future__ import annotations

from rulesets.core.errors import InvalidResult
from rulesets.le_dernier_peuple.end_of_game import VP_TO_WIN
from rulesets.le_dernier_peuple.setup import MAX_PLAYERS, MIN_PLAYERS

MAX_VP = VP_TO_WIN - 1 + 3


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_placements(placements: object) -> str:
    """Places 1..n, ties sharing a place (1, 1, 3), exactly one winner; returns the winner."""
    if not isinstance(placements, dict) or not MIN_PLAYERS <= len(placements) <= MAX_PLAYERS:
        raise InvalidResult("placements", "Le Dernier Peuple is played by 2 to 5 players.")
    places = list(placements.values())
    if not all(_is_int(p) and p >= 1 for p in places):
        raise InvalidResult("placements", "Every place must be a whole number from 1.")
    for place in places:
        if place != 1 + sum(1 for other in places if other < place):
            raise InvalidResult(
                "placements", "Places must run 1..n, tied players sharing a place (1, 1, 3)."
            )
    winners = [player for player, place in placements.items() if place == 1]
    if len(winners) != 1:
        raise InvalidResult(
            "placements", "Exactly one player wins: the last active player to reach 12 VP."
        )
    return winners[0]


def check_scores(scores: object, placements: dict) -> dict[str, int]:
    """Only the "vp" field, a whole number from 0 to 14, for players who were placed."""
    if not isinstance(scores, dict):
        raise InvalidResult("scores", "Scores must map each player to their fields.")
    vp = {}
    for player, fields in scores.items():
        if player not in placements:
            raise InvalidResult(f"scores.{player}", "This player has no place in the result.")
        if not isinstance(fields, dict):
            raise InvalidResult(f"scores.{player}", "Scores must be an object of fields.")
        for field, value in fields.items():
            where = f"scores.{player}.{field}"
            if field != "vp":
                raise InvalidResult(where, "Le Dernier Peuple only scores victory points (vp).")
            if not _is_int(value) or value < 0:
                raise InvalidResult(where, "VP must be a whole number, 0 or more.")
            if value > MAX_VP:
                raise InvalidResult(where, f"Nobody can end with more than {MAX_VP} VP.")
            vp[player] = value
    return vp


def check_result(*, placements: dict, scores: dict) -> None:
    winner = check_placements(placements)
    vp = check_scores(scores, placements)
    if winner in vp and vp[winner] < VP_TO_WIN:
        raise InvalidResult(f"scores.{winner}.vp", "The winner must have reached 12 VP.")
    for player, value in vp.items():
        if player != winner and value > VP_TO_WIN:
            raise InvalidResult(
                f"scores.{player}.vp", "Only the winner can end the game above 12 VP."
            )
    if sum(1 for value in vp.values() if value >= VP_TO_WIN) > 2:
        raise InvalidResult("scores", "At most two players can reach 12 VP at the same moment.")
