"""Attacks in live play: the shot with secret cards, combat, the thrown knife and dynamite.

"Active player nominates one of their models ... nominates the enemy model ... selects a card
to add to the shot value. Non-active player selected a card to add to the defence value.
Active player and Non-active player reveal their chosen cards simultaneously."

Every attack is two actions. The active player nominates attacker, target (and weapon) and
a card from hand; the card goes face down into ``state["pending"]`` and the defender (the
target's player) is the one to move. The defender answers with ``defend`` and a card; then
both cards are revealed and the attack resolves at once (shot.py, combat.py, dynamite.py,
damage.py). Nothing about either card reaches an event or the other player's view before
that. Afterwards both cards go to their discard piles and both players draw back up.

The server measures the range from the positions (live_table.range_between, edge to edge,
0 in base contact) and checks it against the weapon's band (weapons.attack_modes). Line of
fire it cannot see: the shooter declares it with ``"line_of_fire": true``.
"""

from __future__ import annotations

from rulesets.core.errors import IllegalAction
from rulesets.core.house_rules import house_rule_on
from rulesets.core.messages import said
from rulesets.core.rng import Rng
from rulesets.last_hope_frontier import messages as say
from rulesets.last_hope_frontier.combat import melee_bonus, melee_weapon, resolve_combat
from rulesets.last_hope_frontier.dynamite import dynamite_test, resolve_dynamite
from rulesets.last_hope_frontier.house_rules import CLOTHING_VS_DYNAMITE, FISTS
from rulesets.last_hope_frontier.live_activation import active_fighter
from rulesets.last_hope_frontier.live_cards import card_name, discard, draw_up, take_from_hand
from rulesets.last_hope_frontier.live_gangs import clothing_bonus, gang_name, in_play, spend
from rulesets.last_hope_frontier.live_input import check_keys, enemy_fighter, text
from rulesets.last_hope_frontier.live_table import (
    BASE_RADIUS,
    in_contact,
    range_between,
    xy,
)
from rulesets.last_hope_frontier.live_wounds import wound, wounds_text
from rulesets.last_hope_frontier.movement import CARD_LENGTH, inches
from rulesets.last_hope_frontier.shot import AttackResolution, resolve_shot
from rulesets.last_hope_frontier.weapons import (
    SHOT,
    THROW,
    attack_modes,
    derringer_usable,
    dynamite_band,
    fire,
    firing_band,
    knife_throw_band,
    needs_reload,
    weapon,
)

KNIFE, DYNAMITE, DERRINGER = "hunting-knife", "dynamite", "derringer"
ATTACK_KEYS = {"type", "fighter", "target", "card"}


# --- nominating ---------------------------------------------------------------------------


