"""House rules over the API (issue 33): listed per game, chosen in a match's options,
validated like any setting, recorded and shown with the match."""

import pytest

from rulesets.registry import all_rulesets
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_every_ruleset_lists_its_house_rules_off_by_default(client):
    for ruleset in all_rulesets():
        body = client.get(f"/api/v1/rulesets/{ruleset.slug}/").json()
        assert body["house_rules"] == [
            {"key": r.key, "name": r.name, "description": r.description, "default": False}
            for r in ruleset.house_rules
        ]
    keys = {
        r["key"] for r in client.get("/api/v1/rulesets/last-one-standing/").json()["house_rules"]
    }
    assert keys == {"melee_unloaded", "discard_at_once", "storm", "unequip_anywhere"}
    keys = {r["key"] for r in client.get("/api/v1/rulesets/battle-royale/").json()["house_rules"]}
    assert keys == {"own_warriors_eliminated", "eliminator_must_move"}


def _create(as_user, user, house_rules, ruleset="last-one-standing"):
    body = {
        "ruleset": ruleset,
        "live": True,
        "players": [user.username, UserFactory().username],
        "options": {"house_rules": house_rules},
    }
    return as_user.post("/api/v1/matches/", body, format="json")


@pytest.mark.parametrize(
    ("house_rules", "field"),
    [
        ({"stat_caps": True}, "options.house_rules.stat_caps"),
        ({"storm": "yes"}, "options.house_rules.storm"),
        ({"storm": 1}, "options.house_rules.storm"),
        (["storm"], "options.house_rules"),
    ],
)
def test_an_unknown_house_rule_or_a_wrong_type_is_a_400_naming_it(
    as_user, user, house_rules, field
):
    response = _create(as_user, user, house_rules)
    assert response.status_code == 400, response.content
    assert field in response.json()["errors"]


def test_a_match_records_and_shows_the_house_rules_it_is_played_with(as_user, user):
    response = _create(as_user, user, {"storm": True, "melee_unloaded": False})
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["options"]["house_rules"] == {"storm": True, "melee_unloaded": False}
    assert [r["key"] for r in body["house_rules"]] == ["storm"]
    assert body["house_rules"][0]["name"] == "the storm"
    again = as_user.get(f"/api/v1/matches/{body['id']}/").json()
    assert again["house_rules"] == body["house_rules"]
