"""Looting: crates (and, in Duos, eliminated players), equipping what was drawn, hand limit."""

from __future__ import annotations

from rulesets.core.errors import IllegalAction
from rulesets.core.house_rules import house_rule_on
from rulesets.core.messages import said
from rulesets.core.rng import Rng
from rulesets.last_one_standing import catalogue, decks
from rulesets.last_one_standing import messages as say
from rulesets.last_one_standing.character import hand_limit, refresh_weight
from rulesets.last_one_standing.house_rules import DISCARD_AT_ONCE
from rulesets.last_one_standing.island_events import place_token


def loot_here(state: dict, seat: str, rng: Rng, events: list) -> None:
    """Rulebook: "When you finish a move on a tile with a Loot Crate token, flip over the token
    and draw
    that many cards from the loot deck. Then place the loot token onto the Island Event track."

    "For each player's first turn, do NOT place loot token onto the loot track": that token is
    set aside face up. "If a secondary ability lets you move, you are not allowed to also loot"
    (for the rest of that turn). Duos: ending a move on an eliminated player loots their cards.
    """
    here = state["players"][seat]["hex"]
    crate = state["crates"].get(here)
    bodies = [s for s in state["seats"] if s != seat and state["players"][s]["body"] == here]
    if not crate and not bodies:
        return
    if state["turn"]["no_loot"]:
        events.append(
            {
                "type": "no_loot",
                **said("no_loot", seat=seat),
                "seat": seat,
                "text": f"{seat} moved with a secondary attack this turn and cannot loot.",
            }
        )
        return
    cards: list[str] = []
    if crate:
        del state["crates"][here]
        cards += decks.draw_loot(state, crate["value"], rng)
        what = "loot token" if crate["kind"] == "loot" else "supply crate"
        events.append(
            {
                "type": "loot",
                **said(
                    "loot_token" if crate["kind"] == "loot" else "loot_crate",
                    seat=seat,
                    value=crate["value"],
                    count=len(cards),
                ),
                "seat": seat,
                "crate": crate["kind"],
                "value": crate["value"],
                "drawn": len(cards),
                "text": f"{seat} opens a {what} showing {crate['value']} and draws "
                f"{len(cards)} loot card(s).",
            }
        )
    for body in bodies:
        loot_body(state, seat, body, cards, events)
    if cards:
        state["pending"].append({"kind": "loot", "seat": seat, "cards": cards})
    if crate and crate["kind"] == "loot":
        if state["players"][seat]["turns_taken"] == 0:
            state["set_aside_tokens"].append(crate["value"])
            events.append(
                {
                    "type": "token_set_aside",
                    "value": crate["value"],
                    "text": "It is their first turn: the token is set aside, not "
                    "placed on the Island Event track.",
                    **said("token_set_aside"),
                }
            )
        else:
            place_token(state, crate["value"], rng, events, seat=seat)


def loot_body(state: dict, seat: str, body: str, cards: list[str], events: list) -> None:
    """Rulebook: "A teammate that has been looted cannot be revived": the body's cards go to the
    looter."""
    player = state["players"][body]
    taken = player["hand"] + [slot["card"] for slot in player["slots"].values() if slot]
    player["hand"] = []
    player["slots"] = dict.fromkeys(player["slots"])
    player["weight"] = 0
    player["body"] = None
    cards += taken
    events.append(
        {
            "type": "loot_body",
            **said("loot_body", seat=seat, body=body, count=len(taken)),
            "seat": seat,
            "body": body,
            "drawn": len(taken),
            "text": f"{seat} loots {body} and takes {len(taken)} card(s); "
            f"{body} can no longer be revived.",
        }
    )


