"""Setup: the circle of territories, the two decks, the VP bank, the meeples, the first player."""

from __future__ import annotations

from rulesets.core.errors import InvalidInput
from rulesets.core.house_rules import read_house_rules, split_options
from rulesets.core.rng import Rng
from rulesets.le_dernier_peuple.catalogue import (
    PEOPLES,
    VP_TOKENS,
    movement_cards_for,
    power_deck,
)
from rulesets.le_dernier_peuple.territories import territory_count
from rulesets.le_dernier_peuple.turns import begin_turn
from rulesets.le_dernier_peuple.vp_tokens import empty_purse

# The text needs no departure: Le Dernier Peuple declares no house rule (an empty choice is
# accepted, any key is unknown).
HOUSE_RULES = ()

MIN_PLAYERS, MAX_PLAYERS = 2, 5
STARTING_HAND = 2


def validate(seats: list[str], options: dict) -> None:
    if not isinstance(seats, list) or not all(isinstance(s, str) and s for s in seats):
        raise InvalidInput("players", "Seats must be a list of non-empty strings.")
    if len(set(seats)) != len(seats):
        raise InvalidInput("players", "Each player may take only one seat.")
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise InvalidInput("players", "Le Dernier Peuple is played by 2 to 5 players.")
    if not isinstance(options, dict):
        raise InvalidInput("options", "Options must be an object.")
    for key in options:
        raise InvalidInput(f"options.{key}", "Le Dernier Peuple has no options but house_rules.")


def new_game(seats: list[str], options: dict, seed: int) -> dict:
    """ "Arrange the territory cards [...] 1 through 4 times the number of players"; "keep only
    the movement cards matching the orange indicator for that player count"; "shuffle the
    movement cards, deal 2 (face down) to each player"; "shuffle the 12 power cards"; the
    bank of VP tokens; each player's 2 meeples on their people's card; "determine the first
    player at random" (with the game's seeded rng; play then follows the seat order)."""
    options, chosen = split_options(options)
    validate(seats, options)
    house_rules = read_house_rules(HOUSE_RULES, chosen)
    rng = Rng.from_seed(seed)
    movement = rng.shuffled(movement_cards_for(len(seats)))
    hands = {seat: [movement.pop() for _ in range(STARTING_HAND)] for seat in seats}
    people = {seat: PEOPLES[i]["card"] for i, seat in enumerate(seats)}
    state = {
        "game": "le-dernier-peuple",
        "seats": list(seats),
        "house_rules": house_rules,
        "territories": territory_count(len(seats)),
        "people": people,
        "meeples": {seat: [people[seat], people[seat]] for seat in seats},
        "hands": hands,
        "movement_pile": movement,
        "movement_discard": [],
        "power_pile": rng.shuffled(power_deck()),
        "power_discard": [],
        "bank": dict(VP_TOKENS),
        "vp": {seat: empty_purse() for seat in seats},
        "active": seats[0],
        "turn_no": 0,
        "last_turn": {},
        "extra_turns": dict.fromkeys(seats, 0),
        "skip_turns": dict.fromkeys(seats, 0),
        "decision": None,
        "queue": [],
        "out": [],
        "over": False,
        "winner": None,
    }
    first = seats[rng.randbelow(len(seats))]
    begin_turn(state, first, [])
    state["rng"] = rng.state
    return state
