"""Battle Royale Last One Standing (Identity Games): the Ruleset the matches app talks to."""

from __future__ import annotations

from rulesets.battle_royale import actions, results, setup, views
from rulesets.battle_royale.house_rules import HOUSE_RULES
from rulesets.core.protocol import Outcome, Resolution


class BattleRoyale:
    slug = "battle-royale"
    name = "Battle Royale"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    live = True
    score_fields = results.SCORE_FIELDS
    house_rules = HOUSE_RULES
    options = setup.DECLARED

    def new_game(self, seats: list[str], options: dict, seed: int) -> dict:
        return setup.new_game(seats, options, seed)

    def legal_actions(self, state: dict, seat: str) -> list[dict]:
        return actions.legal_actions(state, seat)

    def apply(self, state: dict, seat: str, action: dict) -> Resolution:
        return actions.apply(state, seat, action)

    def resign(self, state: dict, seat: str) -> Resolution:
        return actions.resign(state, seat)

    def view(self, state: dict, seat: str | None) -> dict:
        return views.view(state, seat)

    def to_move(self, state: dict) -> list[str]:
        return actions.to_move(state)

    def outcome(self, state: dict) -> Outcome | None:
        result = state.get("result")
        if not result:
            return None
        return Outcome(
            winners=list(result["winners"]),
            placements=dict(result["placements"]),
            scores={s: dict(v) for s, v in result["scores"].items()},
        )

    def check_result(self, *, placements: dict[str, int], scores: dict[str, dict]) -> None:
        results.check_result(placements=placements, scores=scores)
