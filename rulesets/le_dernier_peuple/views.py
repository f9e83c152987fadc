"""What a seat may see. Hidden: the rng, the order of the draw piles, other players' hands
(their number of movement and power cards shows, the backs differ) and the mix of other
players' VP tokens: "VP gained are placed FACE DOWN on the player's people card", so the
table sees how many tokens each player has, not what they are worth. A player sees their own
hand and their own tokens. The bank and the discard piles are face up. When the game is
over every player's VP total is shown.
"""

from __future__ import annotations

from rulesets.le_dernier_peuple.catalogue import card_face, is_movement
from rulesets.le_dernier_peuple.peoples import people_of
from rulesets.le_dernier_peuple.territories import draw_symbols_in_play
from rulesets.le_dernier_peuple.vp_tokens import token_count, total

_PUBLIC_DECISION_KEYS = ("kind", "seat", "count", "against", "by", "people", "options")


def _player(state: dict, seat: str, viewer: str | None) -> dict:
    hand = state["hands"][seat]
    people = people_of(state, seat)
    entry = {
        "seat": seat,
        "people": people["name"],
        "colour": people["colour"],
        "card": state["people"][seat],
        "meeples": list(state["meeples"][seat]),
        "hand_size": {
            "movement": sum(1 for c in hand if is_movement(c)),
            "power": sum(1 for c in hand if not is_movement(c)),
        },
        "vp_tokens": token_count(state["vp"][seat]),
        "resigned": seat in state["out"],
        "turns_to_skip": state["skip_turns"][seat],
        "extra_turns": state["extra_turns"][seat],
    }
    if seat == viewer:
        entry["hand"] = [card_face(c) for c in hand]
        entry["vp_purse"] = dict(state["vp"][seat])
    if seat == viewer or state["over"]:
        entry["vp"] = total(state["vp"][seat])
    return entry


def view(state: dict, seat: str | None) -> dict:
    viewer = seat if seat in state["seats"] else None
    decision = state["decision"]
    return {
        "game": state["game"],
        "you": viewer,
        "territories": state["territories"],
        "draw_symbols": draw_symbols_in_play(state),
        "players": [_player(state, s, viewer) for s in state["seats"]],
        "bank": dict(state["bank"]),
        "movement_pile": len(state["movement_pile"]),
        "power_pile": len(state["power_pile"]),
        "movement_discard": [card_face(c) for c in state["movement_discard"]],
        "power_discard": [card_face(c) for c in state["power_discard"]],
        "active": state["active"],
        "turn": state["turn_no"],
        "decision": (
            {k: decision[k] for k in _PUBLIC_DECISION_KEYS if k in decision} if decision else None
        ),
        "over": state["over"],
        "winner": state["winner"],
    }
