"""Live play on a real Celery worker and a real Redis broker (run by .ci/run).

The claim under test: every accepted action is resolved exactly once and in submission order,
even when clients retry and the worker is killed with -9 in the middle of the stream.
"""

import json
import random
import time

import pytest
from django.conf import settings

from config.celery import app
from matches import services
from matches.models import Match, MatchAction, MatchEvent
from matches.tasks import sweep_pending_actions
from rulesets.core.errors import IllegalAction
from rulesets.registry import get_ruleset
from tests.conftest import client_for
from tests.matches.factories import UserFactory, accept_all_over_api, start_live_match
from tests.worker import WorkerProcess, wait_for

pytestmark = pytest.mark.worker

SEED = 4_242_424_242_424_242


def planned_stream(hands: dict[str, list[str]]) -> list[tuple[str, dict]]:
    """Alice (s1) wins on the last action; in between: passes, picks, one action out of turn
    and one card that is not held. Planned from the opening hands, so it can all be sent at
    once: each pick plays a card dealt at the start, which stays in hand until played."""
    h1, h2 = hands["s1"], hands["s2"]
    pass_ = {"type": "pass"}
    return [
        ("s1", pass_),
        ("s2", pass_),
        ("s2", pass_),  # out of turn: rejected
        ("s1", pass_),
        ("s2", {"type": "pick", "card": h2[0]}),
        ("s1", {"type": "pick", "card": h1[0]}),
        ("s2", pass_),
        ("s1", pass_),
        ("s2", {"type": "pick", "card": h1[2]}),  # not s2's card: rejected
        ("s2", {"type": "pick", "card": h2[1]}),
        ("s1", {"type": "pick", "card": h1[1]}),
        ("s2", pass_),
        ("s1", {"type": "pick", "card": h1[2]}),  # the third point: alice wins
    ]


def oracle(seats, plan):
    """What the stream must give, played straight through the engine in order."""
    game = get_ruleset("fake-pick")
    state = services.canonical(game.new_game(seats, {}, SEED))
    statuses = []
    for seat, action in plan:
        if seat not in game.to_move(state):
            statuses.append("rejected")
            continue
        try:
            state = services.canonical(game.apply(state, seat, action).state)
        except IllegalAction:
            statuses.append("rejected")
        else:
            statuses.append("resolved")
    return statuses, state


def purge_queue() -> None:
    """Throw away every queued task, as a broker that lost its messages would."""
    with app.connection_for_write() as connection:
        connection.default_channel.queue_purge(settings.CELERY_TASK_DEFAULT_QUEUE)


def test_a_killed_worker_loses_no_action_and_applies_none_twice(celery_worker_process):
    alice, bob, staff = UserFactory(), UserFactory(), UserFactory(is_staff=True)
    match = start_live_match(
        ruleset="fake-pick",
        players=[alice.username, bob.username],
        options={},
        seed=SEED,
        created_by=staff,
    )
    clients = {"s1": client_for(alice), "s2": client_for(bob)}
    url = f"/api/v1/matches/{match.pk}/actions/"
    plan = planned_stream(match.state["hands"])
    expected, final_state = oracle(["s1", "s2"], plan)

    def send(index: int):
        seat, action = plan[index]
        return clients[seat].post(
            url, action, format="json", headers={"Idempotency-Key": f"a-{index}"}
        )

    ids = []
    for index in range(6):
        first, retry = send(index), send(index)  # a client retrying at once
        assert first.status_code == 202 and retry.status_code == 200
        assert retry.json()["id"] == first.json()["id"]
        ids.append(first.json()["id"])
    wait_for(
        lambda: MatchAction.objects.filter(pk__in=ids).exclude(status="pending").count() >= 2,
        what="the worker to resolve the first actions",
    )
    celery_worker_process.kill()  # kill -9, possibly in the middle of a resolution

    for index in range(6, len(plan)):
        reply = send(index)
        assert reply.status_code == 202
        ids.append(reply.json()["id"])
    purge_queue()  # and the broker lost the queued tasks too: only the sweep can save them
    worker = WorkerProcess().start()
    try:
        time.sleep(1)
        assert MatchAction.objects.filter(pk__in=ids, status="pending").exists()
        for index in (0, 7, len(plan) - 1):  # late retries still find the same action
            assert send(index).json()["id"] == ids[index]
        sweep_pending_actions.delay(older_than_seconds=0)
        wait_for(
            lambda: not MatchAction.objects.filter(match=match, status="pending").exists(),
            timeout=60,
            what="the sweep and the new worker to resolve every action",
        )
    finally:
        worker.stop()

    actions = list(MatchAction.objects.filter(match=match).order_by("id"))
    assert [a.pk for a in actions] == ids
    assert [a.status for a in actions] == expected
    resolved = [a for a in actions if a.status == "resolved"]
    assert [a.version_after for a in resolved] == list(range(1, len(resolved) + 1))
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    assert match.version == len(resolved)
    assert json.dumps(match.state, sort_keys=True) == json.dumps(final_state, sort_keys=True)
    seqs = list(MatchEvent.objects.filter(match=match).values_list("seq", flat=True))
    assert seqs == list(range(1, match.last_event_seq + 1))
    moves = MatchEvent.objects.filter(match=match, type__in=["passed", "picked"])
    assert sorted(moves.values_list("action_id", flat=True)) == [a.pk for a in resolved]
    assert services.replay_match(match)[0]


def test_a_whole_le_dernier_peuple_game_over_http_on_a_real_worker(celery_worker_process):
    if get_ruleset("le-dernier-peuple") is None:
        pytest.skip("the Le Dernier Peuple engine has no RULESET yet")
    rnd = random.Random(2)
    users = [UserFactory(), UserFactory()]
    clients = {f"s{n}": client_for(u) for n, u in enumerate(users, start=1)}
    created = client_for(UserFactory(is_staff=True)).post(
        "/api/v1/matches/",
        {
            "ruleset": "le-dernier-peuple",
            "live": True,
            "players": [u.username for u in users],
            "seed": 99,
        },
        format="json",
    )
    assert created.status_code == 201
    accept_all_over_api(created.json())
    url = f"/api/v1/matches/{created.json()['id']}/"
    for step in range(2000):
        offers = {s: c.get(f"{url}legal-actions/").json()["actions"] for s, c in clients.items()}
        if not any(offers.values()):
            break
        seat, actions = next((s, a) for s, a in offers.items() if a)
        action = rnd.choice(actions)
        headers = {"Idempotency-Key": f"step-{step}"}
        sent = clients[seat].post(f"{url}actions/", action, format="json", headers=headers)
        again = clients[seat].post(f"{url}actions/", action, format="json", headers=headers)
        assert sent.status_code == 202 and again.json()["id"] == sent.json()["id"]
        detail = f"{url}actions/{sent.json()['id']}/"
        settled = wait_for(
            lambda d=detail, c=clients[seat]: (r := c.get(d).json())["status"] != "pending" and r,
            timeout=30,
            what=f"action {step} to be resolved",
        )
        assert settled["status"] == "resolved", settled
    match = Match.objects.get(pk=created.json()["id"])
    assert match.status == Match.Status.FINISHED
    assert match.version == match.actions.count()
    assert services.replay_match(match)[0]
