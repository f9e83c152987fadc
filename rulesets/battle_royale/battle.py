"""The Battle Royale: 'for every tile except the flag tile, determine which player wins the
fight.'

Decisions (docs/rules/battle-royale.md):
- The colours with the most warriors on a tile win; every colour with fewer loses exactly one
  warrior. Nothing happens when all colours on the tile are tied (or only one is there).
- One winner takes each lost warrior into its war spoils. Tied winners: the warrior goes to
  the active player if they are among the winners, else to the first winner after the active
  player in turn order. The neutral colour never takes spoils when tied with a player (so the
  player who won with it gets the warrior, as the two-player rules say).
- Neutral colour alone wins: one warrior is taken from the losing player who still has the
  most warriors on the island (tie: the active player, else the first in turn order after
  them) and eliminated; the other losers lose nothing.
- Two-player game: no Battle Royale in the first three turns of the game.
"""

from __future__ import annotations

from rulesets.battle_royale import messages as say
from rulesets.battle_royale import talents
from rulesets.battle_royale.board import (
    NEUTRAL,
    capitalised,
    colour_of,
    colour_order,
    label,
    on_island,
    remove,
    seat_of,
    to_graveyard,
    to_spoils,
)
from rulesets.core.messages import said

QUIET_TURNS = 3


def blocked(state: dict) -> bool:
    """'No Battle Royales are carried out in the first three turns' (two-player game)."""
    return bool(state["neutral_start"]) and state["turn"]["number"] <= QUIET_TURNS


def battle_royale(state: dict, events: list) -> None:
    """Fight on every tile but the flag tile, tile by tile in reading order."""
    if blocked(state):
        events.append(
            {
                "type": "battle_royale_skipped",
                "text": "No Battle Royale in the first three turns of a two-player game.",
                **said("battle_royale_skipped"),
            }
        )
        return
    events.append(
        {
            "type": "battle_royale",
            "text": "Battle Royale! Every tile but the flag fights.",
            **said("battle_royale"),
        }
    )
    for tile in sorted(state["board"], key=_reading_order):
        if tile != state["flag"]:
            fight(state, tile, events)


def _reading_order(tile: str) -> tuple[int, int]:
    x, y = map(int, tile.split(","))
    return y, x


def turn_order_from_active(state: dict) -> list[str]:
    """Colours of the players in turn order, starting with the active player."""
    order = state["order"]
    start = order.index(state["turn"]["seat"])
    return [colour_of(state, s) for s in order[start:] + order[:start]]


def winners_and_losers(state: dict, tile: str) -> tuple[list[str], list[str]]:
    """'The player with the most warriors wins': the colours with the most, and those with fewer."""
    warriors = {c: n for c, n in state["board"][tile].items() if n > 0}
    if len(warriors) < 2:
        return list(warriors), []
    most = max(warriors.values())
    winners = [c for c in colour_order(state) if warriors.get(c) == most]
    losers = [c for c in colour_order(state) if 0 < warriors.get(c, 0) < most]
    tactician = talents.holder(state, "wins_tied_battles")
    if tactician is not None and len(winners) > 1 and colour_of(state, tactician) in winners:
        mine = colour_of(state, tactician)
        losers = [c for c in colour_order(state) if c in winners + losers and c != mine]
        winners = [mine]
    return winners, losers


def fight(state: dict, tile: str, events: list) -> None:
    """One tile's fight: each loser loses one warrior to the winner (see the module notes)."""
    winners, losers = winners_and_losers(state, tile)
    if not losers:
        return
    if winners == [NEUTRAL]:
        _neutral_wins(state, tile, losers, events)
        return
    order = turn_order_from_active(state)
    taker = next(c for c in order if c in winners)
    for loser in losers:
        remove(state, tile, loser)
        to_spoils(state, seat_of(state, taker), loser)
    events.append(
        {
            "type": "fight",
            "tile": tile,
            "winners": winners,
            "losers": losers,
            "taker": taker,
            "text": f"On {label(tile)} {_names(winners)} {_verb(winners, 'win')}; "
            f"{_names(losers)} {_verb(losers, 'lose')} one warrior each to "
            f"{capitalised(taker)}'s war spoils.",
            **said(
                "fight",
                tile=label(tile),
                winners=say.colours(winners),
                losers=say.colours(losers),
                taker=say.colour(taker, capital=True),
            ),
        }
    )


def _neutral_wins(state: dict, tile: str, losers: list[str], events: list) -> None:
    """'If the neutral colour wins a fight, it takes a warrior from the player who still has
    the most; in a tie, it takes one from the active player.'"""
    order = turn_order_from_active(state)
    players = sorted(
        (c for c in losers if c != NEUTRAL), key=lambda c: (-on_island(state, c), order.index(c))
    )
    victim = players[0]
    remove(state, tile, victim)
    to_graveyard(state, victim)
    events.append(
        {
            "type": "fight",
            "tile": tile,
            "winners": [NEUTRAL],
            "losers": [victim],
            "taker": None,
            "text": f"On {label(tile)} the neutral warriors win; {capitalised(victim)} loses "
            "a warrior (eliminated).",
            **said("fight_neutral", tile=label(tile), victim=say.colour(victim, capital=True)),
        }
    )


def _names(colours: list[str]) -> str:
    return " and ".join(capitalised(c) for c in colours)


def _verb(colours: list[str], verb: str) -> str:
    return verb if len(colours) > 1 else verb + "s"
