"""leagues.pairing, on its own (pure Python, no database): random events of 8 to 200 players
over 3 to 9 rounds, with random results, drops and late arrivals. Every round: every present
player seated exactly once; no rematch when a rematch-free pairing exists; no second bye
while a present player has had none; pods within the game's player counts."""

from __future__ import annotations

import random
import subprocess
import sys

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leagues.pairing import BYE, Pairing, Player, pair_round, pod_sizes
from rulesets.registry import all_rulesets

# Modest: each example pairs up to nine rounds of up to 200 players.
few = settings(max_examples=12, deadline=None)
GAMES = {r.slug: (r.min_players, r.max_players) for r in all_rulesets()}
FREE_FOR_ALL = sorted(slug for slug, (_, most) in GAMES.items() if most > 2)
TWO_PLAYER = sorted(slug for slug, (_, most) in GAMES.items() if most == 2)


class Event:
    """A simulated league night: who is present, points, byes, who met whom."""

    def __init__(self, players: int, seed: int):
        self.rng = random.Random(seed)
        self.present = set(range(1, players + 1))
        self.later = set()  # late arrivals, yet to come
        for p in list(self.present):
            if self.rng.random() < 0.1:
                self.present.discard(p)
                self.later.add(p)
        self.points: dict[int, int] = {}
        self.byes: dict[int, int] = {}
        self.met: dict[int, set[int]] = {}

    def standing(self) -> list[Player]:
        order = sorted(self.present, key=lambda p: (-self.points.get(p, 0), self.rng.random()))
        return [
            Player(
                id=p,
                points=self.points.get(p, 0),
                byes=self.byes.get(p, 0),
                met=frozenset(self.met.get(p, ())),
            )
            for p in order
        ]

    def play(self, pairing: Pairing) -> None:
        for p in pairing.byes:
            self.byes[p] = self.byes.get(p, 0) + 1
            self.points[p] = self.points.get(p, 0) + 3
        for table in pairing.tables:
            for p in table:
                self.met.setdefault(p, set()).update(q for q in table if q != p)
            order = self.rng.sample(table, len(table))
            for place, p in enumerate(order):
                self.points[p] = self.points.get(p, 0) + max(0, 3 - place)

    def between_rounds(self) -> None:
        for p in list(self.present):
            if len(self.present) > 2 and self.rng.random() < 0.05:
                self.present.discard(p)  # drops
        for p in list(self.later):
            if self.rng.random() < 0.5:
                self.later.discard(p)
                self.present.add(p)  # arrives late


def seated_once(pairing: Pairing, players: list[Player]) -> None:
    seats = [p for t in pairing.tables for p in t] + list(pairing.byes)
    assert sorted(seats) == sorted(p.id for p in players)


def byes_fair(pairing: Pairing, players: list[Player]) -> None:
    fewest = min(p.byes for p in players)
    had = {p.id: p.byes for p in players}
    for p in pairing.byes:
        assert had[p] == fewest, "a second bye while a present player has had fewer"


def rematches(pairing: Pairing, players: list[Player]) -> int:
    met = {p.id: p.met for p in players}
    return sum(1 for t in pairing.tables for a in t for b in t if a < b and b in met[a])


def rematch_free_exists(players: list[Player]) -> bool:
    """The oracle: a perfect matching of the players who have not met, the bye (when their
    number is odd) to one of those with the fewest byes."""
    graph = nx.Graph()
    graph.add_nodes_from(p.id for p in players)
    for i, a in enumerate(players):
        graph.add_edges_from((a.id, b.id) for b in players[i + 1 :] if b.id not in a.met)
    if len(players) % 2:
        fewest = min(p.byes for p in players)
        graph.add_edges_from((BYE, p.id) for p in players if p.byes == fewest)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == len(players) + len(players) % 2


