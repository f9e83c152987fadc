"""A whole campaign through the API: four gangs, three rounds, post-game, flips, a death."""

import pytest

from campaigns.models import Battle, LogEntry
from jobs.models import Job
from rosters.models import Fighter, Gang

pytestmark = pytest.mark.django_db


def report(world, reporter, a, b, *, winner, casualties=(), goods=None, credits=None):
    body = {
        "gangs": [a.pk, b.pk],
        "winner": winner.pk if winner else None,
        "casualties": [
            {"fighter": f.pk, "taken_out_by": by.pk if by else None} for f, by in casualties
        ],
        "goods": goods or {},
        "credits": credits or {},
    }
    response = world.client(reporter).post(world.url("battles/"), body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def confirm(world, run_on_commit, user, battle):
    response = run_on_commit(world.client(user).post, world.url(f"battles/{battle['id']}/confirm/"))
    assert response.status_code == 200, response.json()
    return response.json()


def close_round(world, run_on_commit, number):
    response = run_on_commit(
        world.client(world.arbitrator).post, world.url(f"rounds/{number}/close/")
    )
    assert response.status_code == 202, response.json()
    job = response.json()
    status = world.client(world.arbitrator).get(f"/api/v1/tasks/{job['id']}/").json()
    assert status["state"] == "succeeded"
    return status


def test_a_full_campaign(world, run_on_commit):
    ann, bob, cal, dee = world.players
    A, B, C, D = world.gangs
    a_lead, a_dep, a_g1, a_g2 = world.fighters[A.pk]
    b_lead, b_dep, b_g1, _ = world.fighters[B.pk]
    c_lead, _, c_g1, _ = world.fighters[C.pk]
    d_lead, _, d_g1, _ = world.fighters[D.pk]
    credits_before = {g.pk: Gang.objects.get(pk=g.pk).credits for g in world.gangs}

    # Round 1: A beats B, taking b_g1 out twice over the campaign; C and D draw.
    r1 = report(
        world,
        ann,
        A,
        B,
        winner=A,
        casualties=[(b_g1, a_lead), (a_g2, b_dep)],
        goods={A.pk: ["gold-nugget"]},
        credits={A.pk: 10},
    )
    confirm(world, run_on_commit, bob, r1)
    r1b = report(world, cal, C, D, winner=None, casualties=[(d_g1, c_lead)])
    confirm(world, run_on_commit, dee, r1b)
    close_round(world, run_on_commit, 1)

    b_g1.refresh_from_db()
    assert b_g1.times_out_of_action == 1 and b_g1.current_stats()["wounds"] == 5
    a_lead.refresh_from_db()
    assert a_lead.flips == 1  # "Taking out an opposing model gives that model a 'card flip'"
    A.refresh_from_db()
    assert A.credits == credits_before[A.pk] + world.campaign.reward_win + 10
    assert A.goods.get().name == "Gold nugget"

    # Round 2
    world.client(world.arbitrator).post(world.url("rounds/"), {}, format="json")
    r2 = report(world, bob, B, A, winner=A, casualties=[(b_g1, a_dep)])
    confirm(world, run_on_commit, ann, r2)
    r2b = report(world, dee, D, C, winner=D, casualties=[(c_g1, d_lead)])
    confirm(world, run_on_commit, world.arbitrator, r2b)  # an arbitrator may confirm too
    close_round(world, run_on_commit, 2)

    # Round 3: b_g1's third time out of action — the killing blow earns a_g1 two flips.
    world.client(world.arbitrator).post(world.url("rounds/"), {}, format="json")
    r3 = report(world, ann, A, B, winner=B, casualties=[(b_g1, a_g1), (a_lead, b_lead)])
    confirm(world, run_on_commit, bob, r3)
    report(world, cal, C, D, winner=C)  # never confirmed: waits for the arbitrator
    close_round(world, run_on_commit, 3)

    b_g1.refresh_from_db()
    assert b_g1.status == Fighter.Status.DEAD
    a_g1.refresh_from_db()
    assert a_g1.flips == 2  # "A model that dealt the killing blow ... earns two card flips"
    assert Battle.objects.get(pk=r3["id"]).casualties.get(fighter=b_g1).killed is True

    # Spending flips: the server draws, the player picks one of the two stats.
    client = world.client(ann)
    body = client.post(
        f"/api/v1/fighters/{a_g1.pk}/flips/", {"action": "flip"}, format="json"
    ).json()
    showing = body["showing"]
    assert body["flips"] == 1 and len(showing["options"]) == 2
    body = client.post(
        f"/api/v1/fighters/{a_g1.pk}/flips/",
        {"action": "choose", "stat": showing["options"][0]},
        format="json",
    ).json()
    assert body["showing"] is None
    a_g1.refresh_from_db()
    assert (
        a_g1.current_stats()[showing["options"][0]] == a_g1.base_stats()[showing["options"][0]] + 1
    )

    # Standings: A 2 wins 1 loss = 6; D win + draw = 4; B 1 win = 3; C draw + loss = 1.
    table = client.get(world.url("standings/")).json()
    assert [(r["name"], r["points"], r["rank"]) for r in table["rows"]] == [
        ("ann's gang", 6, 1),
        ("dee's gang", 4, 2),
        ("bob's gang", 3, 3),
        ("cal's gang", 1, 4),
    ]
    bob_row = next(r for r in table["rows"] if r["name"] == "bob's gang")
    assert bob_row["fighters_lost"] == 1
    ann_row = table["rows"][0]
    assert (ann_row["played"], ann_row["won"], ann_row["lost"], ann_row["taken_out"]) == (
        3,
        2,
        1,
        3,
    )

    log = [row["text"] for row in client.get(world.url("log/?page_size=200")).json()["results"]]
    assert any("is dead" in text for text in log)
    assert any("Round 3 closed" in text and "1 result still waits" in text for text in log)
    assert LogEntry.objects.filter(kind="flips").count() >= 3


def test_confirming_twice_or_rerunning_the_post_game_changes_nothing(world, run_on_commit):
    from campaigns import services

    ann, bob = world.players[:2]
    A, B = world.gangs[:2]
    victim = world.fighters[B.pk][2]
    battle = report(world, ann, A, B, winner=A, casualties=[(victim, world.fighters[A.pk][0])])
    confirm(world, run_on_commit, bob, battle)
    snapshot = (
        Gang.objects.get(pk=A.pk).credits,
        Fighter.objects.get(pk=victim.pk).times_out_of_action,
    )
    confirm(world, run_on_commit, bob, battle)
    assert services.run_post_game(battle_id=battle["id"]) is False
    assert (
        Gang.objects.get(pk=A.pk).credits,
        Fighter.objects.get(pk=victim.pk).times_out_of_action,
    ) == snapshot
    assert A.ledger.filter(reason="reward").count() == 1


def test_closing_a_round_twice_changes_nothing(world, run_on_commit):
    first = close_round(world, run_on_commit, 1)
    again = run_on_commit(world.client(world.arbitrator).post, world.url("rounds/1/close/"))
    assert again.status_code == 202 and again.json()["id"] == first["id"]
    assert Job.objects.count() == 1


def test_beat_closes_rounds_past_their_deadline(world, run_on_commit):
    from django.utils import timezone

    from campaigns.models import Round
    from campaigns.tasks import close_due_rounds

    Round.objects.update(deadline=timezone.now() - timezone.timedelta(minutes=1))
    assert run_on_commit(close_due_rounds) == 1
    assert Round.objects.get().status == "closed"


def test_a_confirmed_battle_is_also_a_match_record_in_the_players_history(world, run_on_commit):
    ann, bob = world.players[:2]
    A, B = world.gangs[:2]
    battle = report(
        world, ann, A, B, winner=B, casualties=[(world.fighters[A.pk][2], world.fighters[B.pk][0])]
    )
    confirm(world, run_on_commit, bob, battle)
    match = Battle.objects.get(pk=battle["id"]).match
    assert match.ruleset == "last-hope-frontier" and not match.live
    rows = {p.player.username: (p.placement, p.gang_id, p.scores) for p in match.participants.all()}
    assert rows == {
        "ann": (2, A.pk, {"fighters_taken_out": 0, "credits_earned": 0}),
        "bob": (1, B.pk, {"fighters_taken_out": 1, "credits_earned": 0}),
    }
