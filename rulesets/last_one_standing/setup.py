"""Setup: build the island, place loot tokens, player setup, shuffle the decks."""

from __future__ import annotations

from rulesets.core.errors import InvalidInput
from rulesets.core.house_rules import read_house_rules, split_options
from rulesets.core.options import CHOICE, INT, Option, gettext_noop
from rulesets.core.rng import Rng
from rulesets.last_one_standing import catalogue, deathmatch, duos
from rulesets.last_one_standing.character import new_player
from rulesets.last_one_standing.house_rules import HOUSE_RULES
from rulesets.last_one_standing.island import DATA, LAND_TILES, build_island, layout_name

MIN_PLAYERS, MAX_PLAYERS = 2, 8
MODES = ("standard", "duos", "deathmatch")
DEFAULTS = {"mode": "standard", "teams": None, "rounds": 5, "storm_rounds": 3, "max_rounds": None}
# What a person chooses (rulesets/core/options.py); duos' own pairs (``teams``) stay the
# API's: by default the seats pair in order.
DECLARED = (
    Option(
        "mode",
        gettext_noop("Mode"),
        "standard",
        CHOICE,
        choices=(
            ("standard", gettext_noop("Standard")),
            ("duos", gettext_noop("Duos")),
            ("deathmatch", gettext_noop("Drafting Deathmatch")),
        ),
    ),
    Option(
        "rounds",
        gettext_noop("Deathmatch rounds"),
        5,
        CHOICE,
        gettext_noop("Only a Drafting Deathmatch has a set number of rounds."),
        choices=((5, "5"), (10, "10")),
    ),
    Option(
        "storm_rounds",
        gettext_noop("Rounds before the storm"),
        3,
        INT,
        gettext_noop("With the house rule the storm: rounds without an explosion before it."),
        minimum=0,
        maximum=20,
    ),
    Option(
        "max_rounds",
        gettext_noop("Round limit"),
        None,
        INT,
        gettext_noop("Leave empty to play until one is left standing."),
        minimum=1,
    ),
)


def _int_option(options: dict, name: str, low: int, high: int | None) -> None:
    value = options[name]
    if value is None and name == "max_rounds":
        return
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or value < low
        or (high is not None and value > high)
    ):
        top = f" to {high}" if high is not None else " or more"
        raise InvalidInput(f"options.{name}", f"Give a whole number from {low}{top}.")


def validate_options(seats: list[str], options: dict | None) -> dict:
    if not isinstance(seats, list) or not all(isinstance(s, str) and s for s in seats):
        raise InvalidInput("players", "Seats must be a list of names.")
    if len(set(seats)) != len(seats):
        raise InvalidInput("players", "Every seat must be a different player.")
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise InvalidInput("players", "Last One Standing is for 2 to 8 players.")
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise InvalidInput("options", "Options must be an object.")
    for name in options:
        if name not in DEFAULTS:
            raise InvalidInput(f"options.{name}", "Unknown option.")
    opts = {**DEFAULTS, **options}
    if opts["mode"] not in MODES:
        raise InvalidInput("options.mode", "Choose standard, duos or deathmatch.")
    if opts["mode"] == "deathmatch" and opts["rounds"] not in (5, 10):
        raise InvalidInput("options.rounds", "A Drafting Deathmatch lasts 5 or 10 rounds.")
    if opts["mode"] != "duos" and opts["teams"] is not None:
        raise InvalidInput("options.teams", "Teams are only for duos.")
    if opts["mode"] != "deathmatch" and "rounds" in options:
        raise InvalidInput(
            "options.rounds", "Only a Drafting Deathmatch has a set number of rounds."
        )
    if opts["mode"] == "deathmatch" and opts["max_rounds"] is not None:
        raise InvalidInput("options.max_rounds", "A Drafting Deathmatch lasts its 5 or 10 rounds.")
    _int_option(opts, "storm_rounds", 0, 20)
    _int_option(opts, "max_rounds", 1, None)
    return opts


def new_game(seats: list[str], options: dict | None, seed: int) -> dict:
    options, chosen = split_options(options)
    opts = validate_options(seats, options)
    house_rules = read_house_rules(HOUSE_RULES, chosen)
    teams = duos.make_teams(seats, opts["teams"]) if opts["mode"] == "duos" else {}
    if opts["mode"] == "duos" and opts["teams"] is None:
        opts["teams"] = [[s for s in seats if teams[s] == t] for t in dict.fromkeys(teams.values())]
    rng = Rng.from_seed(seed)
    terrain, tiles, icons = build_island(rng, len(seats))
    # "Randomly place the Loot Crate Tokens face down onto all of the Loot Crate Icons."
    pool = [int(v) for v, n in DATA["loot_tokens"].items() for _ in range(n)]
    tokens = rng.shuffled(pool)
    crates = {h: {"kind": "loot", "value": tokens[i]} for i, h in enumerate(icons)}
    players = {}
    for n, seat in enumerate(seats, start=1):
        players[seat] = new_player(f"crowbar#{n}", teams.get(seat))
        if opts["mode"] == "duos":
            players[seat]["hand"].append(f"aed#{n}")  # "each player receives an AED card"
    # "Shuffle the Loot, Supply Drop and Island Explosion decks."
    explosion = [side for side in range(1, 7) for _ in range(DATA["explosion_cards_per_side"])]
    state = {
        "game": "last-one-standing",
        "seats": list(seats),
        "options": opts,
        "house_rules": house_rules,
        "layout": layout_name(len(seats)),
        "phase": "drop_in",
        "round": 0,
        "order": [],
        "turn_index": -1,
        "turn": None,
        "pending": [],
        "drop_queue": list(seats),
        "draft": None,
        "players": players,
        "terrain": terrain,
        "tiles": tiles,
        "crates": crates,
        "removed_crates": 0,
        "set_aside_tokens": [],
        "track": [],  # the loot tokens on the Island Event track, in order
        "marked_side": None,
        "last_explosion_round": 0,
        "decks": {
            "loot": rng.shuffled(catalogue.loot_deck()),
            "loot_discard": [],
            "supply": rng.shuffled([*sorted(LAND_TILES), DATA["centre"]["id"]]),
            "supply_discard": [],
            "explosion": rng.shuffled(explosion),
            "explosion_discard": [],
        },
        "out_of_game": [],
        "out_order": [],
        "rng": 0,
    }
    if opts["mode"] == "deathmatch":
        state["phase"] = "draft"
        deathmatch.deal(state, rng)
    state["rng"] = rng.state
    return state
