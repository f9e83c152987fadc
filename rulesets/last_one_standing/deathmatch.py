"""Drafting Deathmatch: the draft, the drop-in again at the end of the round, and kills.

"Before dropping in deal 7 cards to each player. Take one card and pass the remainder to the
left. Continue this way until everyone has 5 cards." Picks are secret and simultaneous:
``{"type": "draft_pick", "card": c}``; the packs pass once everyone has picked.
"""

from __future__ import annotations

from rulesets.core.errors import IllegalAction
from rulesets.core.messages import said
from rulesets.core.rng import Rng
from rulesets.last_one_standing import decks
from rulesets.last_one_standing.character import STARTING_HEALTH

DEAL = 7
KEEP = 5


def deal(state: dict, rng: Rng) -> None:
    packs = {seat: decks.draw_loot(state, DEAL, rng) for seat in state["seats"]}
    state["draft"] = {"packs": packs, "picked": []}


def drafters(state: dict) -> list[str]:
    return [s for s in state["seats"] if not state["players"][s]["resigned"]]


def waiting(state: dict) -> list[str]:
    return [s for s in drafters(state) if s not in state["draft"]["picked"]]


def pick_actions(state: dict, seat: str) -> list[dict]:
    return [{"type": "draft_pick", "card": c} for c in state["draft"]["packs"][seat]]


def pick(state: dict, seat: str, action: dict, events: list) -> bool:
    """Returns True once the draft is over (everyone holds 5 cards)."""
    pack = state["draft"]["packs"][seat]
    card = action.get("card")
    if action["type"] != "draft_pick" or card not in pack:
        raise IllegalAction("Pick one card from the pack in front of you.")
    pack.remove(card)
    state["players"][seat]["hand"].append(card)
    state["draft"]["picked"].append(seat)
    events.append(
        {
            "type": "draft_pick",
            **said("draft_pick", seat=seat),
            "seat": seat,
            "text": f"{seat} picks a card.",
        }
    )
    return maybe_pass(state, events)


def maybe_pass(state: dict, events: list) -> bool:
    """Once everyone still drafting has picked, the packs pass (or the draft ends)."""
    if waiting(state):
        return False
    return _pass_left(state, events)


def _pass_left(state: dict, events: list) -> bool:
    """Pass the remainder to the left: to the next seat in seat order (clockwise)."""
    active = drafters(state)
    packs = state["draft"]["packs"]
    if all(len(state["players"][s]["hand"]) >= KEEP for s in active):
        leftovers = [c for s in state["seats"] for c in packs.get(s, [])]
        decks.discard_loot(state, leftovers)
        state["draft"] = None
        events.append(
            {
                "type": "draft_over",
                **said("draft_over", count=len(leftovers)),
                "discarded": len(leftovers),
                "text": f"The draft is over; {len(leftovers)} card(s) are discarded.",
            }
        )
        return True
    state["draft"] = {
        "packs": {s: packs[active[i - 1]] for i, s in enumerate(active)},
        "picked": [],
    }
    events.append(
        {"type": "draft_pass", **said("draft_pass"), "text": "The packs pass to the left."}
    )
    return False


def drop_out_of_draft(state: dict) -> None:
    """A player who resigns during the draft takes no more picks; their pack is discarded."""
    packs = state["draft"]["packs"]
    for seat in state["seats"]:
        if state["players"][seat]["resigned"] and packs.get(seat):
            decks.discard_loot(state, packs[seat])
            packs[seat] = []


def respawn_queue(state: dict) -> list[str]:
    """Rulebook: "If you are eliminated, do not discard your cards, rather perform a drop in at
    the end
    of the round." Health goes back to 10 (the product's reading of starting afresh)."""
    queue = []
    for seat in state["seats"]:
        player = state["players"][seat]
        if not player["alive"] and not player["resigned"]:
            player.update(alive=True, health=STARTING_HEALTH, hex=None)
            queue.append(seat)
    return queue
