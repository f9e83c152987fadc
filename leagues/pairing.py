"""Pairing a league round: Swiss for two-player games, pods for free-for-all games.

Pure Python (no Django): the services hand it the players to seat, best-ranked first, with
their points, how many byes they have had and whom they have met; it answers tables and byes.
docs/rules/leagues.md ("League nights") states the rules in words.

**Swiss** is one maximum-weight perfect matching (networkx's ``max_weight_matching``, Edmonds'
blossom algorithm) over the players, plus a "bye" node when their number is odd. Its weights
put the rules in a strict order, each worth more than everything below it together:

1. a bye only to a player who has had the fewest byes (none, while anyone has had none):
   the bye node has no other edges;
2. no rematch: a pair who met already costs more than every other choice together, so the
   matching has one only when no perfect matching without one exists;
3. the bye to the lowest-ranked of those players;
4. pairs within a score group: a pair costs the square of its points difference;
5. neighbours in the ranking: a pair costs its distance in ranks.

The graph first holds only pairs at most ``WINDOW`` ranks apart (enough for a Swiss round: a
complete graph of 1,024 players is half a million edges); if that leaves a rematch, the round
is paired again over every pair.

**Pods** split the players into the fewest tables the game allows, as even in size as
possible (sizes differ by one at most), cut from the ranking in order (the best players
together, as a score group), then swap players between nearby pods while that lowers the
number of repeated opponents (first) or the spread of points within pods (second). A player
who cannot be seated (too few players for the game's smallest table) has a bye, given as in
Swiss.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from math import ceil

import networkx as nx

WINDOW = 16
BLOCK = 64
BYE = -1  # the bye node's id: player ids are positive


@dataclass(frozen=True)
class Player:
    """A player to seat: ``points`` so far, ``byes`` had, ``met``: the ids of their opponents
    so far (a repeat is counted once however often it happened)."""

    id: int
    points: int = 0
    byes: int = 0
    met: frozenset[int] = field(default_factory=frozenset)


@dataclass(frozen=True)
class Pairing:
    tables: list[list[int]]
    byes: list[int]


def pair_round(players: Sequence[Player], *, min_size: int, max_size: int) -> Pairing:
    """Seat ``players`` (best-ranked first) for a game of ``min_size`` to ``max_size``
    players: Swiss when the game is for two, pods otherwise."""
    if len({p.id for p in players}) != len(players):
        raise ValueError("a player is listed twice")
    if not 2 <= min_size <= max_size:
        raise ValueError("a table seats at least two players, min_size <= max_size")
    if max_size == 2:
        return pair_swiss(players)
    return pair_pods(players, min_size=min_size, max_size=max_size)


def bye_candidates(players: Sequence[Player]) -> list[Player]:
    """Those who may have the bye: the players with the fewest byes so far."""
    fewest = min((p.byes for p in players), default=0)
    return [p for p in players if p.byes == fewest]


# --- Swiss ----------------------------------------------------------------------------------------


def pair_swiss(players: Sequence[Player]) -> Pairing:
    players = list(players)
    if len(players) < 2:
        return Pairing(tables=[], byes=[p.id for p in players])
    pairing = _in_blocks(players)
    if _rematches(pairing, players):
        pairing = _swiss(players, window=WINDOW)
        if pairing is None or _rematches(pairing, players):
            pairing = _swiss(players, window=len(players))
    assert pairing is not None  # over every pair a perfect matching always exists
    return pairing


def _in_blocks(players: list[Player]) -> Pairing:
    """The first try, whose cost grows linearly: the bye to the lowest-ranked candidate, then
    each block of ``BLOCK`` players in ranking order matched on its own."""
    byes = [bye_candidates(players)[-1].id] if len(players) % 2 else []
    left = [p for p in players if p.id not in byes]
    tables: list[list[int]] = []
    for start in range(0, len(left), BLOCK):
        block = left[start : start + BLOCK]
        if len(left) - start - BLOCK < BLOCK // 2:
            block = left[start:]  # the last block takes the remainder
        tables += _swiss(block, window=WINDOW).tables
        if len(block) > BLOCK:
            break
    return Pairing(tables=tables, byes=byes)


def _swiss(players: list[Player], *, window: int) -> Pairing | None:
    n = len(players)
    rank = {p.id: i for i, p in enumerate(players)}
    spread = max(p.points for p in players) - min(p.points for p in players)
    # Each rule outweighs everything below it together (the module's docstring).
    per_pair = spread * spread * (n + 1) + n
    bye_step = (n // 2 + 1) * per_pair + 1
    rematch = n * bye_step + (n // 2 + 1) * per_pair + 1
    base = 2 * rematch
    graph = nx.Graph()
    for i, a in enumerate(players):
        for b in players[i + 1 : i + 1 + window]:
            diff = a.points - b.points
            cost = diff * diff * (n + 1) + (rank[b.id] - i)
            if b.id in a.met or a.id in b.met:
                cost += rematch
            graph.add_edge(a.id, b.id, weight=base - cost)
    if n % 2:
        for p in bye_candidates(players):
            graph.add_edge(BYE, p.id, weight=base - (n - 1 - rank[p.id]) * bye_step)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != n + n % 2:
        return None
    tables, byes = [], []
    for a, b in matching:
        if BYE in (a, b):
            byes.append(a if b == BYE else b)
        else:
            tables.append(sorted((a, b), key=rank.__getitem__))
    tables.sort(key=lambda t: rank[t[0]])
    return Pairing(tables=tables, byes=byes)


def _rematches(pairing: Pairing, players: list[Player]) -> int:
    met = {p.id: p.met for p in players}
    return sum(1 for t in pairing.tables for a in t for b in t if a < b and b in met[a])


# --- pods -----------------------------------------------------------------------------------------


def pod_sizes(count: int, *, min_size: int, max_size: int) -> list[int]:
    """The fewest pods for ``count`` players within the game's sizes, as even as possible
    (largest first); [] when no such split exists."""
    if count < min_size:
        return []
    pods = ceil(count / max_size)
    small, extra = divmod(count, pods)
    if small < min_size:
        return []
    return [small + 1] * extra + [small] * (pods - extra)


def pair_pods(players: Sequence[Player], *, min_size: int, max_size: int) -> Pairing:
    players = list(players)
    seated = len(players)
    while seated and not pod_sizes(seated, min_size=min_size, max_size=max_size):
        seated -= 1
    byes = _pod_byes(players, len(players) - seated)
    playing = [p for p in players if p.id not in byes]
    pods, start = [], 0
    for size in pod_sizes(len(playing), min_size=min_size, max_size=max_size):
        pods.append(playing[start : start + size])
        start += size
    _improve(pods)
    rank = {p.id: i for i, p in enumerate(players)}
    tables = [sorted((p.id for p in pod), key=rank.__getitem__) for pod in pods]
    tables.sort(key=lambda t: rank[t[0]])
    return Pairing(tables=tables, byes=sorted(byes, key=rank.__getitem__))


def _pod_byes(players: list[Player], count: int) -> list[int]:
    """``count`` byes, to the lowest-ranked of those with the fewest byes, then the next."""
    out: list[int] = []
    left = list(players)
    while len(out) < count:
        pick = bye_candidates(left)[-1]
        out.append(pick.id)
        left.remove(pick)
    return out


def _improve(pods: list[list[Player]], *, reach: int = 2, passes: int = 8) -> None:
    """Swap players between pods at most ``reach`` apart while a swap lowers (repeats,
    spread of points around each pod's first mean), in place."""
    targets = [sum(p.points for p in pod) / len(pod) for pod in pods]
    for _ in range(passes):
        better = False
        for i in range(len(pods)):
            for j in range(i + 1, min(i + 1 + reach, len(pods))):
                better |= _swap_best(pods, i, j, targets)
        if not better:
            return


def _met(player: Player, pod: list[Player], leaving: Player) -> int:
    return sum(1 for q in pod if q is not leaving and q.id in player.met)


def _swap_best(pods: list[list[Player]], i: int, j: int, targets: list[float]) -> bool:
    """Make every swap between pods ``i`` and ``j`` that lowers their joint cost (repeats
    first, then the spread), worked out from the two players moved only."""
    changed = False
    one, two = pods[i], pods[j]
    ti, tj = targets[i], targets[j]
    for x in range(len(one)):
        for y in range(len(two)):
            a, b = one[x], two[y]
            if not (a.met or b.met) and a.points == b.points:
                continue  # nothing to gain
            repeats = _met(b, one, a) + _met(a, two, b) - _met(a, one, a) - _met(b, two, b)
            spread = (
                (b.points - ti) ** 2
                + (a.points - tj) ** 2
                - (a.points - ti) ** 2
                - (b.points - tj) ** 2
            )
            if repeats < 0 or (repeats == 0 and spread < -1e-9):
                one[x], two[y] = b, a
                changed = True
    return changed


def met_from(tables: Sequence[Sequence[int]]) -> Mapping[int, set[int]]:
    """Whom each player met at these tables (a round's, or every past round's)."""
    out: dict[int, set[int]] = {}
    for table in tables:
        for a in table:
            out.setdefault(a, set()).update(b for b in table if b != a)
    return out
