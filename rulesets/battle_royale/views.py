"""What a seat may see. The island, war spoils, reserves, played cards, talents and open
special actions are public; hands are private (others see how many cards), and the draw
piles' order and the dice (the rng) are hidden from everyone."""

from __future__ import annotations

import pickle

HIDDEN = ("rng", "decks", "hands")


def view(state: dict, seat: str | None) -> dict:
    public = {k: v for k, v in state.items() if k not in HIDDEN}
    public = pickle.loads(pickle.dumps(public))  # a deep copy: the view is the caller's to keep
    public["viewer"] = seat
    public["hand_counts"] = {s: len(h) for s, h in state["hands"].items()}
    public["deck_counts"] = {s: len(d) for s, d in state["decks"].items()}
    public["hand"] = list(state["hands"][seat]) if seat in state["hands"] else None
    return public
