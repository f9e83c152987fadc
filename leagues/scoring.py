"""How a league scores one result, and which tie-breakers make sense for which game.

Plain Python (no queries): the standings, the ratings and the player pages read results as
lists of ``Entry`` and agree on what a place, a win and a side are.

- A **side** is a team (Last One Standing duos) or a player alone. Teammates share a place.
- A side's **place** counts the sides ahead of it, plus one: duos logged as 1, 1, 3, 3 (the
  engine's per-player places) are 1st and 2nd. Without teams it is the logged place.
- A **win** is the first place held by one side alone; a first place shared by several sides
  is a **draw** (Last Hope Frontier's {a: 1, b: 1}); every other place is a **loss**.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, NamedTuple

from django.utils.translation import gettext as _

from leagues.errors import LeagueError
from rulesets.registry import get_ruleset

TIE_BREAKERS = (
    "head_to_head",
    "wins",
    "average_placement",
    "opponents_strength",
    "score_difference",
    "most_kills",
)
# The score whose margin "score_difference" measures, and the count "most_kills" adds up,
# per game. A game missing here has no such tie-breaker (Le Dernier Peuple has no kills).
MAIN_SCORE = {
    "le-dernier-peuple": "vp",
    "last-hope-frontier": "fighters_taken_out",
    "battle-royale": "warriors",
}
KILLS = {
    "last-one-standing": "kills",
    "last-hope-frontier": "killing_blows",
    "battle-royale": "spoils",
}
DEFAULT_TIE_BREAKERS = ["head_to_head", "wins", "average_placement"]
DEFAULT_POINTS_TABLE = {"1": 5, "2": 3, "3": 2, "4": 1}
MAX_POINTS = 1000


class Entry(NamedTuple):
    """One player's line of a confirmed result (a tuple: standings read tens of thousands)."""

    player: int
    placement: int
    team: str = ""
    scores: dict[str, Any] = {}  # shared by entries without scores; never mutated

    @property
    def side(self) -> str | int:
        # A team's name (text) or the player's id (a number): never equal to each other, and
        # ~4x cheaper than formatting "team:..." / "player:..." (a confirmation that counts
        # asks it of every seat of every result its players played, several times).
        return self.team or self.player


def tie_breakers_for(ruleset: str) -> tuple[str, ...]:
    """The tie-breakers an organiser may choose for a league of this game."""
    out = []
    for name in TIE_BREAKERS:
        if name == "score_difference" and ruleset not in MAIN_SCORE:
            continue
        if name == "most_kills" and ruleset not in KILLS:
            continue
        out.append(name)
    return tuple(out)


def default_settings(ruleset: str) -> dict:
    """A 1v1 game scores win / draw / loss (3 / 1 / 0); the others points per place."""
    game = get_ruleset(ruleset)
    one_on_one = game is not None and game.max_players == 2
    return {
        "scoring": "win_draw_loss" if one_on_one else "placement",
        "points_table": {} if one_on_one else dict(DEFAULT_POINTS_TABLE),
        "tie_breakers": list(DEFAULT_TIE_BREAKERS),
    }


# --- checking settings ---------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_points_table(table: object) -> dict[str, int]:
    """{"1": 5, "2": 3, ...}: places from 1, whole points from 0, a better place never worth
    less than a worse one. Places left out score 0."""
    if not isinstance(table, dict):
        raise LeagueError(
            _("Give the points each place scores, from first place down."), field="points_table"
        )
    clean: dict[int, int] = {}
    for key, points in table.items():
        where = f"points_table.{key}"
        if not (isinstance(key, str) and key.isdigit() and 1 <= int(key) <= 64):
            raise LeagueError(_("A place is a whole number from 1 to 64."), field=where)
        if int(key) in clean:
            raise LeagueError(_("This place is listed twice."), field=where)
        if not _is_int(points) or not 0 <= points <= MAX_POINTS:
            raise LeagueError(
                _("Points are a whole number from 0 to %(most)s.") % {"most": MAX_POINTS},
                field=where,
            )
        clean[int(key)] = points
    ordered = sorted(clean.items())
    for (place, points), (_place, worse) in pairwise(ordered):
        if worse > points:
            raise LeagueError(
                _("Place %(place)s scores %(points)s, so a worse place cannot score more.")
                % {"place": place, "points": points},
                field=f"points_table.{place + 1}",
            )
    return {str(place): points for place, points in ordered}


def check_tie_breakers(value: object, *, ruleset: str) -> list[str]:
    allowed = tie_breakers_for(ruleset)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise LeagueError(_("Give tie-breakers as a list of names."), field="tie_breakers")
    for index, name in enumerate(value):
        if name not in allowed:
            raise LeagueError(
                _("'%(name)s' is not a tie-breaker for this game; choose from %(names)s.")
                % {"name": name, "names": ", ".join(allowed)},
                field=f"tie_breakers.{index}",
            )
        if name in value[:index]:
            raise LeagueError(_("Each tie-breaker is chosen once."), field=f"tie_breakers.{index}")
    return value


# --- one result ----------------------------------------------------------------------------------


def side_places(entries: Iterable[Entry]) -> dict[int, int]:
    """Each player's place among the sides: 1 + the number of sides placed strictly ahead."""
    entries = list(entries)
    best: dict[str, int] = {}
    for e in entries:
        side = e.side
        if side not in best or e.placement < best[side]:
            best[side] = e.placement
    ordered = sorted(best.values())
    return {e.player: 1 + bisect_left(ordered, best[e.side]) for e in entries}


def outcomes(entries: Iterable[Entry], places: dict[int, int] | None = None) -> dict[int, str]:
    """Each player's "win", "draw" or "loss" (see the module's docstring)."""
    entries = list(entries)
    places = side_places(entries) if places is None else places
    first_sides = {e.side for e in entries if places[e.player] == 1}
    first = "win" if len(first_sides) == 1 else "draw"
    return {e.player: first if places[e.player] == 1 else "loss" for e in entries}


@dataclass(frozen=True)
class Scoring:
    """A league's points settings, detached from the model so the pure code can use them."""

    scoring: str
    points_table: dict[str, int]
    points_win: int = 3
    points_draw: int = 1
    points_loss: int = 0

    @classmethod
    def of(cls, league) -> Scoring:
        return cls(
            scoring=league.scoring,
            points_table=dict(league.points_table),
            points_win=league.points_win,
            points_draw=league.points_draw,
            points_loss=league.points_loss,
        )

    def points(
        self,
        entries: list[Entry],
        *,
        places: dict[int, int] | None = None,
        results: dict[int, str] | None = None,
    ) -> dict[int, int]:
        """Each player's points for one result (``places`` and ``results`` when known)."""
        places = side_places(entries) if places is None else places
        if self.scoring == "win_draw_loss":
            worth = {"win": self.points_win, "draw": self.points_draw, "loss": self.points_loss}
            results = outcomes(entries, places) if results is None else results
            return {player: worth[o] for player, o in results.items()}
        return {player: self.points_table.get(str(place), 0) for player, place in places.items()}
