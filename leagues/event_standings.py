"""A league night's standings: points from its rounds' tables and byes, then the event
tie-breakers (docs/rules/leagues.md, "League nights").

Pure Python over ``TableRecord``s (``leagues.rounds_selectors`` reads them): the pairing ranks
players with it before each round, and the standings page and API show it. What each
tie-breaker compares, in words (``EVENT_BREAKERS``):

- **Buchholz**: for each table played, the mean event points of the opponents met there,
  summed (the classic Swiss score, the same as the season's opponents' strength);
- **opponents' match-win percentage**: the mean, over every opponent met, of their share of
  games won (a draw half), each counted as at least one third so that one weak opponent does
  not sink a player (the usual floor); byes are no games;
- **head-to-head**: among the players still level, 1 for each game finishing ahead of one of
  the others, ½ for the same place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ranking import head_to_head, rank

FLOOR = Fraction(1, 3)
EVENT_BREAKERS = ("buchholz", "opponents_win_percentage", "head_to_head")
BREAKER_WORDS = {
    "buchholz": "Buchholz: the opponents' points, summed over the tables played",
    "opponents_win_percentage": "opponents' match-win percentage (each at least 33%)",
    "head_to_head": "head-to-head among the players still level",
}


@dataclass(frozen=True)
class TableRecord:
    """One table of a round as it counts: each player's ``points``, ``outcome`` ("win",
    "draw", "loss") and side ``place``; ``counted`` False for a table not (yet) played."""

    round: int
    players: tuple[int, ...]
    counted: bool = False
    points: dict[int, int] = field(default_factory=dict)
    outcome: dict[int, str] = field(default_factory=dict)
    place: dict[int, int] = field(default_factory=dict)


@dataclass
class Record:
    player: int
    points: int = 0
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
    tables: list[TableRecord] = field(default_factory=list)

    def win_share(self) -> Fraction:
        if not self.played:
            return FLOOR
        return max(FLOOR, Fraction(2 * self.won + self.drawn, 2 * self.played))


def records(
    players: Sequence[int], tables: Sequence[TableRecord], byes: Sequence[int], bye_points: int
) -> dict[int, Record]:
    """Every player's record over ``tables`` and ``byes`` (one entry per bye)."""
    out = {p: Record(p) for p in players}
    for table in tables:
        for p in table.players:
            record = out.setdefault(p, Record(p))
            if not table.counted:
                continue
            record.tables.append(table)
            record.points += table.points.get(p, 0)
            record.played += 1
            outcome = table.outcome.get(p, "loss")
            record.won += outcome == "win"
            record.drawn += outcome == "draw"
            record.lost += outcome == "loss"
    for p in byes:
        record = out.setdefault(p, Record(p))
        record.byes += 1
        record.points += bye_points
    return out


def _buchholz(player: int, by: dict[int, Record]) -> Fraction:
    total = Fraction(0)
    for table in by[player].tables:
        others = [q for q in table.players if q != player]
        if others:
            total += Fraction(sum(by[q].points for q in others), len(others))
    return total


def _opponents_share(player: int, by: dict[int, Record]) -> Fraction:
    shares = [by[q].win_share() for t in by[player].tables for q in t.players if q != player]
    return sum(shares, Fraction(0)) / len(shares) if shares else Fraction(0)


def _between(by: dict[int, Record]):
    def points(a: int, b: int) -> float:
        score = 0.0
        for table in by[a].tables:
            if b in table.place:
                mine, theirs = table.place[a], table.place[b]
                score += 1 if mine < theirs else 0.5 if mine == theirs else 0
        return score

    return points


def standings(
    players: Sequence[int],
    tables: Sequence[TableRecord],
    byes: Sequence[int],
    *,
    bye_points: int,
    names: dict[int, str],
) -> list[dict]:
    """The ranked rows: rank (ties share it), points, games, byes and the tie-breakers."""
    by = records(players, tables, byes, bye_points)
    rows = [
        {
            "player_id": p,
            "player": names.get(p, str(p)),
            "points": r.points,
            "played": r.played,
            "won": r.won,
            "drawn": r.drawn,
            "lost": r.lost,
            "byes": r.byes,
            "buchholz": float(_buchholz(p, by)),
            "opponents_win_percentage": round(float(_opponents_share(p, by)) * 100, 2),
        }
        for p, r in by.items()
        if p in names or not names
    ]
    breakers = [
        lambda group: [row["buchholz"] for row in group],
        lambda group: [row["opponents_win_percentage"] for row in group],
        head_to_head(_between(by), key="player_id"),
    ]
    return rank(rows, primary="points", breakers=breakers, name="player").rows
