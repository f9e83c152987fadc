"""The Character Mat: health, equipment slots, hand, weight and the movement it allows."""

from __future__ import annotations

from rulesets.last_one_standing import catalogue
from rulesets.last_one_standing.island import DATA

STARTING_HEALTH = DATA["starting_health"]
HAND_LIMIT = DATA["hand_limit"]


def new_player(crowbar: str, team: str | None) -> dict:
    """Rulebook: "1 Health Token (place on '10'), 1 Crowbar Card (place face-up on the Light Weapon
    slot) ... 1 Weight Token (place on '0')"."""
    slots: dict[str, dict | None] = dict.fromkeys(catalogue.SLOT_NAMES)
    slots["light"] = {"card": crowbar, "face_down": False}
    return {
        "alive": True,  # in the game and not eliminated (a seat not yet dropped in is alive)
        "resigned": False,
        "health": STARTING_HEALTH,
        "hex": None,
        "hand": [],
        "slots": slots,
        "weight": 0,
        "kills": 0,
        "team": team,
        "turns_taken": 0,
        "used": {},  # weapon card -> uses this round
        "body": None,  # duos: the hex where the eliminated player lies, until looted
    }


def standing(state: dict) -> list[str]:
    """Seats with a standee on the island, in seat order."""
    return [
        s for s in state["seats"] if state["players"][s]["alive"] and state["players"][s]["hex"]
    ]


def occupants(state: dict, *, exclude: str | None = None) -> dict[str, str]:
    """Hex -> seat of every standing player (bodies lie down and do not occupy a hex)."""
    return {state["players"][s]["hex"]: s for s in standing(state) if s != exclude}


def equipped(player: dict) -> list[str]:
    return [slot["card"] for slot in player["slots"].values() if slot]


def has_ability(player: dict, ability: str) -> bool:
    """Apparel abilities (Scuba Suit: swim, Climbing Gear: climb, ...)."""
    slot = player["slots"]["apparel"]
    return bool(slot) and catalogue.card(slot["card"]).get("ability") == ability


def hand_limit(player: dict) -> int:
    """Rulebook: "Your hand limit of 5 (higher if equipped with a backpack)"."""
    slot = player["slots"]["backpack"]
    bonus = catalogue.card(slot["card"]).get("hand_bonus", 0) if slot else 0
    return HAND_LIMIT + bonus


def refresh_weight(player: dict) -> None:
    """Rulebook: "Move your weight marker ... according to the weight of the cards equipped on your
    Character Mat." Cards in your hand do not affect your weight."""
    player["weight"] = sum(catalogue.card(c)["weight"] for c in equipped(player))


def movement_points(player: dict, bonus: int = 0) -> int:
    """Rulebook: "You may move the number of movement point shown on the Weight Track.\""""
    points = 0
    for row in DATA["weight_track"]:
        if player["weight"] >= row["min_weight"]:
            points = row["movement"]
    if has_ability(player, "sprint"):
        points += 1
    return points + bonus


def teammates(state: dict, seat: str) -> list[str]:
    team = state["players"][seat]["team"]
    if team is None:
        return []
    return [s for s in state["seats"] if s != seat and state["players"][s]["team"] == team]


def is_enemy(state: dict, seat: str, other: str) -> bool:
    return other != seat and other not in teammates(state, seat)
