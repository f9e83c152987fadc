"""Who is to move, and the actions they may submit (concrete actions and templates).

Template convention (docs/rules/last-hope-frontier.md, "Live play"): an entry whose values
are all plain is submitted as it is. Otherwise, before submitting, replace
- ``{"min": a, "max": b}`` by a number (int or float) from a to b;
- a list such as ``[false, true]`` by one of its items;
- ``{"from_hand": true}`` by the code of a card in your hand ("JS", "10D", "JOKER").
Keys that only inform (``max_distance``, ``distance``, ``into_contact_with``) may be left in
or dropped; optional keys of a template (``over_obstacle``, ``climb``, ``jump_down``) may be
left out. The server checks every submitted action again in full. ``live_fill.fill_hints``
says the same per entry, for clients (the ``fill`` of the legal-actions API).
"""

from __future__ import annotations

from rulesets.last_hope_frontier.dynamite import in_range as dynamite_in_range
from rulesets.last_hope_frontier.live_activation import DRINKS
from rulesets.last_hope_frontier.live_attacks import DERRINGER, DYNAMITE, KNIFE, may_fight
from rulesets.last_hope_frontier.live_gangs import fighters_of, get_fighter, in_play, other_seat
from rulesets.last_hope_frontier.live_loot import pickups
from rulesets.last_hope_frontier.live_missions import deployment_zone
from rulesets.last_hope_frontier.live_setup import feet_held, may_interrupt, town_map_holders
from rulesets.last_hope_frontier.live_table import (
    BASE_RADIUS,
    MAX_JUMP,
    contact_point,
    in_contact,
    overlaps,
    range_between,
    reach_bounds,
    xy,
)
from rulesets.last_hope_frontier.live_turns import ready_fighters
from rulesets.last_hope_frontier.movement import (
    CARD_LENGTH,
    EPSILON,
    distance,
    move_allowance,
    wholly_on_board,
)
from rulesets.last_hope_frontier.weapons import (
    SHOT,
    THROW,
    attack_modes,
    derringer_usable,
    needs_reload,
    weapon,
)

FROM_HAND = {"from_hand": True}


def to_move(state: dict) -> list[str]:
    phase = state["phase"]
    if phase == "initiative":
        pledges = state["initiative"]["pledges"]
        return [seat for seat in state["seats"] if seat in pledges and pledges[seat] is None]
    if phase == "deployment":
        # The other player is waited for too while it may spend a town map as an interrupt.
        other = other_seat(state, state["active"])
        return [state["active"], *([other] if may_interrupt(state, other) else [])]
    if phase == "battle":
        pending = state["pending"]
        return [pending["defender_seat"] if pending else state["active"]]
    return []


def legal_actions(state: dict, seat: str) -> list[dict]:
    if seat not in to_move(state):
        return []
    phase = state["phase"]
    if phase == "initiative":
        return [
            {"type": "spend_rabbits_feet", "count": n} for n in range(feet_held(state, seat) + 1)
        ]
    if phase == "deployment":
        return _deployment(state, seat)
    if state["pending"] is not None:
        return [{"type": "defend", "card": dict(FROM_HAND)}]
    activation = state["activation"]
    if activation is None:
        actions = [{"type": "activate", "fighter": f["id"]} for f in ready_fighters(state, seat)]
        return [*actions, {"type": "end_turn"}]
    fighter = get_fighter(state, activation["fighter"])
    moves = [] if activation["moved"] else _moves(state, fighter)
    actions = [*moves, *_drinks(fighter), *_attacks(state, fighter), *pickups(state, fighter)]
    return [*actions, {"type": "end_activation"}]


def _deployment(state: dict, seat: str) -> list[dict]:
    if seat != state["active"]:  # an interrupt is all the other player may do now
        return [{"type": "use_town_map", "fighter": f["id"]} for f in town_map_holders(state, seat)]
    bounds = deployment_zone(state, seat)
    reserve = fighters_of(state, seat, "reserve")
    actions = [
        {"type": "deploy", "fighter": f["id"], "to": {k: dict(v) for k, v in bounds.items()}}
        for f in reserve
    ]
    if not state["deployment"]["map_used"] and len(reserve) >= 2:
        holders = town_map_holders(state, seat)
        actions += [{"type": "use_town_map", "fighter": f["id"]} for f in holders]
    return actions


