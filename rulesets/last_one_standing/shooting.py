"""B) Shoot: loaded weapons, Primary Fire or Secondary Attack, and the secondary effects.

``{"type": "shoot", "slot": "long", "attack": "primary", "target": "<seat>"}``; a secondary
attack that moves first (Charge, Dash Strike) also names the hex it ends on: ``"hex": [q, r]``.
"""

from __future__ import annotations

import math

from rulesets.core.errors import IllegalAction
from rulesets.core.house_rules import house_rule_on
from rulesets.core.messages import said
from rulesets.core.rng import Rng
from rulesets.last_one_standing import catalogue, hexes
from rulesets.last_one_standing.character import is_enemy, occupants, standing
from rulesets.last_one_standing.damage import deal_damage, eliminate
from rulesets.last_one_standing.house_rules import MELEE_UNLOADED
from rulesets.last_one_standing.line_of_sight import can_see_and_reach, hard_to_hit, hits
from rulesets.last_one_standing.movement import entry_cost, reachable, reachable_next_to

WEAPON_SLOTS = ("light", "long", "heavy")
ATTACKS = ("primary", "secondary")


def ready(state: dict, seat: str, slot: str) -> bool:
    """Rulebook: "Loaded weapon cards must be face-down ... You cannot use a weapon more than once
    per
    round unless otherwise indicated." "You may not move and shoot a Heavy Weapon on the same
    turn."

    "To use a weapon, flip over the weapon card face-up": melee weapons too, so the Crowbar,
    placed face up at setup, strikes once reloaded (house rule ``melee_unloaded``: melee
    weapons need no loading). A weapon that may be used twice per round (SMGs) fires its
    second time face up.
    """
    player = state["players"][seat]
    equipped = player["slots"].get(slot)
    if slot not in WEAPON_SLOTS or not equipped:
        return False
    card = equipped["card"]
    spec = catalogue.card(card)
    uses = player["used"].get(card, 0)
    if uses >= spec.get("uses_per_round", 1):
        return False
    melee_unloaded = spec.get("melee") and house_rule_on(state, MELEE_UNLOADED)
    if not (equipped["face_down"] or melee_unloaded or uses >= 1):
        return False
    return not (spec["class"] == "heavy" and state["turn"]["moved"])


def shoot_actions(state: dict, seat: str) -> list[dict]:
    terrain = state["terrain"]
    here = state["players"][seat]["hex"]
    enemies = [s for s in standing(state) if is_enemy(state, seat, s)]
    actions = []
    for slot in WEAPON_SLOTS:
        if not ready(state, seat, slot):
            continue
        card = state["players"][seat]["slots"][slot]["card"]
        for which in ATTACKS:
            profile = catalogue.attack(card, which)
            lunge = profile.get("effect") == "lunge"
            spots = _lunge_spots(state, seat, profile["reach"]) if lunge else []
            for target in enemies:
                there = state["players"][target]["hex"]
                base = {"type": "shoot", "slot": slot, "attack": which, "target": target}
                if lunge:
                    actions += [
                        {**base, "hex": list(hexes.coords(spot))}
                        for spot in spots
                        if hexes.distance(spot, there) == 1
                    ]
                elif can_see_and_reach(terrain, here, there, profile["range"]):
                    actions.append(base)
    return actions


def _lunge_spots(state: dict, seat: str, reach: int) -> list[str]:
    """Where a Charge or Dash Strike may end: after a Heavy Weapon this turn, only where the
    attacker stands ("You may not move and shoot a Heavy Weapon on the same turn")."""
    spots = reachable(state, seat, reach)
    if state["turn"]["heavy_fired"]:
        here = state["players"][seat]["hex"]
        return [h for h in spots if h == here]
    return spots


def _check(state: dict, seat: str, action: dict) -> tuple[str, dict, str, str | None]:
    slot, which, target = action.get("slot"), action.get("attack"), action.get("target")
    if not isinstance(slot, str) or not ready(state, seat, slot):
        raise IllegalAction(
            "That slot holds no weapon you can use now (it must be loaded, "
            "unused this round, and not a Heavy Weapon after moving)."
        )
    if which not in ATTACKS:
        raise IllegalAction("Choose the primary or the secondary attack.")
    if (
        not isinstance(target, str)
        or target not in standing(state)
        or not is_enemy(state, seat, target)
    ):
        raise IllegalAction("Choose an enemy standing on the island as the target.")
    card = state["players"][seat]["slots"][slot]["card"]
    profile = catalogue.attack(card, which)
    there = state["players"][target]["hex"]
    if profile.get("effect") == "lunge":
        spot = hexes.from_action(action.get("hex"))
        if state["turn"]["heavy_fired"] and spot != state["players"][seat]["hex"]:
            raise IllegalAction(
                "You may not move and shoot a Heavy Weapon on the same turn: "
                f"{profile['name']} cannot move you after the Heavy Weapon."
            )
        if spot not in reachable_next_to(state, seat, there, profile["reach"]):
            raise IllegalAction(
                f"{profile['name']} must end on a free hex next to the target "
                f"within {profile['reach']} movement point(s)."
            )
        return card, profile, there, spot
    if "hex" in action:
        raise IllegalAction(f"A shoot action does not take 'hex' for {profile['name']}.")
    if not can_see_and_reach(
        state["terrain"], state["players"][seat]["hex"], there, profile["range"]
    ):
        raise IllegalAction("The target is out of range or out of line of sight.")
    return card, profile, there, None