def shoot(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    """``{"type": "shoot", "fighter", "target", "weapon", "card", "line_of_fire": true}``."""
    check_keys(action, ATTACK_KEYS | {"weapon", "line_of_fire"})
    shooter, target = _sides(state, seat, action)
    slug = text(action, "weapon")
    guns = [g for g in shooter["guns"] if g["slug"] == slug]
    if not guns:
        raise IllegalAction(f"{shooter['name']} carries no {slug}.")
    _line_of_fire(action)
    distance = range_between(shooter["position"], target["position"])
    gun = weapon(slug)
    if SHOT not in attack_modes(gun, distance):
        raise IllegalAction(
            f"{target['name']} is {_away(distance)}: the {gun.name.lower()} shoots "
            f"{firing_band(gun).text()}."
        )
    if slug == DERRINGER and not derringer_usable(shooter["equipment"]):
        raise IllegalAction("A derringer fires only for a model that carries no melee weapon.")
    loaded = next((g for g in guns if not needs_reload(gun, g["shots"])), guns[0])
    shots = fire(gun, loaded["shots"])  # refuses a gun that must be reloaded first
    card = take_from_hand(state, seat, action["card"])
    loaded["shots"] = shots
    how = f"takes aim at {target['name']} with the {gun.name.lower()}, {_away(distance)}"
    _nominate(state, "shot", shooter, target, slug, card, distance, how, events)


def may_fight(state: dict, fighter: dict) -> bool:
    """ "Derringer - ... can be used in base to base combat as a shot vs defence test if a
    melee weapon isn't on models profiles": base-to-base combat is a melee weapon's, so a
    fighter without one does not fight (house rule ``fists``: it fights with its fists)."""
    return melee_weapon(fighter["equipment"]) is not None or house_rule_on(state, FISTS)


def fight(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    """``{"type": "fight", "fighter", "target", "card"}``: a blow in base contact (combat.py)."""
    check_keys(action, ATTACK_KEYS)
    attacker, target = _sides(state, seat, action)
    if not in_contact(attacker["position"], target["position"]):
        raise IllegalAction(f"{attacker['name']} is not in base contact with {target['name']}.")
    if not may_fight(state, attacker):
        raise IllegalAction(
            f"{attacker['name']} carries no melee weapon: only a melee weapon (or a derringer, "
            "fired as a shot) attacks in base contact."
        )
    card = take_from_hand(state, seat, action["card"])
    blade = melee_weapon(attacker["equipment"])
    slug = blade.slug if blade else None
    with_what = f"the {blade.name.lower()}" if blade else "bare fists"
    how = f"goes for {target['name']} with {with_what}"
    _nominate(state, "combat", attacker, target, slug, card, 0.0, how, events)


def throw_knife(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    """``{"type": "throw_knife", ...}``: the hunting knife "can be thrown in 1 distance, but
    item is lost" - a shot with the thrower's shot value (decision 7), lost hit or miss."""
    check_keys(action, ATTACK_KEYS | {"line_of_fire"})
    thrower, target = _sides(state, seat, action)
    if KNIFE not in thrower["equipment"]:
        raise IllegalAction(f"{thrower['name']} carries no hunting knife.")
    _line_of_fire(action)
    distance = range_between(thrower["position"], target["position"])
    knife = weapon(KNIFE)
    if THROW not in attack_modes(knife, distance):
        raise IllegalAction(
            f"{target['name']} is {_away(distance)}: a knife is thrown "
            f"{knife_throw_band(knife).text()}."
        )
    card = take_from_hand(state, seat, action["card"])
    spend(state, thrower, KNIFE)
    how = f"throws a hunting knife at {target['name']}, {_away(distance)}"
    _nominate(state, "throw", thrower, target, KNIFE, card, distance, how, events)


def throw_dynamite(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    """``{"type": "throw_dynamite", ...}``: strength vs defence (dynamite.py); the stick is
    spent hit or miss."""
    check_keys(action, ATTACK_KEYS | {"line_of_fire"})
    thrower, target = _sides(state, seat, action)
    if DYNAMITE not in thrower["equipment"]:
        raise IllegalAction(f"{thrower['name']} carries no dynamite.")
    _line_of_fire(action)
    distance = range_between(thrower["position"], target["position"])
    band = dynamite_band()
    if not band.contains(distance):
        raise IllegalAction(
            f"{target['name']} is {_away(distance)}: dynamite is thrown {band.text()}."
        )
    card = take_from_hand(state, seat, action["card"])
    spend(state, thrower, DYNAMITE)
    how = f"lights a stick of dynamite and throws it at {target['name']}, {_away(distance)}"
    _nominate(state, "dynamite", thrower, target, DYNAMITE, card, distance, how, events)


def _sides(state: dict, seat: str, action: dict) -> tuple[dict, dict]:
    attacker = active_fighter(state, seat, action["fighter"])
    return attacker, enemy_fighter(state, seat, action["target"])


def _line_of_fire(action: dict) -> None:
    if action["line_of_fire"] is not True:
        raise IllegalAction(
            "Only a model with a line of fire may attack at range: declare line_of_fire true."
        )


def _away(distance: float) -> str:
    return "in base contact" if distance == 0 else f"{inches(distance)} away"


def _nominate(
    state: dict,
    kind: str,
    attacker: dict,
    target: dict,
    slug: str | None,
    card: str,
    distance: float,
    how: str,
    events: list,
) -> None:
    state["pending"] = {
        "kind": kind,
        "attacker": attacker["id"],
        "target": target["id"],
        "weapon": slug,
        "distance": round(distance, 3),
        "attacker_seat": attacker["seat"],
        "defender_seat": target["seat"],
        "attack_card": card,
    }
    state["activation"]["acted"] = True
    events.append(
        {
            "type": "attack_declared",
            "kind": kind,
            "attacker": attacker["id"],
            "target": target["id"],
            "weapon": slug,
            "distance": round(distance, 3),
            "text": f"{attacker['name']} {how}, and chooses a card face down; "
            f"{gang_name(state, target['seat'])} choose a card for {target['name']}.",
            **said(
                "attack_declared",
                attacker=attacker["name"],
                how=say.attack(kind, target["name"], slug, distance),
                gang=gang_name(state, target["seat"]),
                target=target["name"],
            ),
        }
    )


# --- the defence card and the reveal ------------------------------------------------------


def defend(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    """``{"type": "defend", "card": code}``: the defender's card; then both are revealed."""
    check_keys(action, {"type", "card"})
    pending = state["pending"]
    if state["phase"] != "battle" or pending is None or pending["defender_seat"] != seat:
        raise IllegalAction("There is no attack for you to answer.")
    defence_card = take_from_hand(state, seat, action["card"])
    attacker = state["fighters"][str(pending["attacker"])]
    target = state["fighters"][str(pending["target"])]
    attack_card = pending["attack_card"]
    events.append(
        {
            "type": "cards_revealed",
            "attack_card": attack_card,
            "defence_card": defence_card,
            "text": f"Cards revealed: {attacker['name']} plays {card_name(attack_card)}, "
            f"{target['name']} {card_name(defence_card)}.",
            **say.revealed(attacker["name"], attack_card, target["name"], defence_card),
        }
    )
    resolve = _resolve_dynamite if pending["kind"] == DYNAMITE else _resolve_attack
    resolve(state, pending, attacker, target, attack_card, defence_card, events)
    state["pending"] = None
    discard(state, pending["attacker_seat"], attack_card)
    discard(state, seat, defence_card)
    draw_up(state, pending["attacker_seat"], rng)
    draw_up(state, seat, rng)


# How an event names each kind of attack: (on a hit, on a miss); "{a}" is the attacker.
_VERBS = {
    "shot": ("{a} shoots", "{a} shoots at"),
    "throw": ("{a}'s knife hits", "{a}'s knife misses"),
    "combat": ("{a} strikes", "{a} strikes at"),
}


def _attack_result(
    state: dict, pending: dict, attacker: dict, target: dict, attack_card: str, defence_card: str
) -> AttackResolution:
    """A shot, a thrown knife or a blow: the opposed test, then the damage step on a hit."""
    common = {
        "attack_card": attack_card,
        "attacker_faction": state["gangs"][attacker["seat"]]["faction"],
        "defence": target["stats"]["defence"],
        "toughness": target["stats"]["toughness"],
        "defence_card": defence_card,
        "defender_faction": state["gangs"][target["seat"]]["faction"],
        "clothing_bonus": clothing_bonus(target),
    }
    slug = pending["weapon"]
    if pending["kind"] == "combat":
        return resolve_combat(
            combat=attacker["stats"]["combat"],
            strength=attacker["stats"]["strength"],
            weapon_bonus=melee_bonus(slug),
            weapon_label=weapon(slug).name if slug else "Fists",
            **common,
        )
    gun = weapon(slug)
    return resolve_shot(
        shoot=attacker["stats"]["shoot"],
        weapon_bonus=gun.damage_bonus,
        mounted=attacker["mounted"],  # a thrown knife is a shot too (decision 7)
        weapon_label=gun.name,
        **common,
    )


def _resolve_attack(
    state: dict,
    pending: dict,
    attacker: dict,
    target: dict,
    attack_card: str,
    defence_card: str,
    events: list,
) -> None:
    result = _attack_result(state, pending, attacker, target, attack_card, defence_card)
    test = result.test
    outcome = wounds_text(result.wounds) if test.hit else "a miss"
    if test.hit and not result.wounds:
        outcome += " (winged)"
    verb = _VERBS[pending["kind"]][0 if test.hit else 1].format(a=attacker["name"])
    events.append(
        {
            "type": "attack",
            "kind": pending["kind"],
            "attacker": attacker["id"],
            "target": target["id"],
            "attack_total": test.attack_total,
            "defence_total": test.defence_total,
            "hit": test.hit,
            "wounds": result.wounds,
            "steps": list(result.steps),
            "text": f"{verb} {target['name']}: {test.attack_total} against "
            f"{test.defence_total}, {outcome}.",
            **say.attack_result(pending["kind"], attacker, target, test, result.wounds),
        }
    )
    wound(state, target, result.wounds, by=attacker, cause=pending["kind"], events=events)


def _resolve_dynamite(
    state: dict,
    pending: dict,
    thrower: dict,
    target: dict,
    attack_card: str,
    defence_card: str,
    events: list,
) -> None:
    """ "+2 damage to all models (friend and foe) within a 1 card length circle"."""
    test = dynamite_test(
        strength=thrower["stats"]["strength"],
        attack_card=attack_card,
        thrower_faction=state["gangs"][thrower["seat"]]["faction"],
        defence=target["stats"]["defence"],
        defence_card=defence_card,
        defender_faction=state["gangs"][target["seat"]]["faction"],
        # "Dynamite - strength vs defence": no clothing (house rule clothing_vs_dynamite).
        clothing_bonus=clothing_bonus(target) if house_rule_on(state, CLOTHING_VS_DYNAMITE) else 0,
    )
    on_table = in_play(state)
    models = {
        str(f["id"]): {
            "position": xy(f["position"]),
            "base_radius": BASE_RADIUS,
            "toughness": f["stats"]["toughness"],
        }
        for f in on_table
    }
    blast = resolve_dynamite(test=test, target_centre=xy(target["position"]), models=models)
    outcome = (
        f"{blast.damage} damage to every model within {inches(CARD_LENGTH)}"
        if test.hit
        else "a miss"
    )
    verb = "blows up by" if test.hit else "misses"
    events.append(
        {
            "type": "attack",
            "kind": DYNAMITE,
            "attacker": thrower["id"],
            "target": target["id"],
            "attack_total": test.attack_total,
            "defence_total": test.defence_total,
            "hit": test.hit,
            "damage": blast.damage,
            "wounds": dict(blast.wounds),
            "steps": list(test.steps),
            "text": f"{thrower['name']}'s dynamite {verb} {target['name']}: "
            f"{test.attack_total} against {test.defence_total}, {outcome}.",
            **said(
                "dynamite_hit" if test.hit else "dynamite_miss",
                attacker=thrower["name"],
                target=target["name"],
                attack=test.attack_total,
                defence=test.defence_total,
                damage=blast.damage,
                distance=say.inches(CARD_LENGTH),
            ),
        }
    )
    for fighter in on_table:
        wounds = blast.wounds.get(str(fighter["id"]))
        if wounds is None:
            continue
        events.append(
            {
                "type": "blast",
                "fighter": fighter["id"],
                "wounds": wounds,
                "text": f"{fighter['name']} is caught in the blast: {wounds_text(wounds)}.",
                **said("blast", fighter=fighter["name"], wounds=say.wounds(wounds)),
            }
        )
        wound(state, fighter, wounds, by=thrower, cause=DYNAMITE, events=events)
