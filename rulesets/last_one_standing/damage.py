"""Damage, armour and elimination."""

from __future__ import annotations

from rulesets.core.messages import said
from rulesets.last_one_standing import catalogue, decks
from rulesets.last_one_standing.character import equipped, is_enemy
from rulesets.last_one_standing.winning import record_out


def deal_damage(
    state: dict, seat: str, amount: int, events: list, *, pierce: bool = False, armour: bool = True
) -> int:
    """Take damage; loaded (face-down) armour stops part of one hit and turns face up.

    The rulebook only says armour is "loaded" face down like weapons; the product's armour
    cards stop their ``block`` value of one hit (the Armour Piercer and island explosions go
    straight through). Returns the damage taken.
    """
    player = state["players"][seat]
    slot = player["slots"]["armour"]
    if armour and not pierce and slot and slot["face_down"] and amount > 0:
        stopped = min(amount, catalogue.card(slot["card"])["block"])
        slot["face_down"] = False
        amount -= stopped
        events.append(
            {
                "type": "armour",
                **said("armour", seat=seat, card=catalogue.name(slot["card"]), stopped=stopped),
                "seat": seat,
                "card": slot["card"],
                "stopped": stopped,
                "text": f"{seat}'s {catalogue.name(slot['card'])} stops {stopped} damage.",
            }
        )
    player["health"] = max(0, player["health"] - amount)
    return amount


def _pending_seats(decision: dict) -> list[str]:
    return decision.get("seats") or [decision["seat"]]


def eliminate(state: dict, seats: list[str], killer: str | None, events: list) -> None:
    """Players at 0 health are eliminated together (one group for the placements).

    Standard game: their cards go to the discard pile face up and the standee leaves. Duos:
    the player lies on the hex with their cards until revived with an AED or looted. Drafting
    Deathmatch: "do not discard your cards, rather perform a drop in at the end of the round."
    """
    seats = [s for s in seats if state["players"][s]["alive"]]
    if not seats:
        return
    mode = state["options"]["mode"]
    for seat in seats:
        player = state["players"][seat]
        player["alive"] = False
        player["used"] = {}
        for decision in state["pending"]:
            if decision["kind"] == "loot" and decision["seat"] == seat:
                player["hand"].extend(decision["cards"])
        state["pending"] = [d for d in state["pending"] if seat not in _pending_seats(d)]
        if mode == "duos":
            player["body"] = player["hex"]
        elif mode == "standard":
            drop_all_cards(state, seat)
        player["hex"] = None
    if killer is not None:
        state["players"][killer]["kills"] += sum(1 for s in seats if is_enemy(state, killer, s))
    names = ", ".join(seats)
    by = f" by {killer}" if killer else ""
    events.append(
        {
            "type": "eliminated",
            **said("eliminated_by" if killer else "eliminated", seats=list(seats), killer=killer),
            "seats": list(seats),
            "killer": killer,
            "text": f"{names} {'is' if len(seats) == 1 else 'are'} eliminated{by}.",
        }
    )
    record_out(state, events)


def drop_all_cards(state: dict, seat: str) -> None:
    player = state["players"][seat]
    cards = player["hand"] + equipped(player)
    player["hand"] = []
    for slot in player["slots"]:
        player["slots"][slot] = None
    player["weight"] = 0
    decks.discard_loot(state, cards)
