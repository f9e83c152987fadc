"""The contract between the matches app and a game engine (see docs/architecture.md).

State is plain JSON-able data. ``apply`` never mutates its input. Randomness comes only from
the ``Rng`` kept in the state, so the same seed and the same actions replay to the same state.
``view`` is the only door through which state leaves the server.

Optional methods, asked for with ``getattr``: ``resign(state, seat) -> Resolution``,
``battle_report(state)`` (Last Hope Frontier), and ``fill_hints(state, seat, action) -> dict``
for a game whose legal actions hold placeholders: what the seat must fill in before sending
the action, by dotted path (the API adds it to each entry as ``fill``; live_fill.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from rulesets.core.house_rules import HouseRule
from rulesets.core.options import Option

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]  # at least {"type": str, "text": str}; "text" is a sentence a player reads


@dataclass(frozen=True)
class Resolution:
    state: State
    events: list[Event] = field(default_factory=list)


@dataclass(frozen=True)
class Outcome:
    """How a game ended. ``placements`` maps every seat to its place (1 = best, ties share)."""

    winners: list[str]
    placements: dict[str, int]
    scores: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Seats that share one result (Last One Standing duos); empty when every seat plays alone.
    teams: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ScoreField:
    """A per-seat score a logged result may carry (victory points, kills, warriors left...)."""

    name: str
    label: str
    minimum: int = 0
    maximum: int | None = None


@runtime_checkable
class Ruleset(Protocol):
    slug: str
    name: str
    min_players: int
    max_players: int
    live: bool  # whether the server can referee it turn by turn
    score_fields: tuple[ScoreField, ...]
    # The departures from the rulebook a group may choose, off by default
    # (rulesets/core/house_rules.py); the engine records the ones on in state["house_rules"].
    house_rules: tuple[HouseRule, ...]
    # The options and variants a person chooses, with their defaults (rulesets/core/options.py).
    options: tuple[Option, ...]

    def new_game(self, seats: list[str], options: dict, seed: int) -> State: ...

    def legal_actions(self, state: State, seat: str) -> list[Action]: ...

    def apply(self, state: State, seat: str, action: Action) -> Resolution: ...

    def view(self, state: State, seat: str | None) -> dict: ...

    def outcome(self, state: State) -> Outcome | None: ...

    def to_move(self, state: State) -> list[str]:
        """The seats that have a decision to take now (several during a simultaneous choice)."""
        ...

    def check_result(self, *, placements: dict[str, int], scores: dict[str, dict]) -> None:
        """Raise ``InvalidResult`` when a result logged from the table breaks the rules."""
        ...
