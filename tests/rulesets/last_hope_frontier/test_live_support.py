"""Helpers for the live-play tests (imported by the other test_live_* modules), and tests
that the helpers themselves do what they claim.

- ``gang`` / ``fighter``: a gang in the shape the rosters app sends.
- ``random_gang``: a random legal gang (roles, carry limits) for playouts.
- ``concrete``: turns a legal-action template into a concrete action.
- ``set_up``: a battle deployed at given positions with a given seat active in turn 1.
- ``give_hand``: puts chosen cards in a player's hand, keeping all 54 cards in the deck.
"""

from __future__ import annotations

import math
import pickle
import random

from rulesets.core.cards import full_deck
from rulesets.last_hope_frontier import RULESET
from rulesets.last_hope_frontier.catalogue import catalogue
from rulesets.last_hope_frontier.factions import FACTIONS
from rulesets.last_hope_frontier.gang_creation import check_loadout
from rulesets.last_hope_frontier.live_table import BASE_RADIUS
from rulesets.last_hope_frontier.movement import BOARD_SIZE, CARD_WIDTH

SEATS = ["x", "y"]
ATTACKS = {"shoot", "fight", "throw_knife", "throw_dynamite"}


def fighter(fighter_id: int, name: str, role: str, equipment=(), **stats) -> dict:
    line = catalogue().roles[role].stats.as_dict()
    line.update(stats)
    return {
        "id": fighter_id,
        "name": name,
        "role": role,
        "stats": line,
        "equipment": list(equipment),
    }


def gang(name: str, faction: str, fighters: list[dict], gang_id: int = 1) -> dict:
    return {"gang_id": gang_id, "name": name, "faction": faction, "fighters": fighters}


def random_gang(rnd: random.Random, first_id: int, gang_id: int) -> dict:
    """A random gang the rosters could send: 1 leader, 0-2 deputies, gangers, random gear."""
    roles = ["leader"] + ["deputy"] * rnd.randint(0, 1) + ["ganger"] * rnd.randint(2, 3)
    guns = ["derringer", "pistol", "revolver", "shotgun", "carbine", "scope-rifle"]
    blades = ["switchblade", "hunting-knife", "hatchet", "machete"]
    coats = ["light-leather", "medium-leather", "fine-leather"]
    fighters = []
    for n, role in enumerate(roles):
        kit = rnd.sample(guns, rnd.randint(0, 2))
        if rnd.random() < 0.6:
            kit.append(rnd.choice(blades))
        if rnd.random() < 0.4:
            kit.append(rnd.choice(coats))
        items = ["whiskey", "hooch", "dynamite", "dynamite"]
        if role != "ganger":
            items += ["horse", "town-map"]
        if role == "leader":
            items += ["rabbits-foot", "rabbits-foot"]
        for item in rnd.sample(items, rnd.randint(0, 3)):
            kit.append(item)
        check_loadout(role, kit)
        stats = catalogue().roles[role].stats.as_dict()
        stats["wounds"] = max(1, stats["wounds"] - rnd.randint(0, 2))  # old injuries
        fighters.append(
            {
                "id": first_id + n,
                "name": f"{role.capitalize()} {first_id + n}",
                "role": role,
                "stats": stats,
                "equipment": kit,
            }
        )
    return gang(f"Gang {gang_id}", rnd.choice(FACTIONS), fighters, gang_id)


# --- templates -> concrete actions ----------------------------------------------------------


def concrete(entry: dict, state: dict, seat: str, rnd: random.Random) -> dict:
    """A concrete action drawn from a legal-action entry (unchanged if already concrete)."""
    if entry["type"] == "move" and isinstance(entry["to"]["x"], dict):
        return _move(entry, state, rnd)
    hand = state["cards"][seat]["hand"]
    return {key: _value(value, hand, rnd) for key, value in entry.items()}


def _value(value, hand, rnd):
    if isinstance(value, dict):
        if set(value) == {"min", "max"}:
            return rnd.uniform(value["min"], value["max"])
        if value == {"from_hand": True}:
            return rnd.choice(hand)
        return {k: _value(v, hand, rnd) for k, v in value.items()}
    if isinstance(value, list):
        return rnd.choice(value)
    return value


