"""The battle session's first steps (issue #34): a battle scheduled (two gangs, the round, a
date), set up at pre-battle (the mission drawn or picked, attacker and defender, the crews),
then played on the live table or reported from a real one; both sides and the arbitrator see
the same steps."""

import pytest

from campaigns import sessions
from campaigns.models import LiveBattle, Mission, ScheduledBattle
from matches.models import Match

pytestmark = pytest.mark.django_db


def _schedule(world, user, a, b, **extra):
    return world.client(user).post(
        world.url("scheduled-battles/"), {"gangs": [a.pk, b.pk], **extra}, format="json"
    )


def _prepare(world, user, sid, **body):
    return world.client(user).post(
        world.url(f"scheduled-battles/{sid}/pre-battle/"), body, format="json"
    )


def _draws(world):
    response = world.client(world.arbitrator).patch(
        world.url(), {"mission_choice": "random"}, format="json"
    )
    assert response.status_code == 200, response.json()


def test_an_owner_schedules_a_battle_with_a_date_and_both_sides_see_it(world):
    a, b = world.gangs[:2]
    ann, bob = world.players[:2]
    made = _schedule(world, ann, a, b, play_on="2026-12-24")
    assert made.status_code == 201, made.json()
    body = made.json()
    assert body["gangs"] == [a.pk, b.pk] and body["round"] == 1
    assert body["play_on"] == "2026-12-24" and body["step"] == "scheduled"
    seen = world.client(bob).get(world.url(f"scheduled-battles/{body['id']}/")).json()
    assert seen == body
    assert world.client(world.arbitrator).get(world.url("scheduled-battles/")).json() == [body]


def test_only_the_two_owners_or_an_arbitrator_schedule_and_set_up(world):
    a, b = world.gangs[:2]
    cal = world.players[2]
    assert _schedule(world, cal, a, b).status_code == 403
    sid = _schedule(world, world.arbitrator, a, b).json()["id"]
    refused = _prepare(world, cal, sid)
    assert refused.status_code == 403
    assert "schedule" in refused.json()["detail"]


def test_the_pre_battle_draws_the_mission_and_names_attacker_and_defender(world):
    _draws(world)
    a, b = world.gangs[:2]
    bob = world.players[1]
    sid = _schedule(world, bob, a, b).json()["id"]
    body = _prepare(world, bob, sid, attacker=b.pk).json()
    assert body["step"] == "pre-battle"
    assert body["attacker"] == b.pk and body["defender"] == a.pk
    assert Mission.objects.filter(key=body["mission"]).exists()
    refused = _prepare(world, bob, sid, mission="water-rights")
    assert refused.status_code == 403  # a random draw: nobody picks
    wrong = _prepare(world, bob, sid, attacker=world.gangs[2].pk)
    assert wrong.status_code == 400 and "attacker" in wrong.json()["errors"]


def test_the_crews_are_the_gangs_own_fighters_able_to_fight(world):
    a, b = world.gangs[:2]
    sid = _schedule(world, world.arbitrator, a, b).json()["id"]
    other = world.fighters[b.pk][0].pk
    wrong = _prepare(world, world.arbitrator, sid, crews={str(a.pk): [other]})
    assert wrong.status_code == 400 and f"crews.{a.pk}" in wrong.json()["errors"]
    picked = [f.pk for f in world.fighters[a.pk][:2]]
    body = _prepare(world, world.arbitrator, sid, crews={str(a.pk): picked}).json()
    assert body["crews"] == {str(a.pk): picked}


