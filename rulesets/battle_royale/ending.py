"""Players going out, and the end of the game.

'The game ends when only one player is left, or when only the flag tile is still in play. In
that case the player with the most warriors wins. In a tie, the player with the largest war
spoils wins.'

Decisions: a player is out the moment they have no warrior left on the island (the reserve does
not count). Placements: the players still in come first (one player left: that player; flag
tile only: by warriors on the flag tile, then war spoils, full ties share the place); then the
players who went out, the later the better; players who went out at the same moment share a
place. If the last players all go out at the same moment, they share the win.
"""

from __future__ import annotations

from rulesets.battle_royale import messages as say
from rulesets.battle_royale.board import capitalised, colour_of, count, on_island, spoils_total
from rulesets.core.messages import said


def out_seats(state: dict) -> set[str]:
    return {seat for group in state["out"] for seat in group}


def still_in(state: dict) -> list[str]:
    out = out_seats(state)
    return [s for s in state["order"] if s not in out]


OUT_WHY = {
    "player_out": "has no warriors left on the island and is out",
    "player_resigns": "resigns and leaves the island",
}


def go_out(state: dict, seats: list[str], events: list, why: str) -> None:
    """``why`` is a code of OUT_WHY (its English follows the player's colour)."""
    state["out"].append(list(seats))
    for seat in seats:
        events.append(
            {
                "type": "player_out",
                "seat": seat,
                "text": f"{capitalised(colour_of(state, seat))} {OUT_WHY[why]}.",
                **said(why, colour=say.colour(colour_of(state, seat), capital=True)),
            }
        )


def settle(state: dict, events: list) -> None:
    """Mark players without warriors as out; end the game when its end is reached."""
    if state["phase"] == "over":
        return
    present = set().union(*state["board"].values())
    gone = [s for s in still_in(state) if colour_of(state, s) not in present]
    if gone:
        go_out(state, gone, events, "player_out")
    left = still_in(state)
    if len(left) <= 1:
        finish(state, "last_one_standing", events)
    elif set(state["board"]) == {state["flag"]}:
        finish(state, "flag_tile", events)


def finish(state: dict, reason: str, events: list) -> None:
    """Record the result: winners, a place for every seat, and the scores."""
    ranking = _ranking(state, reason)
    placements: dict[str, int] = {}
    place = 1
    for group in ranking:
        for seat in group:
            placements[seat] = place
        place += len(group)
    winners = [s for s in state["order"] if placements[s] == 1]
    state["phase"] = "over"
    state["pending"] = None
    state["result"] = {
        "reason": reason,
        "winners": winners,
        "placements": placements,
        "scores": {
            s: {"warriors": on_island(state, colour_of(state, s)), "spoils": spoils_total(state, s)}
            for s in state["seats"]
        },
    }
    names = " and ".join(capitalised(colour_of(state, s)) for s in winners)
    how = "is the last one standing" if reason == "last_one_standing" else "holds the flag tile"
    code = "game_over_last" if reason == "last_one_standing" else "game_over_flag"
    events.append(
        {
            "type": "game_over",
            "winners": winners,
            "reason": reason,
            "text": f"{names} {how}!",
            **said(code, winners=say.colours([colour_of(state, s) for s in winners])),
        }
    )


def _ranking(state: dict, reason: str) -> list[list[str]]:
    """Groups of seats from best to worst; a group shares one place."""
    left = still_in(state)
    groups: list[list[str]] = []
    if reason == "flag_tile" and left:

        def strength(seat: str) -> tuple[int, int]:
            return count(state, state["flag"], colour_of(state, seat)), spoils_total(state, seat)

        for value in sorted({strength(s) for s in left}, reverse=True):
            groups.append([s for s in left if strength(s) == value])
    elif left:
        groups.append(left)
    groups.extend(list(group) for group in reversed(state["out"]))
    return groups