def _move(entry: dict, state: dict, rnd: random.Random) -> dict:
    """A move inside the template's limits, most of the time straight at the nearest enemy
    (random walks would rarely meet on a 2 x 2 foot table)."""
    me = state["fighters"][str(entry["fighter"])]
    start = me["position"]
    action = {"type": "move", "fighter": entry["fighter"]}
    limit = entry["max_distance"]
    roll = rnd.random()
    if roll < 0.15:
        action["over_obstacle"] = True
        limit = CARD_WIDTH
    elif roll < 0.22 and "climb" in entry:
        action["climb"] = rnd.uniform(0, 2)
        limit = min(limit, 3.5 - action["climb"])
    elif roll < 0.3:
        action["jump_down"] = rnd.choice([1, 3.5, rnd.uniform(0, 12)])
    enemies = [
        f
        for f in state["fighters"].values()
        if f["status"] == "in_play" and f["seat"] != me["seat"]
    ]
    if enemies and rnd.random() < 0.8:
        near = min(enemies, key=lambda f: math.dist(_xy(f), _xy(me)))
        angle = math.atan2(near["position"]["y"] - start["y"], near["position"]["x"] - start["x"])
        reach = min(limit, max(0.0, math.dist(_xy(near), _xy(me)) - 2 * BASE_RADIUS - 0.05))
    else:
        angle, reach = rnd.uniform(0, 2 * math.pi), limit * math.sqrt(rnd.random())
    low, high = BASE_RADIUS, BOARD_SIZE - BASE_RADIUS
    to = {
        "x": min(high, max(low, start["x"] + reach * math.cos(angle))),
        "y": min(high, max(low, start["y"] + reach * math.sin(angle))),
    }
    if rnd.random() < 0.1:  # whole numbers are numbers too
        to = {axis: round(v) for axis, v in to.items()}
    action["to"] = to
    return action


def _xy(f: dict) -> tuple[float, float]:
    return (f["position"]["x"], f["position"]["y"])


# --- scripted battles -----------------------------------------------------------------------


def apply(state: dict, seat: str, action: dict):
    """RULESET.apply, checking on the way that the input was not changed."""
    before = pickle.dumps(state)
    resolution = RULESET.apply(state, seat, action)
    assert pickle.dumps(state) == before
    return resolution


def set_up(
    options: dict, positions: dict[int, tuple[float, float]], first: str, seed=1, seats=SEATS
) -> dict:
    """A battle in turn 1 with ``first`` as the active player and no activation open.

    Every fighter is deployed through ``apply`` in its zone (side by side), then the table
    is arranged: fighters are put at ``positions`` (fighter id -> (x, y)), as if they had
    walked there. Rabbit's feet are not spent."""
    state = RULESET.new_game(list(seats), options, seed)
    while state["phase"] == "initiative":
        seat = RULESET.to_move(state)[0]
        state = apply(state, seat, {"type": "spend_rabbits_feet", "count": 0}).state
    while state["phase"] == "deployment":
        seat = state["active"]
        ids = state["gangs"][seat]["fighters"]
        n, fid = next(
            (n, f) for n, f in enumerate(ids) if state["fighters"][str(f)]["status"] == "reserve"
        )
        y = 1.5 if seat == seats[0] else 22.5
        action = {"type": "deploy", "fighter": fid, "to": {"x": 1 + 2 * n, "y": y}}
        state = apply(state, seat, action).state
    if state["active"] != first:
        state = apply(state, state["active"], {"type": "end_turn"}).state
    assert state["active"] == first and state["turn"] == 1
    return place(state, positions)


def place(state: dict, positions: dict[int, tuple[float, float]]) -> dict:
    """A copy of ``state`` with fighters standing at new positions (ids of fighters not in
    this battle are ignored, so one table plan serves several gangs)."""
    state = pickle.loads(pickle.dumps(state))
    for fid, (x, y) in positions.items():
        if str(fid) in state["fighters"]:
            state["fighters"][str(fid)]["position"] = {"x": float(x), "y": float(y)}
    return state


def give_hand(state: dict, seat: str, cards: list[str]) -> dict:
    """A copy of ``state`` where ``seat`` holds ``cards`` (topped up from its deck to the hand
    size); every other card of the seat goes back into the deck. 54 cards stay 54."""
    state = pickle.loads(pickle.dumps(state))
    pile = state["cards"][seat]
    rest = pile["deck"] + pile["hand"] + pile["discard"]
    for card in cards:
        rest.remove(card)
    extra = state["hand_size"] - len(cards)
    pile.update(hand=list(cards) + rest[:extra], deck=rest[extra:], discard=[])
    return state


def cards_in_place(state: dict, seat: str) -> list[str]:
    """Every card the seat owns, wherever it is (sorted, to compare with ``FULL_DECK``)."""
    pile = state["cards"][seat]
    cards = pile["deck"] + pile["hand"] + pile["discard"]
    pending = state["pending"]
    if pending is not None and pending["attacker_seat"] == seat:
        cards = [*cards, pending["attack_card"]]
    return sorted(cards)


FULL_DECK = sorted(full_deck())


# --- the helpers' own tests -----------------------------------------------------------------


def test_random_gangs_are_accepted_by_new_game():
    rnd = random.Random(3)
    for i in range(20):
        gangs = {"x": random_gang(rnd, 1, 1), "y": random_gang(rnd, 100, 2)}
        state = RULESET.new_game(list(SEATS), {"gangs": gangs}, i)
        assert len(state["fighters"]) == len(gangs["x"]["fighters"]) + len(gangs["y"]["fighters"])


def test_give_hand_keeps_all_54_cards():
    state = RULESET.new_game(list(SEATS), {}, 5)
    state = give_hand(state, "x", ["JS", "AH"])
    assert state["cards"]["x"]["hand"][:2] == ["JS", "AH"]
    assert len(state["cards"]["x"]["hand"]) == state["hand_size"]
    assert cards_in_place(state, "x") == FULL_DECK