def loot_actions(state: dict, seat: str) -> list[dict]:
    """Rulebook: "You may equip drawn weapons, backpacks, armor and apparel to the empty slots on
    your
    character mat." The rest go to your hand ("done")."""
    decision = state["pending"][0]
    slots = state["players"][seat]["slots"]
    actions = [
        {"type": "equip", "card": card, "slot": slot}
        for card in decision["cards"]
        if catalogue.is_equipment(card)
        for slot in catalogue.slots_for(card)
        if slots[slot] is None
    ]
    return [*actions, {"type": "done"}]


def equip(state: dict, seat: str, card: str, slot: str, events: list) -> None:
    """Put a card on an empty slot: weapons and armour face down (loaded), the rest face up."""
    player = state["players"][seat]
    if slot not in player["slots"]:
        raise IllegalAction("There is no such slot on your Character Mat.")
    if player["slots"][slot] is not None:
        raise IllegalAction("That slot is not empty.")
    if not catalogue.fits(card, slot):
        raise IllegalAction(f"A {catalogue.name(card)} does not fit the {slot} slot.")
    face_down = catalogue.equips_face_down(card)
    player["slots"][slot] = {"card": card, "face_down": face_down}
    refresh_weight(player)
    if face_down:
        text = f"{seat} equips a card face down in the {catalogue.SLOTS[slot]['label']} slot."
        coded = said("equip_face_down", seat=seat, slot=say.slot(slot))
        events.append({"type": "equip", "seat": seat, "slot": slot, "text": text, **coded})
    else:
        text = (
            f"{seat} equips a {catalogue.name(card)} in the {catalogue.SLOTS[slot]['label']} slot."
        )
        coded = said("equip", seat=seat, card=catalogue.name(card), slot=say.slot(slot))
        events.append(
            {"type": "equip", "seat": seat, "slot": slot, "card": card, "text": text, **coded}
        )


def apply_loot(state: dict, seat: str, action: dict, events: list) -> None:
    decision = state["pending"][0]
    if action["type"] == "equip":
        card, slot = action.get("card"), action.get("slot")
        if card not in decision["cards"] or not isinstance(slot, str):
            raise IllegalAction("Choose one of the cards you just drew and a slot for it.")
        if not catalogue.is_equipment(card):
            raise IllegalAction("Only weapons, armour, backpacks and apparel can be equipped.")
        equip(state, seat, card, slot, events)
        decision["cards"].remove(card)
        if decision["cards"]:
            return
    elif action["type"] != "done":
        raise IllegalAction("Equip the cards you drew, or put the rest in your hand.")
    state["pending"].pop(0)
    state["players"][seat]["hand"].extend(decision["cards"])
    # "... by discarding before ending your turn": the turn's end asks it (turns.py); the
    # house rule asks it at once.
    if house_rule_on(state, DISCARD_AT_ONCE):
        queue_discard(state, seat)


def queue_discard(state: dict, seat: str) -> None:
    """Rulebook: "If you have more than 5 cards in your hand ... you must reduce your hand down to
    5 cards
    by discarding before ending your turn" (equipped items do not count)."""
    player = state["players"][seat]
    if player["alive"] and len(player["hand"]) > hand_limit(player):
        state["pending"].insert(0, {"kind": "discard", "seat": seat})


def discard_actions(state: dict, seat: str) -> list[dict]:
    return [{"type": "discard", "card": c} for c in state["players"][seat]["hand"]]


def apply_discard(state: dict, seat: str, action: dict, events: list) -> None:
    player = state["players"][seat]
    card = action.get("card")
    if action["type"] != "discard" or card not in player["hand"]:
        raise IllegalAction(f"Discard cards from your hand down to {hand_limit(player)}.")
    player["hand"].remove(card)
    decks.discard_loot(state, [card])
    events.append(
        {
            "type": "discard",
            **said("discard", seat=seat, card=catalogue.name(card)),
            "seat": seat,
            "card": card,
            "text": f"{seat} discards a {catalogue.name(card)}.",
        }
    )
    if len(player["hand"]) <= hand_limit(player):
        state["pending"].pop(0)
