"""Building exact positions for the rule tests, and driving the engine."""

from __future__ import annotations

from rulesets.battle_royale import RULESET, catalogue
from rulesets.core.rng import Rng

R = RULESET
SEATS = ["ann", "bob", "cid", "dee"]  # red, blue, green, yellow
FACES = catalogue.doom_faces()

# A 5x3 strip: the flag in the middle, a hole at (1,0), the platform edge all around.
STRIP = [
    "#.###",
    "##F##",
    "#####",
]


def game(players: int = 3, rows: list[str] | None = None, seed: int = 7, **options) -> dict:
    if rows is not None:
        options["layout"] = {"rows": rows}
    return R.new_game(SEATS[:players], options, seed)


def put(state: dict, board: dict[str, dict[str, int]]) -> dict:
    """Replace the warriors on the island: every tile not named is emptied."""
    state["board"] = {tile: dict(board.get(tile, {})) for tile in state["board"]}
    return state


def hand(state: dict, seat: str, *cards: str) -> dict:
    """Give a seat exactly these cards in hand; the rest of its ten form the draw pile."""
    state["hands"][seat] = list(cards)
    state["decks"][seat] = [c for c in catalogue.movement_cards() if c not in cards]
    state["discards"][seat] = []
    return state


def rigged(*rolls: tuple[int, int]) -> int:
    """An rng state whose next draws ``randbelow(n)`` give the listed values, in order."""
    for candidate in range(2_000_000):
        rng = Rng(candidate)
        if all(rng.randbelow(n) == value for n, value in rolls):
            return candidate
    raise AssertionError("no rng state found")


def doom(face: str) -> tuple[int, int]:
    """The draw that makes the doom die show ``face``."""
    return 6, FACES.index(face)


def act(state: dict, seat: str, *actions: dict) -> tuple[dict, list[dict]]:
    events: list[dict] = []
    for action in actions:
        res = R.apply(state, seat, action)
        state = res.state
        events.extend(res.events)
    return state, events


def step(x: int, y: int, direction: str) -> dict:
    return {"type": "step", "warrior_from": [x, y], "direction": direction}


def card(card_id: str) -> dict:
    return {"type": "play_card", "card": card_id}


END_WARRIOR = {"type": "end_warrior"}
END_MOVEMENT = {"type": "end_movement"}


def push(colour: str) -> dict:
    return {"type": "choose_push", "colour": colour}


def eliminator_to(x: int, y: int) -> dict:
    return {"type": "move_eliminator", "to": [x, y]}


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def warriors(state: dict, tile: str) -> dict[str, int]:
    return state["board"][tile]


def moving(state: dict, seat: str, card_id: str) -> dict:
    """The seat has played ``card_id`` and is now in its movement phase."""
    others = [c for c in catalogue.movement_cards() if c != card_id][:3]
    hand(state, seat, card_id, *others)
    return act(state, seat, card(card_id))[0]
