"""Small arenas for rule tests: a hand-made map, players where the test wants them."""

from __future__ import annotations

from rulesets.last_one_standing import RULESET, hexes
from rulesets.last_one_standing.character import refresh_weight
from rulesets.last_one_standing.turns import start_turn


def field(radius: int, **special: str) -> dict[str, str]:
    """Plains within ``radius`` of (0, 0); ``special`` maps "q,r" (written ``q_r``, with ``m``
    for minus: ``m2_0`` is -2,0) to a terrain."""
    terrain = {}
    for q in range(-radius, radius + 1):
        for r in range(-radius, radius + 1):
            if abs(q + r) <= radius:
                terrain[hexes.key(q, r)] = "plains"
    for name, ground in special.items():
        q, r = (int(p.replace("m", "-")) for p in name.split("_"))
        terrain[hexes.key(q, r)] = ground
    return terrain


def arena(
    terrain: dict[str, str],
    at: dict[str, tuple[int, int] | None],
    *,
    mode: str = "standard",
    turn: str | None = None,
    seed: int = 1,
    options: dict | None = None,
    loaded: bool = True,
) -> dict:
    """A game in play on ``terrain`` (one tile, the Centre), seats placed at ``at``; their
    Crowbars loaded unless ``loaded`` is false. ``options`` may hold ``house_rules``."""
    seats = list(at)
    opts = dict(options or {})
    if mode != "standard":
        opts["mode"] = mode
    state = RULESET.new_game(seats, opts, seed)
    state["terrain"] = dict(terrain)
    state["tiles"] = {"C": {"name": "Arena", "position": [0, 0], "hexes": sorted(terrain)}}
    state["crates"] = {}
    state.update(phase="play", round=1, order=seats, drop_queue=[], draft=None, marked_side=1)
    for seat, pos in at.items():
        state["players"][seat]["hex"] = hexes.key(*pos) if pos is not None else None
        # A player in play has reloaded once: the Crowbar, placed face up, is loaded.
        crowbar = state["players"][seat]["slots"]["light"]
        if crowbar and loaded:
            crowbar["face_down"] = True
    turn = turn or seats[0]
    state["turn_index"] = seats.index(turn)
    start_turn(state, turn, [])
    return state


def take_card(state: dict, card: str) -> str:
    """Take a card out of wherever it lies in the decks (so every card stays unique)."""
    for pile in state["decks"].values():
        if card in pile:
            pile.remove(card)
    return card


def equip(state: dict, seat: str, card: str, slot: str, *, face_down: bool = True) -> str:
    take_card(state, card)
    player = state["players"][seat]
    player["slots"][slot] = {"card": card, "face_down": face_down}
    refresh_weight(player)
    return card


def hand(state: dict, seat: str, *cards: str) -> None:
    for card in cards:
        state["players"][seat]["hand"].append(take_card(state, card))


def act(state: dict, seat: str, action: dict) -> tuple[dict, list[dict]]:
    result = RULESET.apply(state, seat, action)
    return result.state, result.events


def run(state: dict, seat: str, *actions: dict) -> tuple[dict, list[dict]]:
    events: list[dict] = []
    for action in actions:
        state, more = act(state, seat, action)
        events += more
    return state, events


def hex_of(state: dict, seat: str) -> tuple[int, int] | None:
    where = state["players"][seat]["hex"]
    return hexes.coords(where) if where else None


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]
