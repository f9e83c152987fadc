"""What a seat may see: the board, health and weight are public; hands, face-down cards, face-down
loot tokens, deck order and the rng are not."""

from __future__ import annotations

from rulesets.last_one_standing.island import DATA


def _copy(data):
    """A copy of plain JSON data (cheaper than copy.deepcopy, and views are built often)."""
    if isinstance(data, dict):
        return {k: _copy(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_copy(v) for v in data]
    return data


def _slots(player: dict, own: bool) -> dict:
    out = {}
    for slot, held in player["slots"].items():
        if held is None:
            out[slot] = None
        elif held["face_down"] and not own:
            out[slot] = {"face_down": True}
        else:
            out[slot] = {"face_down": held["face_down"], "card": held["card"]}
    return out


def _player(player: dict, own: bool) -> dict:
    # every other field is a number, a string, a bool or None
    public = {k: v for k, v in player.items() if k not in ("hand", "slots", "used")}
    public["hand_count"] = len(player["hand"])
    public["slots"] = _slots(player, own)
    public["used"] = dict(player["used"]) if own else None
    if own:
        public["hand"] = list(player["hand"])
    return public


def _pending(decision: dict, seat: str | None) -> dict:
    out = {k: _copy(v) for k, v in decision.items() if k != "cards"}
    if "cards" in decision:
        out["card_count"] = len(decision["cards"])
        if decision.get("seat") == seat:
            out["cards"] = list(decision["cards"])
    return out


def view(state: dict, seat: str | None) -> dict:
    decks = state["decks"]
    draft = None
    if state["draft"]:
        packs = state["draft"]["packs"]
        draft = {
            "pack_sizes": {s: len(p) for s, p in packs.items()},
            "picked": list(state["draft"]["picked"]),
            "pack": list(packs.get(seat, [])) if seat else None,
        }
    return {
        "game": state["game"],
        "you": seat,
        "seats": list(state["seats"]),
        "options": _copy(state["options"]),
        "layout": state["layout"],
        "phase": state["phase"],
        "round": state["round"],
        "order": list(state["order"]),
        "turn": _copy(state["turn"]),
        "pending": [_pending(d, seat) for d in state["pending"]],
        "drop_queue": list(state["drop_queue"]),
        "draft": draft,
        "players": {s: _player(p, s == seat) for s, p in state["players"].items()},
        "terrain": dict(state["terrain"]),
        "tiles": {
            t: {"name": v["name"], "position": list(v["position"]), "hexes": list(v["hexes"])}
            for t, v in state["tiles"].items()
        },
        # Loot tokens lie face down: where they are is public, what they show is not.
        "crates": {
            h: ({"kind": "loot"} if c["kind"] == "loot" else dict(c))
            for h, c in state["crates"].items()
        },
        "removed_crates": state["removed_crates"],
        "set_aside_tokens": list(state["set_aside_tokens"]),
        "track": {
            "layout": list(DATA["event_tracks"][state["layout"]]),
            "tokens": list(state["track"]),
        },
        "marked_side": state["marked_side"],
        "decks": {
            "loot": len(decks["loot"]),
            "loot_discard": list(decks["loot_discard"]),
            "supply": len(decks["supply"]),
            "supply_discard": list(decks["supply_discard"]),
            "explosion": len(decks["explosion"]),
            "explosion_discard": list(decks["explosion_discard"]),
        },
        "out_of_game": list(state["out_of_game"]),  # discarded face up: public
        "out_order": _copy(state["out_order"]),
    }
