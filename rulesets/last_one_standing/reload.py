"""D) Reload & Rearrange.

``{"type": "reload"}`` spends the action and opens the rearranging; then any number of
``{"type": "unequip", "slot": s}`` and ``{"type": "equip", "card": c, "slot": s}`` and finally
``{"type": "done"}``, which loads the weapons and armour, settles the weight and the hand limit.
"""

from __future__ import annotations

from rulesets.core.errors import IllegalAction
from rulesets.core.house_rules import house_rule_on
from rulesets.core.messages import said
from rulesets.last_one_standing import catalogue
from rulesets.last_one_standing import messages as say
from rulesets.last_one_standing.character import has_ability, refresh_weight
from rulesets.last_one_standing.house_rules import UNEQUIP_ANYWHERE
from rulesets.last_one_standing.island import TERRAIN
from rulesets.last_one_standing.looting import equip, queue_discard


def start(state: dict, seat: str, events: list) -> None:
    state["turn"]["actions"] -= 1
    state["pending"].append({"kind": "rearrange", "seat": seat})
    events.append(
        {
            "type": "reload",
            "seat": seat,
            "text": f"{seat} reloads and rearranges.",
            **said("reload", seat=seat),
        }
    )


def rearrange_actions(state: dict, seat: str) -> list[dict]:
    """Rulebook: "You may also equip and unequip items from your character and hand.\""""
    player = state["players"][seat]
    out = [
        {"type": "unequip", "slot": s}
        for s, held in player["slots"].items()
        if held and not _gear_in_use(state, seat, s)
    ]
    for card in player["hand"]:
        if catalogue.is_equipment(card):
            out += [
                {"type": "equip", "card": card, "slot": s}
                for s in catalogue.slots_for(card)
                if player["slots"][s] is None
            ]
    return [*out, {"type": "done"}]


def apply_rearrange(state: dict, seat: str, action: dict, events: list) -> None:
    player = state["players"][seat]
    kind = action["type"]
    if kind == "unequip":
        slot = action.get("slot")
        if not isinstance(slot, str) or not player["slots"].get(slot):
            raise IllegalAction("That slot is empty.")
        if _gear_in_use(state, seat, slot):
            raise IllegalAction(
                "You stand where only this gear lets you be: it stays on until you move off."
            )
        card = player["slots"][slot]["card"]
        player["slots"][slot] = None
        player["hand"].append(card)
        refresh_weight(player)
        events.append(
            {
                "type": "unequip",
                "seat": seat,
                "slot": slot,
                "text": f"{seat} takes the card off the {catalogue.SLOTS[slot]['label']} slot.",
                **said("unequip", seat=seat, slot=say.slot(slot)),
            }
        )
    elif kind == "equip":
        card, slot = action.get("card"), action.get("slot")
        if (
            card not in player["hand"]
            or not isinstance(slot, str)
            or not catalogue.is_equipment(card)
        ):
            raise IllegalAction("Choose a weapon, armour, backpack or apparel card from your hand.")
        equip(state, seat, card, slot, events)
        player["hand"].remove(card)
    elif kind == "done":
        finish(state, seat, events)
    else:
        raise IllegalAction("Equip, unequip, or finish rearranging.")


def _gear_in_use(state: dict, seat: str, slot: str) -> bool:
    """ "Water - Cannot move through unless equipped with a Scuba Suit", "Wall - ... unless
    equipped with Climbing Gear": a player standing there keeps the gear the ground needs
    (house rule ``unequip_anywhere``: they may take it off and stay)."""
    if slot != "apparel" or house_rule_on(state, UNEQUIP_ANYWHERE):
        return False
    player = state["players"][seat]
    ground = state["terrain"].get(player["hex"]) if player["hex"] else None
    needs = TERRAIN[ground]["needs"] if ground else None
    return bool(needs) and has_ability(player, needs)


def finish(state: dict, seat: str, events: list) -> None:
    """Rulebook: "Turn all weapons and armor face-down to show the items as loaded ... At the end
    of this
    action you must discard down to your hand limit ... and move your weight marker.\""""
    player = state["players"][seat]
    for held in player["slots"].values():
        if held and catalogue.equips_face_down(held["card"]):
            held["face_down"] = True
    refresh_weight(player)
    state["pending"].pop(0)
    queue_discard(state, seat)
    events.append(
        {
            "type": "loaded",
            "seat": seat,
            "weight": player["weight"],
            "text": f"{seat} is loaded and ready; weight {player['weight']}.",
            **said("loaded", seat=seat, weight=player["weight"]),
        }
    )
