"""Replay: play a live match again from its seed and its resolved actions and compare with
the stored state, byte for byte (``manage.py replay_match``)."""

from __future__ import annotations

from matches.models import Match, MatchAction
from matches.services.common import _dump, canonical
from rulesets.registry import get_ruleset


def replay_match(match: Match) -> tuple[bool, dict]:
    """Play the match again from its seed and its resolved actions (rejected ones changed
    nothing) and compare with the stored state, byte for byte. Returns ``(same, state)``."""
    game = get_ruleset(match.ruleset)
    if game is None or not match.is_dealt:
        raise ValueError(f"match {match.pk} is not a dealt live match of a known game")
    seats = [p.seat for p in match.participants.order_by("id")]
    state = canonical(game.new_game(seats, canonical(match.options), match.seed))
    actions = match.actions.filter(status=MatchAction.Status.RESOLVED).order_by("id")
    for action in actions:
        if action.kind == MatchAction.Kind.PLAY:
            state = canonical(
                game.apply(canonical(state), action.seat, canonical(action.payload)).state
            )
        elif hasattr(game, "resign"):
            state = canonical(game.resign(canonical(state), action.seat).state)
    return _dump(state) == _dump(match.state), state