def shoot(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    """Rulebook: "Flip over the weapon card face-up, choose the target and decide whether you are
    using
    the Primary Fire or a Secondary Attack." Hard to Hit: "you must roll the dice ... On a
    result of 3 (three) or higher you hit."""
    card, profile, there, spot = _check(state, seat, action)
    target, turn, player = action["target"], state["turn"], state["players"][seat]
    effect = profile.get("effect")
    if spot is not None and spot != player["hex"]:
        player["hex"] = spot
        turn["moved"] = True
        turn["no_loot"] = (
            True  # "If a secondary ability lets you move, you are not allowed to also loot."
        )
    turn["actions"] -= 1
    player["used"][card] = player["used"].get(card, 0) + 1
    player["slots"][action["slot"]]["face_down"] = False
    if catalogue.is_heavy(card):
        turn["heavy_fired"] = True
    events.append(
        {
            "type": "shoot",
            **said(
                "shoot", seat=seat, card=catalogue.name(card), attack=profile["name"], target=target
            ),
            "seat": seat,
            "target": target,
            "card": card,
            "attack": action["attack"],
            "text": f"{seat} uses {catalogue.name(card)} ({profile['name']}) on {target}.",
        }
    )
    if hard_to_hit(state, target) and effect != "steady":
        roll = rng.randint(1, 6)
        landed = hits(roll)
        events.append(
            {
                "type": "roll",
                **said("roll_hit" if landed else "roll_miss", target=target, seat=seat, roll=roll),
                "seat": seat,
                "roll": roll,
                "hit": landed,
                "text": f"{target} is Hard to Hit: {seat} rolls {roll} and "
                f"{'hits' if landed else 'misses'}.",
            }
        )
        if not landed:
            _after(state, seat, effect)
            return
    victims = [target]
    if effect == "splash":
        victims += [
            s
            for s in standing(state)
            if s != target and hexes.distance(state["players"][s]["hex"], there) == 1
        ]
    for victim in victims:
        _hurt(state, victim, profile["damage"], effect == "pierce", events)
    if effect == "knockback" and state["players"][target]["health"] > 0:
        _knock_back(state, seat, target, events)
    eliminate(state, [v for v in victims if state["players"][v]["health"] == 0], seat, events)
    _after(state, seat, effect)


def _hurt(state: dict, victim: str, amount: int, pierce: bool, events: list) -> None:
    taken = deal_damage(state, victim, amount, events, pierce=pierce)
    events.append(
        {
            "type": "damage",
            **said("damage", seat=victim, amount=taken, health=state["players"][victim]["health"]),
            "seat": victim,
            "amount": taken,
            "health": state["players"][victim]["health"],
            "text": f"{victim} takes {taken} damage ({state['players'][victim]['health']} "
            "health left).",
        }
    )


def _after(state: dict, seat: str, effect: str | None) -> None:
    if effect == "run_and_gun" and state["players"][seat]["alive"]:
        state["pending"].append({"kind": "reposition", "seat": seat})


def _knock_back(state: dict, seat: str, target: str, events: list) -> None:
    """Knockback: the target is pushed 1 hex straight away from the shooter; when that hex is
    occupied or cannot be entered, the target takes 1 extra damage instead."""
    origin, there = state["players"][seat]["hex"], state["players"][target]["hex"]
    sx, sy = hexes.pixel(*hexes.coords(origin))
    tx, ty = hexes.pixel(*hexes.coords(there))
    away = math.atan2(ty - sy, tx - sx)

    def deviation(h: str) -> float:
        x, y = hexes.pixel(*hexes.coords(h))
        return abs(math.remainder(math.atan2(y - ty, x - tx) - away, math.tau))

    spot = min(hexes.neighbours(there), key=deviation)
    if entry_cost(state, target, spot) is None or spot in occupants(state):
        _hurt(state, target, 1, True, events)
        return
    state["players"][target]["hex"] = spot
    events.append(
        {
            "type": "knockback",
            **said("knockback", seat=target, hex=spot),
            "seat": target,
            "hex": list(hexes.coords(spot)),
            "text": f"{target} is knocked back to {spot}.",
        }
    )


def reposition_actions(state: dict, seat: str) -> list[dict]:
    """Run and Gun: "after the shot you may step 1 hex" (terrain cost does not matter), but not
    in a turn with a Heavy Weapon fired ("You may not move and shoot a Heavy Weapon")."""
    if state["turn"]["heavy_fired"]:
        return [{"type": "done"}]
    taken = occupants(state, exclude=seat)
    here = state["players"][seat]["hex"]
    steps = [
        {"type": "step", "hex": list(hexes.coords(h))}
        for h in hexes.neighbours(here)
        if entry_cost(state, seat, h) is not None and h not in taken
    ]
    return [*steps, {"type": "done"}]


def apply_reposition(state: dict, seat: str, action: dict, events: list) -> None:
    if action["type"] == "step":
        spot = hexes.from_action(action.get("hex"))
        if {"type": "step", "hex": action.get("hex")} not in reposition_actions(state, seat):
            raise IllegalAction("Step to a free neighbouring hex you can enter, or stay.")
        state["players"][seat]["hex"] = spot
        state["turn"]["moved"] = True
        state["turn"]["no_loot"] = True
        events.append(
            {
                "type": "step",
                **said("runs", seat=seat, hex=spot),
                "seat": seat,
                "hex": action["hex"],
                "text": f"{seat} runs to {spot}.",
            }
        )
    elif action["type"] != "done":
        raise IllegalAction("Step to a free neighbouring hex, or stay where you are.")
    state["pending"].pop(0)
