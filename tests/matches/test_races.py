"""Races on PostgreSQL with real threads: row locks, not luck, make actions exactly-once."""

import pytest

from matches import services
from matches.models import Match, MatchAction, MatchEvent
from matches.services import queue
from tests import races
from tests.matches.factories import UserFactory
from tests.races import require_postgresql

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgresql_only(monkeypatch):
    require_postgresql()
    # Keep submitted actions pending: the threads below are the only resolvers.
    monkeypatch.setattr(queue, "_enqueue_resolution", lambda action_id: None)


def in_threads(count: int, work) -> list:
    results, errors = races.in_threads(count, work)
    assert errors == []
    return results


@pytest.fixture
def match():
    alice, bob = UserFactory(), UserFactory()
    match = services.create_live_match(
        ruleset="fake-pick", players=[alice.username, bob.username], options={}, created_by=alice
    )
    return match, {"s1": alice, "s2": bob}


def test_concurrent_resolutions_apply_each_action_exactly_once(match):
    match, players = match
    ids = []
    for n in range(6):
        action, _ = services.submit_action(
            match=match,
            player=players["s1" if n % 2 == 0 else "s2"],
            payload={"type": "pass"},
            idempotency_key=f"k{n}",
        )
        ids.append(action.pk)
    settled = in_threads(8, lambda i: services.resolve_pending_actions(up_to=ids[i % 6]))
    assert sum(settled) == 6
    actions = MatchAction.objects.filter(match=match).order_by("id")
    assert [a.version_after for a in actions] == [1, 2, 3, 4, 5, 6]
    assert Match.objects.get(pk=match.pk).version == 6
    seqs = list(MatchEvent.objects.filter(match=match).values_list("seq", flat=True))
    assert seqs == list(range(1, 8))  # "match_started" and six passes


def test_concurrent_retries_with_one_key_store_one_action(match):
    match, players = match
    results = in_threads(
        8,
        lambda i: services.submit_action(
            match=match, player=players["s1"], payload={"type": "pass"}, idempotency_key="same"
        ),
    )
    assert len({action.pk for action, _ in results}) == 1
    assert sum(created for _, created in results) == 1
    assert MatchAction.objects.filter(match=match).count() == 1
