"""Winning the Game: the last player (or duo) standing; Drafting Deathmatch: the most kills."""

from __future__ import annotations

from rulesets.core.messages import said
from rulesets.core.protocol import Outcome


def unit_of(state: dict, seat: str) -> str:
    """Who shares a result: the seat itself, or its team in Duos."""
    return state["players"][seat]["team"] or seat


def units(state: dict) -> list[str]:
    out: list[str] = []
    for seat in state["seats"]:
        unit = unit_of(state, seat)
        if unit not in out:
            out.append(unit)
    return out


def members(state: dict, unit: str) -> list[str]:
    return [s for s in state["seats"] if unit_of(state, s) == unit]


def unit_alive(state: dict, unit: str) -> bool:
    return any(state["players"][s]["alive"] for s in members(state, unit))


def record_out(state: dict, events: list) -> None:
    """Remember who went out together, for the placements ("eliminated together" share)."""
    if state["options"]["mode"] == "deathmatch":
        return
    already = {u for group in state["out_order"] for u in group}
    newly = [u for u in units(state) if u not in already and not unit_alive(state, u)]
    if newly:
        state["out_order"].append(newly)


def check_game_over(state: dict, events: list) -> bool:
    """Rulebook: "Last One Standing ends as soon as there is only 1 player remaining on the board."

    Duos: "You will win as a team if either (or both) of you are the Last One(s) Standing."
    Drafting Deathmatch ends on its round count (see ``turns.end_round``) or when fewer than
    two players are left in the game.
    """
    if state["phase"] == "over":
        return True
    if state["options"]["mode"] == "deathmatch":
        finished = sum(1 for s in state["seats"] if not state["players"][s]["resigned"]) < 2
    else:
        players = state["players"]
        finished = len({unit_of(state, s) for s in state["seats"] if players[s]["alive"]}) <= 1
    if finished:
        finish(state, events)
    return finished


def finish(state: dict, events: list) -> None:
    state["phase"] = "over"
    for decision in state["pending"]:  # cards drawn but not yet placed stay with the player
        if decision["kind"] == "loot":
            state["players"][decision["seat"]]["hand"].extend(decision["cards"])
    state["pending"] = []
    state["turn"] = None
    result = outcome(state)
    if result.winners:
        text = f"The game is over: {', '.join(result.winners)} won."
    else:
        text = "The game is over: the last players were eliminated together; nobody wins."
    code = (
        said("game_over", winners=list(result.winners))
        if result.winners
        else said("game_over_none")
    )
    events.append({"type": "game_over", "winners": result.winners, "text": text, **code})


def _placements(groups: list[list[str]]) -> dict[str, int]:
    placements: dict[str, int] = {}
    for group in groups:
        place = len(placements) + 1
        for seat in group:
            placements[seat] = place
    return placements


def _by_kills(state: dict, seats: list[str]) -> list[list[str]]:
    groups: dict[int, list[str]] = {}
    for seat in seats:
        groups.setdefault(state["players"][seat]["kills"], []).append(seat)
    return [groups[k] for k in sorted(groups, reverse=True)]


def outcome(state: dict) -> Outcome | None:
    """Placements: survivors first, then the others in reverse order of going out; those
    eliminated together share a place. "If the last players are all eliminated together ...
    defeat": nobody wins, and they share first place among the defeated."""
    if state["phase"] != "over":
        return None
    players = state["players"]
    scores = {s: {"kills": players[s]["kills"]} for s in state["seats"]}
    if state["options"]["mode"] == "deathmatch":
        active = [s for s in state["seats"] if not players[s]["resigned"]]
        resigned = [s for s in state["seats"] if players[s]["resigned"]]
        groups = _by_kills(state, active) + _by_kills(state, resigned)
        winners = groups[0] if active else []
        return Outcome(winners=list(winners), placements=_placements(groups), scores=scores)
    alive = [u for u in units(state) if unit_alive(state, u)]
    unit_groups = ([alive] if alive else []) + list(reversed(state["out_order"]))
    groups = [[s for u in group for s in members(state, u)] for group in unit_groups]
    winners = [s for u in alive for s in members(state, u)]
    teams = (
        {s: players[s]["team"] for s in state["seats"]}
        if state["options"]["mode"] == "duos"
        else {}
    )
    return Outcome(winners=winners, placements=_placements(groups), scores=scores, teams=teams)
