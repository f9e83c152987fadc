"""Last Hope Frontier battles played live in a campaign: the server builds both gangs from the
rosters, referees every action, and hands the finished battle to the campaign as a report."""

import random

import pytest

from campaigns.models import Battle, LiveBattle
from matches.models import Match, MatchAction
from rosters import services as rosters
from rosters.models import Equipment, Fighter
from tests.rulesets.last_hope_frontier.test_live_support import concrete

pytestmark = pytest.mark.django_db


def start(world, user, a, b, **options):
    """``user`` starts the battle and the owners it still waits for accept it: dealt."""
    body = challenge(world, user, a, b, **options)
    for gang in (a, b):
        if gang.owner_id != user.pk:
            accepted = world.client(gang.owner).post(f"/api/v1/matches/{body['match']}/accept/")
            assert accepted.status_code == 200, accepted.json()
    assert Match.objects.get(pk=body["match"]).status == "live"
    return body


def challenge(world, user, a, b, **options):
    response = world.client(user).post(
        world.url("live-battles/"), {"gangs": [a.pk, b.pk], "options": options}, format="json"
    )
    assert response.status_code == 201, response.json()
    return response.json()


def test_a_live_battle_waits_for_both_owners(world, staff):
    a, b = world.gangs[:2]
    ann, bob = world.players[:2]
    body = challenge(world, ann, a, b)
    url = f"/api/v1/matches/{body['match']}/"
    match = Match.objects.get(pk=body["match"])
    assert match.status == "invited" and match.state == {}
    assert {p.player.username: p.consent for p in match.participants.all()} == {
        "ann": "accepted",
        "bob": "awaiting",
    }
    for client in (world.client(ann), world.client(bob)):
        assert client.get(url + "state/").status_code == 409
        assert client.get(url + "legal-actions/").status_code == 409
    # The arbitrator, staff, and the other players cannot accept for bob.
    for user in (world.arbitrator, staff, world.players[2]):
        assert world.client(user).post(url + "accept/").status_code == 403
    assert world.client(bob).post(url + "accept/").json()["status"] == "live"
    assert world.client(bob).get(url + "legal-actions/").status_code == 200

    # Started by staff, it waits for both owners; one decline cancels it.
    c, d = world.gangs[2:4]
    other = challenge(world, staff, c, d)
    other_url = f"/api/v1/matches/{other['match']}/"
    assert world.client(c.owner).post(other_url + "accept/").json()["status"] == "invited"
    declined = world.client(d.owner).post(other_url + "decline/")
    assert declined.status_code == 200 and declined.json()["status"] == "cancelled"
    assert world.client(c.owner).get(other_url + "state/").status_code == 409


def test_a_live_battle_seats_the_owners_with_their_gangs_from_the_rosters(world):
    a, b = world.gangs[:2]
    rosters.purchase_item(
        gang=a,
        item="whiskey",
        fighter_id=world.fighters[a.pk][0].pk,
        quantity=1,
        actor=world.players[0],
    )
    body = start(world, world.players[0], a, b, gangs={"s1": "forged"})
    match = Match.objects.get(pk=body["match"])
    seats = {p.seat: (p.player.username, p.gang_id) for p in match.participants.all()}
    assert seats == {"s1": ("ann", a.pk), "s2": ("bob", b.pk)}
    assert match.options["gangs"]["s1"]["gang_id"] == a.pk  # the client's "forged" gang is ignored
    leader = match.options["gangs"]["s1"]["fighters"][0]
    assert leader["equipment"] == ["whiskey"] and leader["stats"]["wounds"] == 8


def test_only_the_two_owners_or_staff_start_their_battle(world):
    a, b = world.gangs[:2]
    response = world.client(world.players[2]).post(
        world.url("live-battles/"), {"gangs": [a.pk, b.pk]}, format="json"
    )
    assert response.status_code == 403


