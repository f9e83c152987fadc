"""A whole game of each board game through the HTTP API, refereed by a real worker on Redis
(run by .ci/run): clients only choose among legal-actions, retry some submissions, and the
finished match replays from its seed and accepted actions to the stored state.

Le Dernier Peuple has its own (tests/matches/test_le_dernier_peuple_live.py) and Last Hope
Frontier is played inside a campaign round (tests/campaigns/test_worker.py).
"""

import random

import pytest

from matches import services
from matches.models import Match, MatchAction
from rulesets.registry import get_ruleset
from tests.conftest import client_for
from tests.factories import UserFactory
from tests.matches.factories import accept_all_over_api
from tests.worker import wait_for

pytestmark = pytest.mark.worker

GAMES = [
    ("battle-royale", 3, {}),
    # No round cap: the product's storm (an explosion after every round without one) shrinks
    # the island until the game ends by its own rule, the last one standing.
    ("last-one-standing", 2, {"storm_rounds": 1}),
]


def _ended_by_its_rules(slug: str, state: dict, outcome: dict) -> None:
    """Battle Royale: "The game ends when only one player is left, or when only the flag tile
    is still in play". Last One Standing: "The game proceeds until all players are eliminated
    except for one" (or all of the last ones together: a shared defeat)."""
    if slug == "battle-royale":
        reason = state["result"]["reason"]
        assert reason in ("last_one_standing", "flag_tile")
        if reason == "flag_tile":
            assert set(state["board"]) == {state["flag"]}
        assert outcome["winners"]
        return
    standing = [s for s, p in state["players"].items() if p["alive"] and p["hex"]]
    assert len(standing) <= 1
    assert outcome["winners"] == standing  # none when the last ones fell together


@pytest.mark.parametrize("slug,players,options", GAMES)
def test_a_full_game_played_over_http_on_a_real_worker(
    celery_worker_process, slug, players, options
):
    users = [UserFactory() for _ in range(players)]
    clients = [client_for(u) for u in users]
    created = clients[0].post(
        "/api/v1/matches/",
        {"ruleset": slug, "live": True, "options": options, "players": [u.username for u in users]},
        format="json",
    )
    assert created.status_code == 201, created.json()
    accept_all_over_api(created.json())  # the other players accept: the match is dealt
    match_id = created.json()["id"]
    by_seat = {
        row["seat"]: clients[[u.username for u in users].index(row["player"])]
        for row in created.json()["seats"]
    }
    rnd = random.Random(11)
    for step in range(1500):
        if Match.objects.get(pk=match_id).status != "live":
            break
        offers = {
            seat: c.get(f"/api/v1/matches/{match_id}/legal-actions/").json()["actions"]
            for seat, c in by_seat.items()
        }
        seat = rnd.choice([s for s, actions in offers.items() if actions])
        action = rnd.choice(offers[seat])
        key = f"{match_id}-{step}"
        posted = by_seat[seat].post(
            f"/api/v1/matches/{match_id}/actions/", action, format="json", HTTP_IDEMPOTENCY_KEY=key
        )
        assert posted.status_code == 202, posted.json()
        if step % 10 == 0:  # a client retry: the same action comes back, nothing new is queued
            again = by_seat[seat].post(
                f"/api/v1/matches/{match_id}/actions/",
                action,
                format="json",
                HTTP_IDEMPOTENCY_KEY=key,
            )
            assert again.json()["id"] == posted.json()["id"]
        action_id = posted.json()["id"]
        wait_for(
            lambda action_id=action_id: MatchAction.objects.get(pk=action_id).status != "pending",
            timeout=20,
            interval=0.02,
            what="the worker to referee the action",
        )
        assert MatchAction.objects.get(pk=action_id).status == "resolved", MatchAction.objects.get(
            pk=action_id
        ).reason
    else:
        pytest.fail(f"{slug} did not end")

    match = Match.objects.get(pk=match_id)
    assert match.status == "finished"
    assert match.version == MatchAction.objects.filter(match=match, status="resolved").count()
    ok, _ = services.replay_match(match)
    assert ok
    outcome = match.outcome  # by seat
    assert set(outcome["placements"]) == set(by_seat)
    get_ruleset(slug).check_result(placements=outcome["placements"], scores=outcome["scores"])
    assert all(outcome["placements"][w] == 1 for w in outcome["winners"])
    assert sorted(outcome["placements"].values())[0] == 1
    _ended_by_its_rules(slug, match.state, outcome)
    names = {row["seat"]: row["player"] for row in created.json()["seats"]}
    shown = by_seat["s1"].get(f"/api/v1/matches/{match_id}/state/").json()["outcome"]
    assert shown["winners"] == [names[w] for w in outcome["winners"]]
    assert shown["placements"] == {names[s]: p for s, p in outcome["placements"].items()}
