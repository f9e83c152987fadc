"""Races on PostgreSQL with real threads: row locks, not luck, make actions exactly-once."""

import pytest

from matches import services
from matches.models import Match, MatchAction, MatchEvent
from matches.services import queue
from tests import races
from tests.matches.factories import UserFactory, start_live_match

pytestmark = [pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _pending_actions(monkeypatch):
    # Keep submitted actions pending: the threads below are the only resolvers.
    monkeypatch.setattr(queue, "_enqueue_resolution", lambda action_id: None)


def in_threads(count: int, work) -> list:
    results, errors = races.in_threads(count, work)
    assert errors == []
    return results


@pytest.fixture
def match():
    alice, bob = UserFactory(), UserFactory()
    match = start_live_match(
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


def test_the_last_acceptances_arriving_at_once_deal_the_match_once():
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    match = services.create_live_match(
        ruleset="fake-pick",
        players=[alice.username, bob.username, carol.username],
        options={},
        created_by=alice,
    )
    answers = [bob, carol] * 4  # each sends the acceptance four times, all at once
    in_threads(8, lambda i: services.accept_match(match=match, player=answers[i]))
    match.refresh_from_db()
    assert match.status == "live" and match.state
    assert list(MatchEvent.objects.filter(match=match).values_list("type", flat=True)) == [
        "match_started"
    ]


def test_a_decline_racing_the_last_acceptance_leaves_one_outcome():
    alice, bob = UserFactory(), UserFactory()
    match = services.create_live_match(
        ruleset="fake-pick", players=[alice.username, bob.username], options={}, created_by=alice
    )
    calls = [
        lambda: services.accept_match(match=match, player=bob),
        lambda: services.decline_match(match=match, player=alice),
    ] * 3
    _, errors = races.in_threads(6, lambda i: calls[i]())
    match.refresh_from_db()
    # Whichever came first decided; the other answers were no-ops or refused (409), never both.
    assert all(getattr(e, "status_code", None) == 409 for e in errors)
    if match.status == "live":
        assert match.state and not MatchEvent.objects.filter(type="match_cancelled").exists()
    else:
        assert match.status == "cancelled" and match.state == {}
