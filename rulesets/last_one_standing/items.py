"""C) Use Item: one single-use item from your hand, then into the Loot Discard pile.

``{"type": "use_item", "card": "<card>"}``, plus ``"target": "<seat>"`` for a Grenade (an
enemy) or an AED (your eliminated teammate).
"""

from __future__ import annotations

from rulesets.core.errors import IllegalAction
from rulesets.core.messages import said
from rulesets.core.rng import Rng
from rulesets.last_one_standing import catalogue, decks, hexes
from rulesets.last_one_standing.character import STARTING_HEALTH, is_enemy, occupants, standing
from rulesets.last_one_standing.damage import deal_damage, eliminate
from rulesets.last_one_standing.island import DATA
from rulesets.last_one_standing.line_of_sight import can_see_and_reach


def _targets(state: dict, seat: str, card: str) -> list[str | None]:
    spec = catalogue.card(card)
    here = state["players"][seat]["hex"]
    if spec["effect"] == "grenade":
        return [
            s
            for s in standing(state)
            if is_enemy(state, seat, s)
            and can_see_and_reach(state["terrain"], here, state["players"][s]["hex"], spec["range"])
        ]
    if spec["effect"] == "revive":
        return revivable(state, seat)
    return [None]


def revivable(state: dict, seat: str) -> list[str]:
    """Duos: "AED cards allow you to revive an eliminated teammate. A teammate that has been
    looted cannot be revived." The product asks the reviver to stand next to the body."""
    here = state["players"][seat]["hex"]
    taken = occupants(state)
    team = state["players"][seat]["team"]
    return [
        s
        for s in state["seats"]
        if s != seat
        and team
        and state["players"][s]["team"] == team
        and state["players"][s]["body"]
        and state["players"][s]["body"] not in taken
        and hexes.distance(here, state["players"][s]["body"]) == 1
    ]


def item_actions(state: dict, seat: str) -> list[dict]:
    actions = []
    for card in dict.fromkeys(state["players"][seat]["hand"]):
        if catalogue.card(card)["type"] != "item":
            continue
        for target in _targets(state, seat, card):
            action = {"type": "use_item", "card": card}
            if target is not None:
                action["target"] = target
            actions.append(action)
    return actions


def use_item(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    player = state["players"][seat]
    card = action.get("card")
    if card not in player["hand"] or catalogue.card(card)["type"] != "item":
        raise IllegalAction("Choose a single-use item from your hand.")
    spec = catalogue.card(card)
    targets = _targets(state, seat, card)
    target = action.get("target")
    if targets != [None] and target not in targets:
        raise IllegalAction(f"Choose a target the {spec['name']} can reach.")
    if targets == [None] and "target" in action:
        raise IllegalAction(f"A use_item action does not take 'target' for a {spec['name']}.")
    player["hand"].remove(card)
    decks.discard_loot(state, [card])
    state["turn"]["actions"] -= 1
    events.append(
        {
            "type": "use_item",
            **said("use_item", seat=seat, item=spec["name"]),
            "seat": seat,
            "card": card,
            "text": f"{seat} uses a {spec['name']}.",
        }
    )
    EFFECTS[spec["effect"]](state, seat, spec, target, events)


def _heal(state: dict, seat: str, spec: dict, target: None, events: list) -> None:
    player = state["players"][seat]
    player["health"] = min(STARTING_HEALTH, player["health"] + spec["amount"])
    events.append(
        {
            "type": "heal",
            **said("heal", seat=seat, health=player["health"]),
            "seat": seat,
            "health": player["health"],
            "text": f"{seat} is back to {player['health']} health.",
        }
    )


def _grenade(state: dict, seat: str, spec: dict, target: str, events: list) -> None:
    there = state["players"][target]["hex"]
    victims = [s for s in standing(state) if hexes.distance(state["players"][s]["hex"], there) <= 1]
    for victim in victims:
        taken = deal_damage(state, victim, spec["damage"], events)
        events.append(
            {
                "type": "damage",
                **said("damage_grenade", seat=victim, amount=taken),
                "seat": victim,
                "amount": taken,
                "health": state["players"][victim]["health"],
                "text": f"{victim} takes {taken} damage from the grenade.",
            }
        )
    eliminate(state, [v for v in victims if state["players"][v]["health"] == 0], seat, events)


def _energy(state: dict, seat: str, spec: dict, target: None, events: list) -> None:
    state["turn"]["bonus_points"] += spec["amount"]


def _revive(state: dict, seat: str, spec: dict, target: str, events: list) -> None:
    mate = state["players"][target]
    mate.update(alive=True, health=DATA["revive_health"], hex=mate["body"], body=None)
    events.append(
        {
            "type": "revive",
            **said("revive", seat=seat, target=target, health=mate["health"]),
            "seat": target,
            "by": seat,
            "text": f"{seat} revives {target} with {mate['health']} health.",
        }
    )


EFFECTS = {"heal": _heal, "grenade": _grenade, "energy": _energy, "revive": _revive}