def _moves(state: dict, fighter: dict) -> list[dict]:
    """The move template, a concrete move into base contact with each enemy within reach,
    and mounting or dismounting (before the move)."""
    reach = move_allowance(mounted=fighter["mounted"])
    template = {
        "type": "move",
        "fighter": fighter["id"],
        "to": reach_bounds(fighter["position"], reach),
        "over_obstacle": [False, True],
        "jump_down": {"min": 0, "max": MAX_JUMP},
        "max_distance": reach,
    }
    if not fighter["mounted"]:
        template["climb"] = {"min": 0, "max": CARD_LENGTH}
    actions = [template]
    others = [f["position"] for f in in_play(state) if f is not fighter]
    for enemy in _enemies(state, fighter):
        if in_contact(fighter["position"], enemy["position"]):
            continue
        spot = contact_point(fighter["position"], enemy["position"])
        if (
            wholly_on_board(xy(spot), BASE_RADIUS)
            and distance(xy(fighter["position"]), xy(spot)) <= reach - EPSILON
            and not overlaps(spot, others)
        ):
            actions.append(
                {
                    "type": "move",
                    "fighter": fighter["id"],
                    "to": spot,
                    "into_contact_with": enemy["id"],
                }
            )
    if "horse" in fighter["equipment"]:
        ride = "dismount" if fighter["mounted"] else "mount"
        actions.append({"type": ride, "fighter": fighter["id"]})
    return actions


def _drinks(fighter: dict) -> list[dict]:
    if fighter["wounds_left"] >= fighter["stats"]["wounds"]:
        return []
    return [
        {"type": "drink", "fighter": fighter["id"], "item": slug}
        for slug in DRINKS
        if slug in fighter["equipment"]
    ]


def _enemies(state: dict, fighter: dict) -> list[dict]:
    return [f for f in in_play(state) if f["seat"] != fighter["seat"]]


def _aimed(kind: str, fighter: dict, enemy: dict, distance_inches: float, **extra) -> dict:
    """An attack at range: the card from hand and the line of fire the player declares."""
    return {
        "type": kind,
        "fighter": fighter["id"],
        "target": enemy["id"],
        **extra,
        "card": dict(FROM_HAND),
        "line_of_fire": [True],
        "distance": round(distance_inches, 3),
    }


def _attacks(state: dict, fighter: dict) -> list[dict]:
    """One entry per attack and target in range (the server measured the range); reloads."""
    targets = [
        (e, range_between(fighter["position"], e["position"])) for e in _enemies(state, fighter)
    ]
    guns = fighter["guns"]
    actions = []
    for slug in dict.fromkeys(g["slug"] for g in guns):
        gun = weapon(slug)
        if all(needs_reload(gun, g["shots"]) for g in guns if g["slug"] == slug):
            continue
        if slug == DERRINGER and not derringer_usable(fighter["equipment"]):
            continue
        actions += [
            _aimed("shoot", fighter, e, d, weapon=slug)
            for e, d in targets
            if SHOT in attack_modes(gun, d)
        ]
    if may_fight(state, fighter):
        actions += [
            {"type": "fight", "fighter": fighter["id"], "target": e["id"], "card": dict(FROM_HAND)}
            for e, d in targets
            if d == 0
        ]
    if KNIFE in fighter["equipment"]:
        actions += [
            _aimed("throw_knife", fighter, e, d)
            for e, d in targets
            if THROW in attack_modes(KNIFE, d)
        ]
    if DYNAMITE in fighter["equipment"]:
        actions += [
            _aimed("throw_dynamite", fighter, e, d) for e, d in targets if dynamite_in_range(d)
        ]
    for slug in dict.fromkeys(g["slug"] for g in guns if g["shots"] > 0):
        if weapon(slug).reload_every is not None:
            actions.append({"type": "reload", "fighter": fighter["id"], "weapon": slug})
    return actions
