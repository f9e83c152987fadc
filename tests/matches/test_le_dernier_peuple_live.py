"""A whole game of Le Dernier Peuple played through the HTTP API (tasks in-process), by
clients choosing random legal actions; then the replay must give the stored final state."""

import json
import random

import pytest

from matches import services
from matches.models import Match, MatchAction
from rulesets.registry import get_ruleset
from tests.conftest import client_for
from tests.matches.factories import UserFactory, accept_all_over_api

pytestmark = pytest.mark.django_db

SLUG = "le-dernier-peuple"


@pytest.fixture(autouse=True)
def _engine():
    pytest.importorskip("rulesets.le_dernier_peuple")
    if get_ruleset(SLUG) is None:
        pytest.skip("the Le Dernier Peuple engine has no RULESET yet")


def test_a_random_three_player_game_through_the_api_ends_and_replays(
    as_staff, django_capture_on_commit_callbacks
):
    players = 3
    rnd = random.Random(players)
    users = [UserFactory() for _ in range(players)]
    clients = {f"s{n}": client_for(u) for n, u in enumerate(users, start=1)}
    created = as_staff.post(
        "/api/v1/matches/",
        {
            "ruleset": SLUG,
            "live": True,
            "players": [u.username for u in users],
            "seed": 812_345_678_901_234_567 + players,
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    assert created.json()["status"] == "invited"
    accept_all_over_api(created.json())
    url = f"/api/v1/matches/{created.json()['id']}/"
    match = Match.objects.get(pk=created.json()["id"])
    secrets = [str(match.seed), str(match.state["rng"])]

    for step in range(2000):
        offers = {s: c.get(f"{url}legal-actions/").json()["actions"] for s, c in clients.items()}
        if not any(offers.values()):
            break  # nobody has a decision: the game is over
        seat, actions = next((s, a) for s, a in offers.items() if a)
        if step % 25 == 0:  # now and then: nothing another seat holds shows in a seat's view
            stored = Match.objects.get(pk=match.pk).state
            for viewer, client in clients.items():
                seen = client.get(f"{url}state/").content.decode()
                for other, cards in stored["hands"].items():
                    if other != viewer:
                        assert not [c for c in cards if f'"{c}"' in seen]
                assert not [s for s in secrets if s in seen]
        with django_capture_on_commit_callbacks(execute=True):
            reply = clients[seat].post(
                f"{url}actions/",
                rnd.choice(actions),
                format="json",
                headers={"Idempotency-Key": f"step-{step}"},
            )
        assert reply.status_code == 202, reply.json()

    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    assert not match.actions.exclude(status=MatchAction.Status.RESOLVED).exists()
    assert match.version == match.actions.count()
    outcome = as_staff.get(f"{url}state/").json()["outcome"]
    assert len(outcome["winners"]) == 1 and outcome["placements"][outcome["winners"][0]] == 1
    assert sorted(outcome["placements"]) == sorted(u.username for u in users)
    ok, state = services.replay_match(match)
    assert ok, json.dumps(state)[:500]
    events = as_staff.get(f"{url}events/?page_size=200").json()
    assert events["count"] == match.last_event_seq