def test_a_scheduled_battle_is_played_live_with_its_mission_and_crews(world, run_on_commit):
    _draws(world)
    a, b = world.gangs[:2]
    ann, bob = world.players[:2]
    sid = _schedule(world, ann, a, b).json()["id"]
    picked = [f.pk for f in world.fighters[b.pk][:2]]
    # Bob names his own gang's crew (a player picks only his own; tests/campaigns/
    # test_session_pages.py has the consent).
    prepared = _prepare(world, bob, sid, attacker=b.pk, crews={str(b.pk): picked}).json()
    early = world.client(ann).post(world.url("live-battles/"), {}, format="json")
    assert early.status_code == 400 and "gangs" in early.json()["errors"]
    made = world.client(ann).post(world.url("live-battles/"), {"scheduled": sid}, format="json")
    assert made.status_code == 201, made.json()
    assert made.json()["mission"] == prepared["mission"]
    again = world.client(ann).post(world.url("live-battles/"), {"scheduled": sid}, format="json")
    assert again.status_code == 400 and "scheduled" in again.json()["errors"]
    match = Match.objects.get(pk=made.json()["match"])
    assert {p.seat: p.gang_id for p in match.participants.all()} == {"s1": b.pk, "s2": a.pk}
    world.client(ann).post(f"/api/v1/matches/{match.pk}/accept/")
    assert world.client(bob).post(f"/api/v1/matches/{match.pk}/accept/").status_code == 200
    match.refresh_from_db()
    seated = [f["id"] for f in match.state["fighters"].values() if f["seat"] == "s1"]
    assert sorted(seated) == sorted(picked)
    row = ScheduledBattle.objects.get(pk=sid)
    assert sessions.scheduled_step(row) == "played"
    run_on_commit(world.client(bob).post, f"/api/v1/matches/{match.pk}/resign/")
    live = LiveBattle.objects.get(pk=made.json()["id"])
    assert live.battle is not None and live.battle.mission_id == row.mission_id
    shown = world.client(bob).get(world.url(f"scheduled-battles/{sid}/")).json()
    assert shown["step"] == "post-battle"


def test_a_scheduled_battle_is_reported_from_a_real_table(world):
    a, b = world.gangs[:2]
    sid = _schedule(world, world.arbitrator, a, b).json()["id"]
    early = world.client(world.players[0]).post(
        world.url("battles/"), {"scheduled": sid, "winner": a.pk}, format="json"
    )
    assert early.status_code == 400 and "scheduled" in early.json()["errors"]
    _prepare(world, world.arbitrator, sid, mission="strongbox-scramble")
    made = world.client(world.players[0]).post(
        world.url("battles/"),
        {"scheduled": sid, "winner": a.pk, "loot": {str(a.pk): ["box-1"]}},
        format="json",
    )
    assert made.status_code == 201, made.json()
    assert made.json()["mission"] == "strongbox-scramble"
    row = ScheduledBattle.objects.get(pk=sid)
    assert row.battle_id == made.json()["id"] and sessions.scheduled_step(row) == "post-battle"


def test_the_campaign_page_and_the_dashboard_show_where_each_battle_stands(world, client):
    from django.test import Client

    a, b = world.gangs[:2]
    sid = _schedule(world, world.players[0], a, b, play_on="2026-12-24").json()["id"]
    _prepare(world, world.arbitrator, sid, attacker=b.pk, mission="water-rights")
    for user in (world.players[0], world.players[1]):
        site = Client()
        site.force_login(user)
        page = site.get(f"/campaigns/{world.campaign.pk}/").content.decode()
        assert f'id="scheduled-{sid}"' in page
        assert '<li aria-current="step" class="current">pre-battle</li>' in page
    site = Client()
    site.force_login(world.arbitrator)
    admin = site.get(f"/admin/campaigns/campaign/{world.campaign.pk}/change/")
    assert admin.status_code == 200
    text = admin.content.decode()
    assert "ann&#x27;s gang against bob&#x27;s gang, round 1 (24 Dec 2026)" in text
    assert "<strong>pre-battle</strong>" in text