def test_a_conceded_live_battle_becomes_a_report_to_confirm(world, run_on_commit):
    a, b = world.gangs[:2]
    ann, bob = world.players[:2]
    body = start(world, ann, a, b)
    response = run_on_commit(world.client(bob).post, f"/api/v1/matches/{body['match']}/resign/")
    assert response.status_code in (200, 202), response.json()
    live = LiveBattle.objects.get(pk=body["id"])
    assert live.match.status == "finished"
    battle = live.battle
    assert battle is not None and battle.source == "live" and battle.status == "reported"
    assert {s.gang_id: s.result for s in battle.sides.all()} == {a.pk: "win", b.pk: "loss"}

    confirmed = run_on_commit(world.client(ann).post, world.url(f"battles/{battle.pk}/confirm/"))
    assert confirmed.status_code == 200
    battle.refresh_from_db()
    assert battle.post_game_at is not None
    assert battle.match_id == live.match_id  # the live match is the battle's record


def test_a_battle_played_out_through_the_api_feeds_the_post_game(world, run_on_commit):
    """Both players take turns from legal-actions until the turn limit ends the battle."""
    a, b = world.gangs[:2]
    ann, bob = world.players[:2]
    for fighter in world.fighters[a.pk][:2]:
        rosters.purchase_item(gang=a, item="pistol", fighter_id=fighter.pk, quantity=1, actor=ann)
    rosters.purchase_item(
        gang=b, item="whiskey", fighter_id=world.fighters[b.pk][0].pk, quantity=1, actor=bob
    )
    body = start(world, ann, a, b, turn_limit=2)
    match_id = body["match"]
    clients = {"s1": world.client(ann), "s2": world.client(bob)}
    rnd = random.Random(7)
    for step in range(2500):
        match = Match.objects.get(pk=match_id)
        if match.status != "live":
            break
        seat = next(
            s
            for s, c in clients.items()
            if c.get(f"/api/v1/matches/{match_id}/legal-actions/").json()["actions"]
        )
        legal = clients[seat].get(f"/api/v1/matches/{match_id}/legal-actions/").json()["actions"]
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
        response = run_on_commit(
            clients[seat].post,
            f"/api/v1/matches/{match_id}/actions/",
            action,
            format="json",
            HTTP_IDEMPOTENCY_KEY=f"k{step}",
        )
        assert response.status_code == 202, response.json()
    else:
        pytest.fail("the battle did not end")

    assert not MatchAction.objects.filter(match_id=match_id, status="pending").exists()
    live = LiveBattle.objects.get(pk=body["id"])
    battle = live.battle
    assert battle is not None
    report_out = set(Match.objects.get(pk=match_id).state["out_of_action"])
    assert set(battle.casualties.values_list("fighter_id", flat=True)) == report_out
    events = clients["s1"].get(f"/api/v1/matches/{match_id}/events/?page_size=500").json()
    texts = [e["text"] for e in events.get("results", events)]
    assert texts[-1].startswith("The match is over")

    before = {f.pk: f.times_out_of_action for f in Fighter.objects.filter(pk__in=report_out)}
    run_on_commit(
        world.client(bob if battle.reported_by_id != bob.pk else ann).post,
        world.url(f"battles/{battle.pk}/confirm/"),
    )
    battle.refresh_from_db()
    assert battle.post_game_at is not None
    for fighter in Fighter.objects.filter(pk__in=report_out):
        assert fighter.times_out_of_action == before[fighter.pk] + 1
    for spent in battle.spent:
        assert Equipment.objects.filter(
            fighter_id=spent["fighter"], item__slug=spent["item"], disposal="used"
        ).exists()


def test_the_sweep_collects_a_finished_battle_whose_hand_off_was_lost(world, run_on_commit):
    from campaigns.tasks import collect_live_battles

    a, b = world.gangs[:2]
    body = start(world, world.players[0], a, b)
    world.client(world.players[1]).post(
        f"/api/v1/matches/{body['match']}/resign/"
    )  # no on_commit run
    from matches.services import resolve_pending_actions

    resolve_pending_actions(up_to=MatchAction.objects.get(match_id=body["match"]).pk)
    assert LiveBattle.objects.get(pk=body["id"]).battle is None
    assert collect_live_battles() == 1
    assert collect_live_battles() == 0
    assert Battle.objects.filter(source="live").count() == 1
