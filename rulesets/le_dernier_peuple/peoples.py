"""Who plays which people, and who is still in the game.

"Each player, represented by the people facing them, places on that people's card the 2
meeples of the matching color." Seat i (in turn order) plays the i-th people of
data/board.json, whose card is territory card 4i+2 (2, 6, 10, 14, 18).
"""

from __future__ import annotations

from rulesets.le_dernier_peuple.catalogue import PEOPLES


def people_of(state: dict, seat: str) -> dict:
    return PEOPLES[state["seats"].index(seat)]


def name(state: dict, seat: str) -> str:
    """How event texts name a seat: by its people, e.g. "the Polar Zombies"."""
    return f"the {people_of(state, seat)['name']}"


def in_play(state: dict, seat: str) -> bool:
    return seat in state["seats"] and seat not in state["out"]


def players_in_play(state: dict) -> list[str]:
    return [s for s in state["seats"] if s not in state["out"]]


def opponents(state: dict, seat: str) -> list[str]:
    """ "The player of your choice" / "an opponent of your choice": any other player still in."""
    return [s for s in players_in_play(state) if s != seat]


def owner_of_people_card(state: dict, territory: int) -> str | None:
    """The seat whose people's card is this territory, if any."""
    for seat, card in state["people"].items():
        if card == territory:
            return seat
    return None


def subject(state: dict, seat: str) -> str:
    """The same, to start a sentence: "The Polar Zombies"."""
    return f"The {people_of(state, seat)['name']}"