def test_a_mission_that_limits_the_crew_needs_the_fighters_picked(world, staff):
    from campaigns import services

    mission = Mission.objects.get(key="water-rights")
    data = {**mission.data, "max_crew": 2}
    services.save_mission(mission=mission, data=data, active=True, actor=staff)
    assert Mission.objects.get(pk=mission.pk).data["max_crew"] == 2
    a, b = world.gangs[:2]
    sid = _schedule(world, world.arbitrator, a, b).json()["id"]
    body = {"mission": "water-rights"}
    assert _prepare(world, world.arbitrator, sid, **body).status_code == 200
    missing = world.client(world.players[0]).post(
        world.url("live-battles/"), {"scheduled": sid}, format="json"
    )
    assert missing.status_code == 400 and f"crews.{a.pk}" in missing.json()["errors"]
    crews = {str(g.pk): [f.pk for f in world.fighters[g.pk][:3]] for g in (a, b)}
    too_many = _prepare(world, world.arbitrator, sid, crews=crews, **body)
    assert too_many.status_code == 400 and "at most 2" in too_many.json()["detail"]
    crews = {str(g.pk): [f.pk for f in world.fighters[g.pk][:2]] for g in (a, b)}
    assert _prepare(world, world.arbitrator, sid, crews=crews, **body).status_code == 200
    theirs = {str(b.pk): crews[str(b.pk)]}
    refused = _prepare(world, world.players[0], sid, crews=theirs)
    assert refused.status_code == 403 and "crew" in refused.json()["detail"]


def test_a_declined_live_battle_goes_back_to_its_pre_battle_and_is_played_again(world):
    a, b = world.gangs[:2]
    ann, bob = world.players[:2]
    sid = _schedule(world, ann, a, b).json()["id"]
    _prepare(world, ann, sid)
    first = world.client(ann).post(world.url("live-battles/"), {"scheduled": sid}, format="json")
    declined = world.client(bob).post(f"/api/v1/matches/{first.json()['match']}/decline/")
    assert declined.status_code == 200, declined.json()
    row = world.client(bob).get(world.url(f"scheduled-battles/{sid}/")).json()
    assert row["step"] == "pre-battle"
    again = world.client(ann).post(world.url("live-battles/"), {"scheduled": sid}, format="json")
    assert again.status_code == 201, again.json()
    assert ScheduledBattle.objects.get(pk=sid).live_id == again.json()["id"]


def test_the_campaign_page_buttons_schedule_set_up_and_refuse_strangers(world):
    from django.test import Client

    a, b = world.gangs[:2]
    ann, cal = world.players[0], world.players[2]
    site = Client()
    site.force_login(ann)
    url = f"/campaigns/{world.campaign.pk}/"
    bad = site.post(url + "schedule/", {"gangs": [a.pk, b.pk], "play_on": "soon"}, follow=True)
    assert "Give the date as a day of the calendar." in bad.content.decode()
    assert not ScheduledBattle.objects.exists()
    site.post(url + "schedule/", {"gangs": [a.pk, b.pk], "play_on": "2026-12-24"})
    row = ScheduledBattle.objects.get()
    assert str(row.play_on) == "2026-12-24"
    stranger = Client()
    stranger.force_login(cal)
    assert stranger.post(url + f"scheduled/{row.pk}/pre-battle/").status_code == 403
    site.post(url + f"scheduled/{row.pk}/pre-battle/", {"attacker": b.pk})
    row.refresh_from_db()
    assert row.attacker_id == b.pk and row.prepared_at is not None
    assert site.post(url + f"scheduled/{row.pk}/nothing/").status_code == 404


def test_a_player_setting_up_again_keeps_the_mission_the_arbitrator_picked(world):
    """Only who may pick the mission changes or clears it: a player naming the attacker again
    keeps the arbitrator's mission (the default campaign: the arbitrator picks)."""
    a, b = world.gangs[:2]
    ann = world.players[0]
    sid = _schedule(world, ann, a, b).json()["id"]
    picked = _prepare(world, world.arbitrator, sid, mission="water-rights")
    assert picked.status_code == 200 and picked.json()["mission"] == "water-rights"
    again = _prepare(world, ann, sid, attacker=b.pk)
    assert again.status_code == 200, again.json()
    assert again.json()["mission"] == "water-rights" and again.json()["attacker"] == b.pk
    cleared = _prepare(world, ann, sid, mission="")
    assert cleared.status_code == 403  # clearing it is picking "none"
    assert ScheduledBattle.objects.get(pk=sid).mission.key == "water-rights"
    assert _prepare(world, world.arbitrator, sid, mission="").json()["mission"] is None
