"""GET matches/{id}/legal-actions/ says what to fill in a template, and the entry sent back
filled (its ``fill`` left in) is played."""

import pytest

from matches.models import Match
from rulesets.last_hope_frontier import RULESET
from tests.conftest import client_for
from tests.factories import UserFactory
from tests.matches.factories import start_live_match

pytestmark = pytest.mark.django_db


def _deployment(alice, bob) -> Match:
    """A dealt battle of the demo gangs, played past the initiative to the first set-up."""
    match = start_live_match(
        ruleset="last-hope-frontier",
        players=[alice.username, bob.username],
        options={},
        created_by=alice,
    )
    state = match.state
    while state["phase"] == "initiative":
        seat = RULESET.to_move(state)[0]
        state = RULESET.apply(state, seat, {"type": "spend_rabbits_feet", "count": 0}).state
    Match.objects.filter(pk=match.pk).update(state=state)
    return match


def test_a_template_lists_its_placeholders_and_a_concrete_entry_none(
    django_capture_on_commit_callbacks,
):
    alice, bob = UserFactory(), UserFactory()
    match = _deployment(alice, bob)
    state = Match.objects.get(pk=match.pk).state
    seat = state["active"]
    player = alice if match.participants.get(seat=seat).player == alice else bob
    client = client_for(player)

    actions = client.get(f"/api/v1/matches/{match.pk}/legal-actions/").json()["actions"]
    deploy = next(a for a in actions if a["type"] == "deploy")
    assert deploy["fill"]["to.x"] == {"type": "number", **deploy["to"]["x"]}
    assert deploy["fill"]["to.y"] == {"type": "number", **deploy["to"]["y"]}

    deploy["to"] = {axis: deploy["fill"][f"to.{axis}"]["min"] for axis in "xy"}
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/api/v1/matches/{match.pk}/actions/",
            deploy,
            format="json",
            HTTP_IDEMPOTENCY_KEY="deploy-1",
        )
    assert response.status_code == 202, response.content
    action = client.get(f"/api/v1/matches/{match.pk}/actions/{response.json()['id']}/").json()
    assert action["status"] == "resolved", action["reason"]


def test_entries_without_placeholders_carry_no_fill():
    alice, bob = UserFactory(), UserFactory()
    match = start_live_match(
        ruleset="le-dernier-peuple",
        players=[alice.username, bob.username],
        options={},
        created_by=alice,
    )
    for player in (alice, bob):
        body = client_for(player).get(f"/api/v1/matches/{match.pk}/legal-actions/").json()
        assert all("fill" not in a for a in body["actions"])
