"""The Last Hope Frontier ruleset as the matches app sees it: metadata, live play and
logged results.

Live, server-refereed play (``live = True``) delegates to ``live.py`` and the ``live_*``
modules on top of the rules modules here; results logged from the table are checked by
``check_result``. A battle is one gang against another: two players, a winner and a loser,
or a draw.
"""

from __future__ import annotations

from rulesets.core.errors import InvalidResult
from rulesets.core.protocol import Outcome, Resolution, ScoreField
from rulesets.last_hope_frontier import live
from rulesets.last_hope_frontier.catalogue import catalogue
from rulesets.last_hope_frontier.house_rules import HOUSE_RULES
from rulesets.last_hope_frontier.live_fill import fill_hints
from rulesets.last_hope_frontier.live_setup import OPTIONS

SLUG = "last-hope-frontier"


def _score_fields() -> tuple[ScoreField, ...]:
    gang_max = catalogue().max_fighters
    return (
        ScoreField("fighters_taken_out", "Enemy fighters taken out of action", 0, gang_max),
        ScoreField("killing_blows", "Killing blows (enemy fighters killed)", 0, gang_max),
        ScoreField("credits_earned", "Credits earned in the mission", 0, None),
    )


class LastHopeFrontier:
    slug = SLUG
    name = "Last Hope Frontier"
    min_players = 2
    max_players = 2
    live = True
    score_fields = _score_fields()
    house_rules = HOUSE_RULES
    options = OPTIONS

    def new_game(self, seats: list[str], options: dict, seed: int) -> dict:
        return live.new_game(seats, options, seed)

    def legal_actions(self, state: dict, seat: str) -> list[dict]:
        return live.legal_actions(state, seat)

    def fill_hints(self, state: dict, seat: str, action: dict) -> dict:
        """What the seat must fill in this legal action before sending it (live_fill.py)."""
        return fill_hints(state, seat, action)

    def apply(self, state: dict, seat: str, action: dict) -> Resolution:
        return live.apply(state, seat, action)

    def resign(self, state: dict, seat: str) -> Resolution:
        return live.resign(state, seat)

    def view(self, state: dict, seat: str | None) -> dict:
        return live.view(state, seat)

    def to_move(self, state: dict) -> list[str]:
        return live.to_move(state)

    def outcome(self, state: dict) -> Outcome | None:
        return live.outcome(state)

    def battle_report(self, state: dict) -> dict:
        """The finished battle's record for the campaign's post-game (live_view.py)."""
        return live.battle_report(state)

    def check_result(self, *, placements: dict[str, int], scores: dict[str, dict]) -> None:
        """A 1v1 result: placements {a: 1, b: 2} or a draw {a: 1, b: 1}; counts in bounds, and
        killing blows are some of the fighters taken out (a kill is a take-down too)."""
        _check_placements(placements)
        if not isinstance(scores, dict):
            raise InvalidResult("scores", "Scores map each player to their score fields.")
        for player, fields in scores.items():
            if player not in placements:
                raise InvalidResult(f"scores.{player}", "This player is not in the placements.")
            _check_scores(player, fields)


def _check_placements(placements: object) -> None:
    if not isinstance(placements, dict) or len(placements) != 2:
        raise InvalidResult("placements", "A Last Hope Frontier battle has exactly two players.")
    places = list(placements.values())
    if any(isinstance(p, bool) or not isinstance(p, int) for p in places):
        raise InvalidResult("placements", "Places are whole numbers.")
    if sorted(places) not in ([1, 2], [1, 1]):
        raise InvalidResult(
            "placements", "One player places 1 and the other 2, or both 1 (a draw)."
        )


def _check_scores(player: str, fields: object) -> None:
    if not isinstance(fields, dict):
        raise InvalidResult(f"scores.{player}", "Scores are an object of score fields.")
    known = {f.name: f for f in LastHopeFrontier.score_fields}
    for name, value in fields.items():
        path = f"scores.{player}.{name}"
        spec = known.get(name)
        if spec is None:
            raise InvalidResult(path, f"Unknown score field; use {', '.join(known)}.")
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidResult(path, "This must be a whole number.")
        if value < spec.minimum or (spec.maximum is not None and value > spec.maximum):
            top = "" if spec.maximum is None else f" and at most {spec.maximum}"
            raise InvalidResult(path, f"This must be at least {spec.minimum}{top}.")
    taken_out = fields.get("fighters_taken_out")
    if taken_out is not None and fields.get("killing_blows", 0) > taken_out:
        raise InvalidResult(
            f"scores.{player}.killing_blows",
            "Killing blows cannot exceed the fighters taken out of action.",
        )


RULESET = LastHopeFrontier()
