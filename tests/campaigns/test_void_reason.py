"""Voiding takes an optional reason, in a campaign as in a league (docs/api.md); a dispute
still says what is wrong."""

import pytest

from campaigns.models import LogEntry

pytestmark = pytest.mark.django_db


def _report(world):
    a, b = world.gangs[:2]
    response = world.client(world.players[0]).post(
        world.url("battles/"), {"gangs": [a.pk, b.pk], "winner": a.pk}, format="json"
    )
    assert response.status_code == 201, response.content
    return response.json()["id"]


def test_an_arbitrator_voids_a_report_without_a_reason(world):
    battle = _report(world)
    response = world.client(world.arbitrator).post(world.url(f"battles/{battle}/void/"))
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "void"
    line = LogEntry.objects.filter(battle_id=battle).latest("pk").text
    number = response.json()["number"]  # battles are numbered within their campaign
    assert line == f"{world.arbitrator.username} voided battle {number}."


def test_a_reason_given_is_kept_in_the_log(world):
    battle = _report(world)
    world.client(world.arbitrator).post(
        world.url(f"battles/{battle}/void/"), {"reason": "Never played"}, format="json"
    )
    assert LogEntry.objects.filter(battle_id=battle).latest("pk").text.endswith(": Never played")


def test_a_dispute_without_a_reason_is_refused_naming_it(world):
    battle = _report(world)
    response = world.client(world.players[1]).post(
        world.url(f"battles/{battle}/dispute/"), {}, format="json"
    )
    assert response.status_code == 400
    assert "reason" in response.json()["errors"]
