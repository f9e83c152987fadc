"""The battle session on the campaign page (issue #34): a battle set up at its pre-battle is
reported from the table with the report form, its gangs and mission filled in and its
scheduled row carried, through the same service as the API's ``{"scheduled": id}``; each
side picks its own crew where the mission limits it (the arbitrator may step in)."""

import pytest
from django.test import Client
from django.utils import translation

from campaigns import log_lines, services, sessions
from campaigns.models import Mission, ScheduledBattle

pytestmark = pytest.mark.django_db


def _site(user) -> Client:
    site = Client()
    site.force_login(user)
    return site


def _set_up(world, mission="strongbox-scramble", **extra) -> ScheduledBattle:
    a, b = world.gangs[:2]
    row = services.schedule_battle(
        campaign=world.campaign, actor=world.players[0], gangs=[a.pk, b.pk]
    )
    return services.prepare_battle(scheduled=row, actor=world.arbitrator, mission=mission, **extra)


def _page(world, user) -> str:
    return _site(user).get(f"/campaigns/{world.campaign.pk}/").content.decode()


def _report_url(world, row) -> str:
    return f"/campaigns/{world.campaign.pk}/scheduled/{row.pk}/report/"


def test_a_battle_set_up_is_reported_from_the_table_and_its_session_moves_on(world):
    a, b = world.gangs[:2]
    ann = world.players[0]
    row = _set_up(world)
    assert f'href="{_report_url(world, row)}"' in _page(world, ann)
    form = _site(ann).get(_report_url(world, row))
    text = form.content.decode()
    assert form.status_code == 200
    assert "Strongbox Scramble" in text and f'name="loot.{a.pk}"' in text
    assert " Gold nugget</label>" in text and "gold-nugget</label>" not in text  # not slugs
    assert a.name.replace("'", "&#x27;") in text and b.name.replace("'", "&#x27;") in text
    sent = _site(ann).post(_report_url(world, row), {"winner": a.pk, f"loot.{a.pk}": ["box-1"]})
    assert sent.status_code == 302, sent.content.decode()[:2000]
    row.refresh_from_db()
    assert row.battle is not None and row.battle.mission.key == "strongbox-scramble"
    assert sessions.scheduled_step(row) == "post-battle"
    assert '<li aria-current="step" class="current">post-battle</li>' in _page(world, ann)
    again = _site(ann).get(_report_url(world, row), follow=True).content.decode()
    assert "This battle is being played or was played." in again


def test_a_bad_report_from_the_table_names_its_field_and_writes_nothing(world):
    a, b = world.gangs[:2]
    row = _set_up(world)
    site = _site(world.players[1])
    empty = site.post(_report_url(world, row), {})
    assert empty.status_code == 400 and 'id="id_winner' in empty.content.decode()
    assert "This field is required." in empty.content.decode()
    wrong = site.post(_report_url(world, row), {"winner": a.pk, f"loot.{b.pk}": ["nope"]})
    assert wrong.status_code == 400 and "nope is not one of the available" in wrong.content.decode()
    twice = site.post(
        _report_url(world, row),
        {"winner": a.pk, f"loot.{a.pk}": ["box-1"], f"loot.{b.pk}": ["box-1"]},
    )
    assert twice.status_code == 400 and 'role="alert"' in twice.content.decode()
    row.refresh_from_db()
    assert row.battle_id is None


def test_only_the_two_sides_or_an_arbitrator_report_a_scheduled_battle(world):
    row = _set_up(world)
    assert _site(world.players[2]).get(_report_url(world, row)).status_code == 403
    refused = _site(world.players[2]).post(_report_url(world, row), {"winner": ""})
    assert refused.status_code == 403
    other = f"/campaigns/{world.campaign.pk + 1}/scheduled/{row.pk}/report/"
    assert _site(world.players[0]).get(other).status_code == 404
    assert _site(world.arbitrator).get(_report_url(world, row)).status_code == 200


def test_a_battle_not_yet_set_up_is_not_reported_from_the_table(world):
    a, b = world.gangs[:2]
    row = services.schedule_battle(
        campaign=world.campaign, actor=world.players[0], gangs=[a.pk, b.pk]
    )
    assert _report_url(world, row) not in _page(world, world.players[0])
    page = _site(world.players[0]).get(_report_url(world, row), follow=True).content.decode()
    assert "Set the battle up first (its pre-battle)." in page


def test_the_schedule_form_has_its_own_heading(world):
    page = _page(world, world.players[0])
    heading = page.index('<h3 id="schedule-title">')
    assert heading < page.index('id="schedule-mine"')
    assert 'aria-labelledby="schedule-title"' in page


