"""The doom phase: roll the doom die and carry out its face.

Faces are data (``data/doom.json``): Battle Royale, move the eliminator, explosion, and the
question mark: 'the active player chooses which action happens' (``choose_doom``). The same
three actions are also the extra actions of some movement cards and of special actions.
"""

from __future__ import annotations

from rulesets.battle_royale import battle, catalogue, eliminator, explosion, talents
from rulesets.battle_royale import messages as say
from rulesets.battle_royale.board import capitalised, colour_of
from rulesets.core.messages import said, word
from rulesets.core.rng import Rng

FACE_NAMES = {
    "battle_royale": "Battle Royale",
    "eliminator": "move the eliminator",
    "explosion": "explosion",
    "question": "question mark",
}


def faces_for(state: dict, seat: str) -> list[str]:
    return talents.effect(state, seat, "doom_faces", catalogue.doom_faces())


def roll(state: dict, rng: Rng, events: list) -> None:
    """'After the movement phase comes the doom phase. The doom die is rolled.'"""
    seat = state["turn"]["seat"]
    faces = faces_for(state, seat)
    face = faces[rng.randbelow(len(faces))]
    events.append(
        {
            "type": "doom_roll",
            "face": face,
            "text": f"{capitalised(colour_of(state, seat))} rolls the doom die: "
            f"{FACE_NAMES[face]}.",
            **said(
                "doom_roll",
                colour=say.colour(colour_of(state, seat), capital=True),
                face=word(face),
            ),
        }
    )
    carry_out(state, face, rng, events)


def question_choices(state: dict) -> list[str]:
    """The question mark offers every action that would do something now (no Battle Royale
    in the first three turns of a two-player game)."""
    return [
        f for f in catalogue.question_choices() if f != "battle_royale" or not battle.blocked(state)
    ]


def carry_out(state: dict, face: str, rng: Rng, events: list) -> None:
    if face == "battle_royale":
        battle.battle_royale(state, events)
    elif face == "eliminator":
        eliminator.ask_to_move(state, "eliminator")
    elif face == "explosion":
        explosion.explode(state, rng, events)
    elif face == "question":
        state["pending"] = {"kind": "doom_choice", "options": question_choices(state)}
    else:  # pragma: no cover - the data files only hold the faces above
        raise ValueError(f"unknown doom face {face!r}")


def extra_roll(state: dict, rng: Rng, events: list) -> None:
    """Two-player game: 'After every turn the die is rolled once more; if the explosion sign
    comes up, it is carried out.' A plain die (not the Oracle's); any other face does nothing.
    Under a hole or the flag tile the explosion becomes 'move the eliminator', as always."""
    faces = catalogue.doom_faces()
    face = faces[rng.randbelow(len(faces))]
    if face == "explosion":
        events.append(
            {
                "type": "extra_roll",
                "face": face,
                "text": "Extra doom roll: explosion!",
                **said("extra_roll_explosion"),
            }
        )
        explosion.explode(state, rng, events)
    else:
        events.append(
            {
                "type": "extra_roll",
                "face": face,
                "text": f"Extra doom roll: {FACE_NAMES[face]}, nothing happens.",
                **said("extra_roll", face=word(face)),
            }
        )
