"""What leaves the server: each seat's view, the outcome, and the battle report for the
campaign's post-game.

A view strips the rng, the deck order and every face-down card: a player sees their own
hand, the other hand and both decks as counts, the discard piles (played cards are public)
and, while an attack or a rabbit's-foot decision is pending, only that the other side has
chosen. A spectator (``None``) sees no hand at all.
"""

from __future__ import annotations

import pickle

from rulesets.core.protocol import Outcome
from rulesets.last_hope_frontier.live_legal import to_move
from rulesets.last_hope_frontier.live_missions import earnings, points
from rulesets.last_hope_frontier.live_turns import taken_out_by


def view(state: dict, seat: str | None) -> dict:
    public = {key: value for key, value in state.items() if key not in _PRIVATE}
    seen = pickle.loads(pickle.dumps(public, pickle.HIGHEST_PROTOCOL))  # a deep copy
    seen["you"] = seat if seat in state["seats"] else None
    seen["to_move"] = to_move(state)
    seen["cards"] = {}
    for owner, pile in state["cards"].items():
        shown = {
            "deck_count": len(pile["deck"]),
            "hand_count": len(pile["hand"]),
            "discard": list(pile["discard"]),
        }
        if owner == seat:
            shown["hand"] = list(pile["hand"])
        seen["cards"][owner] = shown
    pending = state["pending"]
    if pending is not None:
        seen["pending"]["attack_card"] = (
            pending["attack_card"] if pending["attacker_seat"] == seat else None
        )
        seen["pending"]["attack_card_chosen"] = True
        seen["pending"]["defence_card_chosen"] = False
    if state.get("mission") is not None:  # each side's points so far, as the mission counts
        seen["mission"]["points"] = {s: points(state, s) for s in state["seats"]}
    pledges = state["initiative"]["pledges"]
    seen["initiative"]["pledges"] = {
        owner: {
            "chosen": count is not None,
            **({"count": count} if owner == seat or state["phase"] != "initiative" else {}),
        }
        for owner, count in pledges.items()
    }
    return seen


_PRIVATE = {"rng", "cards"}


def outcome(state: dict) -> Outcome | None:
    """Winners: the winning seat, or nobody in a draw (both placed 1st). Scores: enemy
    fighters out of action (``fighters_taken_out``)."""
    result = state["result"]
    if result is None:
        return None
    winner = result["winner"]
    placements = {seat: 1 if winner is None or seat == winner else 2 for seat in state["seats"]}
    scores = {seat: {"fighters_taken_out": taken_out_by(state, seat)} for seat in state["seats"]}
    return Outcome(winners=[] if winner is None else [winner], placements=placements, scores=scores)


def battle_report(state: dict) -> dict:
    """The record a finished battle hands to the campaign's post-game sequence.

    ``takedowns`` are exactly what post_game.settle_takedowns reads; ``out_of_action`` lists
    every fighter taken out (in order), whose injuries the campaign settles; items used up
    (drinks, dynamite, a thrown knife, rabbit's feet, a town map) are ``equipment_spent``;
    with a mission, ``earnings`` gives each seat's credits and goods (live_missions.py).
    """
    result = state["result"]
    if result is None:
        raise ValueError("The battle is not over yet.")
    report = {
        "winner": result["winner"],
        "reason": result["reason"],
        "turns": state["turn"],
        "gangs": {seat: state["gangs"][seat]["gang_id"] for seat in state["seats"]},
        "takedowns": [
            {"by": t["by"], "victim": t["victim"], "enemy": t["enemy"]} for t in state["takedowns"]
        ],
        "out_of_action": list(state["out_of_action"]),
        "equipment_spent": [dict(s) for s in state["spent"]],
    }
    if state.get("mission") is not None:
        report.update(mission=state["mission"]["key"], earnings=earnings(state))
    return report