def _limit_crew(staff, key="water-rights", crew=2):
    mission = Mission.objects.get(key=key)
    services.save_mission(
        mission=mission, data={**mission.data, "max_crew": crew}, active=True, actor=staff
    )


def _crew_url(world, row) -> str:
    return f"/campaigns/{world.campaign.pk}/scheduled/{row.pk}/crew/"


def test_each_side_picks_its_own_crew_on_the_page(world, staff):
    _limit_crew(staff)
    a, b = world.gangs[:2]
    ann, bob = world.players[:2]
    row = _set_up(world, mission="water-rights")
    page = _page(world, ann)
    assert f'name="fighters" value="{world.fighters[a.pk][0].pk}"' in page
    assert f'name="fighters" value="{world.fighters[b.pk][0].pk}"' not in page
    mine = [f.pk for f in world.fighters[a.pk][:2]]
    _site(ann).post(_crew_url(world, row), {"gang": a.pk, "fighters": mine})
    theirs = [f.pk for f in world.fighters[b.pk][:2]]
    refused = _site(ann).post(_crew_url(world, row), {"gang": b.pk, "fighters": theirs})
    assert refused.status_code == 403
    too_many = [f.pk for f in world.fighters[b.pk][:3]]
    over = _site(bob).post(_crew_url(world, row), {"gang": b.pk, "fighters": too_many}, follow=True)
    assert "This mission takes at most 2 fighters." in over.content.decode()
    _site(bob).post(_crew_url(world, row), {"gang": b.pk, "fighters": theirs})
    row.refresh_from_db()
    assert row.crews == {str(a.pk): mine, str(b.pk): theirs}
    judge = [f.pk for f in world.fighters[b.pk][1:3]]
    _site(world.arbitrator).post(_crew_url(world, row), {"gang": b.pk, "fighters": judge})
    row.refresh_from_db()
    assert row.crews == {str(a.pk): mine, str(b.pk): judge}
    said = world.campaign.log.filter(code="crew_picked").last()
    assert said.text == "judge picked who fights for bob's gang in the battle of round 1."
    with translation.override("fr"):
        assert log_lines.line(said).startswith("judge a choisi qui se bat pour bob's gang")


def test_a_limited_crew_must_be_picked_before_the_battle_is_played(world, staff):
    _limit_crew(staff)
    a, b = world.gangs[:2]
    row = _set_up(world, mission="water-rights")
    assert row.prepared_at is not None and row.crews == {}
    with pytest.raises(Exception) as refused:
        services.play_scheduled_live(scheduled=row, actor=world.players[0])
    assert getattr(refused.value, "field", "") == f"crews.{a.pk}"
    services.pick_crew(
        scheduled=row,
        actor=world.players[0],
        gang=a.pk,
        fighters=[f.pk for f in world.fighters[a.pk][:2]],
    )
    with pytest.raises(Exception) as still:
        services.play_scheduled_live(scheduled=row, actor=world.players[0])
    assert getattr(still.value, "field", "") == f"crews.{b.pk}"


def test_a_player_sets_up_the_battle_but_names_only_his_own_crew(world):
    a, b = world.gangs[:2]
    ann = world.players[0]
    row = services.schedule_battle(campaign=world.campaign, actor=ann, gangs=[a.pk, b.pk])
    theirs = {str(b.pk): [world.fighters[b.pk][0].pk]}
    with pytest.raises(Exception) as refused:
        services.prepare_battle(scheduled=row, actor=ann, crews=theirs)
    assert getattr(refused.value, "status_code", None) == 403
    mine = {str(a.pk): [world.fighters[a.pk][0].pk]}
    assert services.prepare_battle(scheduled=row, actor=ann, crews=mine).crews == mine


def _queries(site, url) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        assert site.get(url).status_code == 200
    return len(queries)


def test_the_page_with_crews_to_pick_costs_the_same_for_more_battles(world, staff):
    """One query for every crew's fighters; who may pick is asked once per gang."""
    _limit_crew(staff)
    services.update_campaign(
        campaign=world.campaign, actor=world.arbitrator, max_battles_per_pairing=5
    )
    url = f"/campaigns/{world.campaign.pk}/"
    sites = {user: _site(user) for user in (world.arbitrator, world.players[0])}

    def more(pairs):
        for a, b in pairs:
            row = services.schedule_battle(
                campaign=world.campaign, actor=world.arbitrator, gangs=[a.pk, b.pk]
            )
            services.prepare_battle(scheduled=row, actor=world.arbitrator, mission="water-rights")

    g = world.gangs
    more([(g[0], g[1])])
    before = {user: _queries(site, url) for user, site in sites.items()}
    more([(g[0], g[1])] * 4)  # the arbitrator's question is asked once per gang, not battle
    after = {user: _queries(site, url) for user, site in sites.items()}
    assert after == before
