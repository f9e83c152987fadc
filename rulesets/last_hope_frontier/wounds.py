"""Wound tokens and being taken out of action.

"If a model has been taken out of action by taking more points of damage than their wound
tokens": we read it literally. A fighter's wound tokens are the wounds it has left; it is
taken out of action when a hit deals MORE wounds than it has tokens left. A hit that deals
exactly the tokens left leaves the fighter standing on 0 tokens ("on its last legs"), and
the next wound of any kind takes it out. (So a fresh ganger with 6 wounds survives 6 wounds
of damage and goes down on the 7th.)
"""

from __future__ import annotations

from typing import NamedTuple


class WoundResult(NamedTuple):
    wounds_left: int
    out_of_action: bool


def take_wounds(wounds_left: int, wounds: int) -> WoundResult:
    """Remove ``wounds`` tokens; more wounds than tokens left takes the model out of action."""
    if wounds_left < 0 or wounds < 0:
        raise ValueError("Wound counts are never negative.")
    if wounds > wounds_left:
        return WoundResult(0, True)
    return WoundResult(wounds_left - wounds, False)


def heal(wounds_left: int, max_wounds: int, amount: int) -> int:
    """Give back up to ``amount`` tokens, "never above the fighter's current max wounds"."""
    if amount < 0:
        raise ValueError("A heal is never negative.")
    return min(max_wounds, wounds_left + amount)
