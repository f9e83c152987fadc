"""The designed game material the review does not print: layouts, card faces, the doom die,
talent and special-action cards. It is data (``data/*.json``), read once."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data"


@cache
def _load(name: str) -> dict:
    return json.loads((DATA / f"{name}.json").read_text())


def layouts() -> dict[str, dict]:
    return {k: v for k, v in _load("layouts").items() if not k.startswith("_")}


def movement_cards() -> dict[str, dict]:
    return {card["id"]: card for card in _load("cards")["cards"]}


def hand_size() -> int:
    return _load("cards")["hand_size"]


def doom_faces() -> list[str]:
    return list(_load("doom")["faces"])


def question_choices() -> list[str]:
    return list(_load("doom")["question_choices"])


def talents() -> dict[str, dict]:
    return {t["id"]: t for t in _load("talents")["talents"]}


def specials() -> dict[str, dict]:
    return {s["id"]: s for s in _load("specials")["specials"]}
