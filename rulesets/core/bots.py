"""A game's own bot, for the live table's "greedy" policy (matches/policies.py plays it).

A game gives one of two things (``rulesets.registry.get_bot``):
- ``score(state, seat)``: how good a state is for the seat, for a one-step look-ahead over the
  legal actions (where one action says enough: Le Dernier Peuple, Battle Royale);
- ``choose(view=, legal=, accepts=, rnd=)``: rules of thumb that never get the state, only the
  seat's ``view``, its ``legal`` action templates and ``accepts(action)`` (would the referee
  take this filled-in template? what a player learns by trying), so they cannot read hidden
  information (Last One Standing, Last Hope Frontier: a shot's result is a roll, so looking
  one action ahead says little). A decision it has no opinion on returns None, and the
  policy plays it at random.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Bot:
    slug: str
    score: Callable[[dict, str], float] | None = None
    choose: Callable[..., dict | None] | None = None