@few
@given(
    players=st.integers(min_value=8, max_value=200),
    rounds=st.integers(min_value=3, max_value=9),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_swiss_rounds_keep_the_rules(players, rounds, seed):
    low, high = GAMES[TWO_PLAYER[0]]
    event = Event(players, seed)
    for _ in range(rounds):
        standing = event.standing()
        pairing = pair_round(standing, min_size=low, max_size=high)
        seated_once(pairing, standing)
        assert all(len(t) == 2 for t in pairing.tables)
        assert len(pairing.byes) == len(standing) % 2
        byes_fair(pairing, standing)
        if rematches(pairing, standing):
            assert not rematch_free_exists(standing)
        event.play(pairing)
        event.between_rounds()


@settings(max_examples=8, deadline=None)
@given(
    players=st.integers(min_value=8, max_value=14),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_small_swiss_events_run_out_of_new_opponents_only_when_forced(players, seed):
    # More rounds than opponents: rematches become unavoidable, and only then appear.
    event = Event(players, seed)
    event.later.clear()
    for _ in range(players + 1):
        standing = event.standing()
        pairing = pair_round(standing, min_size=2, max_size=2)
        seated_once(pairing, standing)
        byes_fair(pairing, standing)
        assert bool(rematches(pairing, standing)) == (not rematch_free_exists(standing))
        event.play(pairing)


@pytest.mark.parametrize("game", FREE_FOR_ALL)
@settings(max_examples=6, deadline=None)
@given(
    players=st.integers(min_value=8, max_value=200),
    rounds=st.integers(min_value=3, max_value=9),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_pods_keep_the_rules(game, players, rounds, seed):
    low, high = GAMES[game]
    event = Event(players, seed)
    for _ in range(rounds):
        standing = event.standing()
        pairing = pair_round(standing, min_size=low, max_size=high)
        seated_once(pairing, standing)
        assert all(low <= len(t) <= high for t in pairing.tables)
        sizes = sorted(len(t) for t in pairing.tables)
        assert not sizes or sizes[-1] - sizes[0] <= 1, "pods as even as possible"
        assert pairing.byes == [] or not pod_sizes(len(standing), min_size=low, max_size=high)
        byes_fair(pairing, standing)
        event.play(pairing)
        event.between_rounds()


def test_swiss_pairs_within_score_groups_and_gives_the_bye_to_the_lowest():
    players = [Player(1, 6), Player(2, 6), Player(3, 3), Player(4, 3), Player(5, 0)]
    pairing = pair_round(players, min_size=2, max_size=2)
    assert pairing.tables == [[1, 2], [3, 4]]
    assert pairing.byes == [5]


def test_the_bye_skips_a_player_who_had_one():
    players = [Player(1, 6), Player(2, 3), Player(3, 0, byes=1)]
    pairing = pair_round(players, min_size=2, max_size=2)
    assert pairing.byes == [2]
    assert pairing.tables == [[1, 3]]


def test_swiss_avoids_a_rematch_by_leaving_the_score_group():
    players = [
        Player(1, 6, met=frozenset({2})),
        Player(2, 6, met=frozenset({1})),
        Player(3, 3),
        Player(4, 3),
    ]
    pairing = pair_round(players, min_size=2, max_size=2)
    # Each of the leaders meets one of the next group (equal costs: either way round).
    assert pairing.tables in ([[1, 3], [2, 4]], [[1, 4], [2, 3]])


def test_pods_split_evenly_and_avoid_repeats():
    assert pod_sizes(20, min_size=2, max_size=8) == [7, 7, 6]
    assert pod_sizes(9, min_size=2, max_size=4) == [3, 3, 3]
    assert pod_sizes(1, min_size=2, max_size=5) == []
    # Last round's pods were {1,2,3,4} and {5,6,7,8}: the new ones mix them.
    first = [1, 2, 3, 4]
    second = [5, 6, 7, 8]
    players = [
        Player(p, 0, met=frozenset(first if p in first else second) - {p}) for p in range(1, 9)
    ]
    pairing = pair_round(players, min_size=2, max_size=4)
    assert rematches(pairing, players) == 4  # two of each pod must meet again: the fewest


def test_the_pairing_module_does_not_import_django():
    code = (
        "import sys, leagues.pairing; "
        "assert not [m for m in sys.modules if m.split('.')[0] == 'django'], 'django'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
