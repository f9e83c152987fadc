"""Setting up: the island, 22 warriors and ten cards per player, the first player.

'Each player puts one warrior on every tile.' Layouts hold at most 22 tiles, so this always
fits; the warriors a player cannot place (22 minus the number of tiles) stay in that player's
reserve, off the island (only the Reinforcements special action brings them in). With at most
four players (plus two neutral warriors on the middle tiles with two players) a tile starts
with at most 4 warriors, below the capacity of 5 or 6.
"""

from __future__ import annotations

from rulesets.battle_royale import movement_cards, specials, talents, turn
from rulesets.battle_royale.board import COLOURS, NEUTRAL, WARRIORS_PER_PLAYER
from rulesets.battle_royale.house_rules import HOUSE_RULES
from rulesets.battle_royale.layout import flag_of, middle_nine, read_layout, tiles_of
from rulesets.battle_royale.pushing import capacity
from rulesets.core.errors import InvalidInput
from rulesets.core.house_rules import read_house_rules, split_options
from rulesets.core.options import BOOL, CHOICE, Option, gettext_noop
from rulesets.core.rng import Rng

OPTIONS = ("layout", "first_seat", "talents", "special_actions", "house_rules")
NEUTRALS_PER_TILE = 2
MIN_PLAYERS, MAX_PLAYERS = 2, 4
# What a person chooses (rulesets/core/options.py); a custom layout's rows and the first
# seat stay the API's.
DECLARED = (
    Option(
        "layout",
        gettext_noop("Island"),
        "first_game",
        CHOICE,
        choices=(
            ("first_game", gettext_noop("Recommended first game")),
            ("full", gettext_noop("Full island")),
        ),
    ),
    Option(
        "talents",
        gettext_noop("Talents"),
        False,
        BOOL,
        gettext_noop("A talent-card draft before the first turn."),
    ),
    Option(
        "special_actions",
        gettext_noop("Special actions"),
        False,
        BOOL,
        gettext_noop("Three special actions lie open; each player may pay for one a turn."),
    ),
)


def read_seats(seats: object) -> list[str]:
    if not isinstance(seats, list) or not all(isinstance(s, str) and s for s in seats):
        raise InvalidInput("players", "Seats are a list of non-empty strings.")
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise InvalidInput("players", "Battle Royale is played by 2, 3 or 4 players.")
    if len(set(seats)) != len(seats):
        raise InvalidInput("players", "Every seat must be different.")
    return list(seats)


def read_options(options: object, seats: list[str]) -> dict:
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidInput("options", "Options are an object.")
    for name in options:
        if name not in OPTIONS:
            raise InvalidInput(f"options.{name}", f"Unknown option; known: {', '.join(OPTIONS)}.")
    first = options.get("first_seat", seats[0])
    if first not in seats:
        raise InvalidInput(
            "options.first_seat", "The first seat (the youngest player) must be seated."
        )
    flags = {}
    for name in ("talents", "special_actions"):
        value = options.get(name, False)
        if not isinstance(value, bool):
            raise InvalidInput(f"options.{name}", "Use true or false.")
        flags[name] = value
    layout_name, rows = read_layout(options.get("layout"))
    return {"layout": layout_name, "rows": rows, "first_seat": first, **flags}


def place_warriors(state: dict, rows: list[str]) -> None:
    """'Each player puts one warrior on every tile'; with two players, 'two warriors of an
    unused colour are placed on each of the nine middle tiles'."""
    for warriors in state["board"].values():
        for seat in state["seats"]:
            warriors[state["colours"][seat]] = 1
    if len(state["seats"]) == 2:
        middle = middle_nine(rows)
        for tile in middle:
            state["board"][tile][NEUTRAL] = NEUTRALS_PER_TILE
        state["neutral_start"] = NEUTRALS_PER_TILE * len(middle)


def new_game(seats: object, options: object, seed: object) -> dict:
    seats = read_seats(seats)
    options, chosen = split_options(options)
    opts = read_options(options, seats)
    house_rules = read_house_rules(HOUSE_RULES, chosen)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidInput("seed", "The seed is an integer.")
    rng = Rng.from_seed(seed)
    rows = opts["rows"]
    start = seats.index(opts["first_seat"])
    colours = {seat: COLOURS[i] for i, seat in enumerate(seats)}
    tiles = tiles_of(rows)
    state = {
        "game": "battle-royale",
        "seats": seats,
        "order": seats[start:] + seats[:start],
        "colours": colours,
        "options": {k: v for k, v in opts.items() if k != "rows"},
        "house_rules": house_rules,
        "size": [len(rows[0]), len(rows)],
        "capacity": capacity(len(seats)),
        "flag": flag_of(rows),
        "eliminator": flag_of(rows),
        "board": {t: {} for t in tiles},
        "reserve": {c: WARRIORS_PER_PLAYER - len(tiles) for c in colours.values()},
        "spoils": {s: {} for s in seats},
        "eliminated": {},
        "neutral_start": 0,
        "hands": {},
        "decks": {},
        "discards": {},
        "talents": dict.fromkeys(seats),
        "draft": None,
        "specials": [],
        "out": [],
        "phase": "play",
        "turn": None,
        "pending": None,
        "result": None,
    }
    place_warriors(state, rows)
    for seat in seats:
        movement_cards.deal(state, seat, rng)
    if opts["special_actions"]:
        specials.lay_open(state, rng)
    if opts["talents"]:
        talents.open_draft(state, rng)
    else:
        turn.begin(state, [])
    state["rng"] = rng.state
    return state
