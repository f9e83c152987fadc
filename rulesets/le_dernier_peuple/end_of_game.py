"""End of game: "The game ends as soon as one or more players reach 12 VP (or more). The last
active player (meeting this condition) wins the game."

Decisions: the condition is checked after every step of play (after an event's VP have all
moved, after a power card), so several players can reach 12 at once; among them the winner
is the one whose turn began most recently (the active player first). The other players are
placed by VP (ties share a place); players who resigned come after them, the last to resign
best. A game where everybody else resigned is won by the last player left.
"""

from __future__ import annotations

from rulesets.core.messages import said
from rulesets.core.protocol import Outcome
from rulesets.le_dernier_peuple import messages as say
from rulesets.le_dernier_peuple.peoples import players_in_play, subject
from rulesets.le_dernier_peuple.vp_tokens import total

VP_TO_WIN = 12


def last_active(state: dict, seats: list[str]) -> str:
    """The seat among ``seats`` whose turn began most recently (then the nearest before the
    active player in turn order, for seats that never had a turn)."""
    order = state["seats"]
    here = order.index(state["active"])

    def recency(seat: str) -> tuple[int, int]:
        return state["last_turn"].get(seat, 0), -((here - order.index(seat)) % len(order))

    return max(seats, key=recency)


def check_end(state: dict, events: list) -> bool:
    """Has anybody still in the game reached 12 VP? Then the game ends now."""
    reached = [s for s in players_in_play(state) if total(state["vp"][s]) >= VP_TO_WIN]
    if not reached:
        return False
    winner = last_active(state, reached)
    text = f"{subject(state, winner)} reach 12 VP and win!"
    finish(state, winner, events, text, said("game_over", people=say.people(state, winner)))
    return True


def finish(state: dict, winner: str, events: list, text: str, coded: dict) -> None:
    """The game ends; ``coded`` is the event's code and parameters (``said(...)``)."""
    state["over"] = True
    state["winner"] = winner
    state["decision"] = None
    state["queue"] = []
    events.append({"type": "game_over", "winner": winner, "text": text, **coded})


def placements(state: dict) -> dict[str, int]:
    """1 for the winner, then by VP (ties share a place), then the resigned players."""
    winner = state["winner"]
    others = [s for s in players_in_play(state) if s != winner]
    places = {winner: 1}
    for seat in others:
        better = sum(1 for o in others if total(state["vp"][o]) > total(state["vp"][seat]))
        places[seat] = 2 + better
    for rank, seat in enumerate(reversed(state["out"])):
        places[seat] = len(players_in_play(state)) + 1 + rank
    return places


def outcome(state: dict) -> Outcome | None:
    if not state["over"]:
        return None
    return Outcome(
        winners=[state["winner"]],
        placements=placements(state),
        scores={s: {"vp": total(state["vp"][s])} for s in state["seats"]},
    )
