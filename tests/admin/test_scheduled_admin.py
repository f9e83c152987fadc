"""Scheduled battles in the admin (issue #34): the list says where each stands; "Add"
schedules and the change form sets it up, through the services the API and the campaign page
call, so the admin refuses what they refuse, next to the field, and writes nothing."""

import re
from html import unescape

import pytest

from campaigns import services
from campaigns.models import LogEntry, ScheduledBattle

pytestmark = pytest.mark.django_db

LIST = "/admin/campaigns/scheduledbattle/"


def _errors(html: str) -> list[str]:
    return [
        unescape(e) for e in re.findall(r'<ul class="errorlist[^"]*"[^>]*><li>(.*?)</li>', html)
    ]


def _change(row) -> str:
    return f"{LIST}{row.pk}/change/"


def test_the_list_shows_campaign_round_gangs_date_and_step(world, signed_in):
    page = signed_in(world.users["organiser"]).get(LIST).content.decode()
    assert "Deadwood Summer" in page and "Dalton gang against Earp gang" in page
    assert "scheduled" in page and "Tombstone Winter" not in page


def test_an_organiser_schedules_and_sets_up_through_the_services(world, signed_in):
    mine = world.mine
    client = signed_in(world.users["organiser"])
    body = {
        "campaign": mine["campaign"].pk,
        "first_gang": mine["gang_b"].pk,
        "second_gang": mine["gang"].pk,
        "play_on": "2026-12-24",
        "_save": "Save",
    }
    added = client.post(f"{LIST}add/", body)
    assert added.status_code == 302, _errors(added.content.decode())
    row = ScheduledBattle.objects.filter(campaign=mine["campaign"]).latest("id")
    assert (row.first_gang, str(row.play_on)) == (mine["gang_b"], "2026-12-24")
    assert LogEntry.objects.filter(campaign=mine["campaign"], text__contains="scheduled").exists()
    set_up = client.post(_change(row), {"attacker": mine["gang"].pk, "_save": "Save"})
    assert set_up.status_code == 302, _errors(set_up.content.decode())
    row.refresh_from_db()
    assert row.attacker == mine["gang"] and row.prepared_at is not None


def test_bad_input_is_refused_next_to_its_field_and_writes_nothing(world, signed_in):
    mine, theirs = world.mine, world.theirs
    client = signed_in(world.users["organiser"])
    before = ScheduledBattle.objects.count()
    elsewhere = {
        "campaign": theirs["campaign"].pk,
        "first_gang": theirs["gang"].pk,
        "second_gang": mine["gang"].pk,
        "_save": "Save",
    }
    refused = client.post(f"{LIST}add/", elsewhere)
    assert refused.status_code == 200
    assert any("Select a valid choice" in e for e in _errors(refused.content.decode()))
    same = {**elsewhere, "campaign": mine["campaign"].pk, "first_gang": mine["gang"].pk}
    twice = client.post(f"{LIST}add/", same)
    assert twice.status_code == 200 and _errors(twice.content.decode())
    assert ScheduledBattle.objects.count() == before
    row = mine["scheduledbattle"]
    outsider = client.post(_change(row), {"attacker": theirs["gang"].pk, "_save": "Save"})
    assert any("Select a valid choice" in e for e in _errors(outsider.content.decode()))
    services.update_campaign(
        campaign=mine["campaign"], actor=world.users["organiser"], mission_choice="random"
    )
    picked = client.post(_change(row), {"mission": "water-rights", "_save": "Save"})
    assert picked.status_code == 200
    assert "drawn at random: leave it out" in " ".join(_errors(picked.content.decode()))
    nonsense = client.post(_change(row), {"mission": "no-such-mission", "_save": "Save"})
    assert nonsense.status_code == 200 and _errors(nonsense.content.decode())
    row.refresh_from_db()
    assert row.prepared_at is None and row.mission is None


def test_the_stranger_neither_sees_nor_changes_anothers_rows(world, signed_in):
    row = world.mine["scheduledbattle"]
    client = signed_in(world.users["stranger"])
    assert "Dalton gang" not in client.get(LIST).content.decode()
    client.post(_change(row), {"attacker": world.mine["gang_b"].pk, "_save": "Save"})
    row.refresh_from_db()
    assert row.prepared_at is None
