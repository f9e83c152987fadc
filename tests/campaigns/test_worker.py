"""Campaigns on a real Celery worker and a real Redis broker (run by .ci/run).

Claims: the post-game and round closing run on the worker; killing the worker in the middle
and restarting it still applies every post-game exactly once; and a whole campaign round can
be played live, end to end, with the worker refereeing every action.
"""

import random
import time

import pytest
from django.db import transaction

from campaigns import services
from campaigns.models import Battle, LiveBattle, Round
from campaigns.tasks import sweep_post_games
from jobs.models import Job
from matches.models import Match, MatchAction
from rosters.models import Fighter, Gang, Injury, LedgerEntry
from rulesets.registry import get_ruleset
from tests.campaigns.conftest import World
from tests.rulesets.last_hope_frontier.test_live_support import concrete
from tests.worker import WorkerProcess, wait_for

LHF = get_ruleset("last-hope-frontier")

pytestmark = pytest.mark.worker


@pytest.fixture
def live_world(seeded_catalogue, celery_worker_process):
    with transaction.atomic():
        return World()


def report_and_confirm(world, a, b, victim, attacker):
    battle = services.report_battle(
        campaign=world.campaign,
        actor=a.owner,
        gangs=[a.pk, b.pk],
        winner=a.pk,
        casualties=[{"fighter": victim.pk, "taken_out_by": attacker.pk}],
        credits={a.pk: 5},
    )
    with transaction.atomic():
        services.confirm_battle(battle=battle, actor=b.owner)
    return battle


def test_post_games_run_exactly_once_across_a_killed_worker(live_world, celery_worker_process):
    world = live_world
    A, B, C, D = world.gangs
    pairs = [(A, B), (C, D), (B, A), (D, C), (A, C), (B, D)]
    # A and B (and C and D) fight twice in this round: the campaign allows it.
    world.campaign.max_battles_per_pairing = 2
    world.campaign.save(update_fields=["max_battles_per_pairing"])
    victims = []
    battles = []
    for n, (a, b) in enumerate(pairs):
        victim = world.fighters[b.pk][n % 4]
        victims.append(victim)
        battles.append(report_and_confirm(world, a, b, victim, world.fighters[a.pk][0]))
        if n == 2:
            celery_worker_process.kill()  # kill -9 in the middle of the stream of post-games
    replacement = WorkerProcess().start()
    try:
        time.sleep(0.5)
        sweep_post_games.delay(older_than_seconds=0)  # what beat does for lost tasks
        wait_for(
            lambda: (
                not Battle.objects.filter(status="confirmed", post_game_at__isnull=True).exists()
            ),
            timeout=60,
            what="every post-game to run",
        )
        sweep_post_games.delay(older_than_seconds=0)  # and again: nothing changes
        time.sleep(1.0)
    finally:
        replacement.stop()

    for battle, victim in zip(battles, victims, strict=True):
        assert (
            Injury.objects.filter(
                fighter=victim, note__contains=f"battle {battle.shown_number})"
            ).count()
            == 1
        )
        rewards = LedgerEntry.objects.filter(
            reason="reward", note__endswith=f"battle {battle.shown_number}"
        )
        assert rewards.count() == 2  # one per side, never twice
    for gang in Gang.objects.all():
        assert gang.battles == sum(1 for a, b in pairs if gang.pk in (a.pk, b.pk))
    from rosters.services import reconcile_credits

    assert reconcile_credits() == []


def test_a_campaign_round_played_live_end_to_end_on_the_worker(live_world):
    world = live_world
    A, B, C, D = world.gangs
    rnd = random.Random(3)
    lives = []
    for a, b in [(A, B), (C, D)]:
        response = world.client(a.owner).post(
            world.url("live-battles/"),
            {"gangs": [a.pk, b.pk], "options": {"turn_limit": 1}},
            format="json",
        )
        assert response.status_code == 201, response.json()
        accepted = world.client(b.owner).post(f"/api/v1/matches/{response.json()['match']}/accept/")
        assert accepted.status_code == 200 and accepted.json()["status"] == "live"
        lives.append(response.json())

    for live in lives:
        match_id = live["match"]
        owners = {
            p.seat: world.client(p.player)
            for p in Match.objects.get(pk=match_id).participants.all()
        }
        for step in range(3000):
            match = Match.objects.get(pk=match_id)
            if match.status != "live":
                break
            seat = rnd.choice(LHF.to_move(match.state))  # peeking at the state: a test's privilege
            legal = owners[seat].get(f"/api/v1/matches/{match_id}/legal-actions/").json()["actions"]
            weights = [
                10
                if e["type"] in ("shoot", "fight")
                else 0.3
                if e["type"] == "end_activation"
                else 0.05
                if e["type"] == "end_turn"
                else 2
                for e in legal
            ]
            action = concrete(rnd.choices(legal, weights)[0], match.state, seat, rnd)
            posted = owners[seat].post(
                f"/api/v1/matches/{match_id}/actions/",
                action,
                format="json",
                HTTP_IDEMPOTENCY_KEY=f"{match_id}-{step}",
            )
            assert posted.status_code == 202, posted.json()
            action_id = posted.json()["id"]
            wait_for(
                lambda action_id=action_id: (
                    MatchAction.objects.get(pk=action_id).status != "pending"
                ),
                timeout=20,
                what="the worker to referee the action",
            )
        else:
            pytest.fail("the live battle did not end")

    wait_for(
        lambda: LiveBattle.objects.filter(battle__isnull=False).count() == 2,
        timeout=30,
        what="the worker to hand both battles to the campaign",
    )
    for live in LiveBattle.objects.select_related("battle"):
        owners = {s.gang.owner for s in live.battle.sides.select_related("gang__owner")}
        confirmer = next(iter(owners))
        with transaction.atomic():
            services.confirm_battle(battle=live.battle, actor=confirmer)

    round_one = Round.objects.get(number=1)
    with transaction.atomic():
        job = services.request_round_close(round_=round_one, actor=world.arbitrator)
    wait_for(
        lambda: Job.objects.get(pk=job.pk).state == "succeeded",
        timeout=60,
        what="the round to close",
    )
    assert Round.objects.get(pk=round_one.pk).status == "closed"
    assert not Battle.objects.filter(post_game_at__isnull=True).exists()
    out = {fid for live in LiveBattle.objects.all() for fid in live.match.state["out_of_action"]}
    assert (
        set(Fighter.objects.filter(times_out_of_action__gt=0).values_list("pk", flat=True)) == out
    )
    table = services_standings(world)
    assert sum(row["played"] for row in table["rows"]) == 4


def services_standings(world):
    from campaigns.selectors import campaign_standings

    return campaign_standings(world.campaign)
