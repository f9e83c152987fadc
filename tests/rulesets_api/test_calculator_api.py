"""The Last Hope Frontier rules calculator over HTTP (the rules themselves are tested in
tests/rulesets/last_hope_frontier/)."""

import pytest

pytestmark = pytest.mark.django_db

SHOT = "/api/v1/rulesets/last-hope-frontier/shot/"
EXAMPLE_1 = {
    "attacker": {"shoot": 3, "faction": "sheriffs", "weapon": "pistol"},
    "defender": {"defence": 1, "toughness": 1, "faction": "outlawmen", "clothing": None},
    "attack_card": "JS",
    "defence_card": "7D",
}


def test_the_seeds_first_example_through_the_api(api):
    body = api.post(SHOT, EXAMPLE_1, format="json").json()
    assert {
        k: body[k] for k in ("attack_total", "defence_total", "hit", "difference", "wounds")
    } == {
        "attack_total": 15,
        "defence_total": 8,
        "hit": True,
        "difference": 7,
        "wounds": 2,
    }
    assert body["steps"][0] == "Shot value 3 + Jack of Spades 11 = 14."


def test_example_three_follows_the_rule_text_not_the_example(api):
    """Example 3 says 4 wounds, but a difference of 6 is 2 damage by the rule: 5 wounds."""
    body = api.post(
        SHOT,
        {
            "attacker": {"role": "leader", "faction": "townsfolk", "weapon": "shotgun"},
            "defender": {"role": "ganger", "faction": "bootleggers", "clothing": None},
            "attack_card": "AH",
            "defence_card": "JC",
        },
        format="json",
    ).json()
    assert (body["attack_total"], body["defence_total"], body["wounds"]) == (19, 13, 5)


@pytest.mark.parametrize(
    "change,field",
    [
        ({"attack_card": "1S"}, "attack_card"),
        ({"defence_card": None}, "defence_card"),
        ({"attacker": {"shoot": 3, "faction": "cowboys", "weapon": "pistol"}}, "attacker.faction"),
        ({"attacker": {"shoot": 3, "faction": "sheriffs", "weapon": "laser"}}, "attacker.weapon"),
        (
            {
                "defender": {
                    "defence": 1,
                    "toughness": 1,
                    "faction": "outlawmen",
                    "clothing": "silk",
                }
            },
            "defender.clothing",
        ),
        (
            {"attacker": {"role": "mayor", "faction": "sheriffs", "weapon": "pistol"}},
            "attacker.role",
        ),
        ({"attacker": {"shoot": "x", "faction": "sheriffs", "weapon": "pistol"}}, "attacker.shoot"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(api, change, field):
    response = api.post(SHOT, {**EXAMPLE_1, **change}, format="json")
    assert response.status_code == 400
    assert field in response.json()["errors"], response.json()


def test_a_missing_field_is_named(api):
    payload = dict(EXAMPLE_1)
    del payload["defender"]
    response = api.post(SHOT, payload, format="json")
    assert response.status_code == 400
    assert "defender" in response.json()["errors"]


def test_a_non_object_body_is_a_400(api):
    assert api.post(SHOT, [1, 2], format="json").status_code == 400


def test_the_flip_table(api):
    body = api.post(
        "/api/v1/rulesets/last-hope-frontier/flip/", {"card": "7H"}, format="json"
    ).json()
    assert body["options"] == ["strength", "toughness"]
    assert (
        api.post(
            "/api/v1/rulesets/last-hope-frontier/flip/", {"card": "8X"}, format="json"
        ).status_code
        == 400
    )


def test_combat_in_base_contact(api):
    response = api.post(
        "/api/v1/rulesets/last-hope-frontier/combat/",
        {
            "attacker": {"role": "ganger", "faction": "outlawmen", "weapon": "machete"},
            "defender": {"role": "ganger", "faction": "sheriffs", "clothing": None},
            "attack_card": "10D",
            "defence_card": "2S",
        },
        format="json",
    )
    assert response.status_code == 200, response.json()
    assert response.json()["hit"] is True


def test_rulesets_list_and_detail(api):
    listed = {r["slug"]: r for r in api.get("/api/v1/rulesets/").json()}
    assert set(listed) == {
        "last-hope-frontier",
        "le-dernier-peuple",
        "battle-royale",
        "last-one-standing",
    }
    detail = api.get("/api/v1/rulesets/last-hope-frontier/").json()
    assert (detail["min_players"], detail["max_players"], detail["live"]) == (2, 2, True)
    assert api.get("/api/v1/rulesets/chess/").status_code == 404


def test_an_out_of_range_distance_is_a_400_saying_what_the_weapon_accepts(api):
    """'Shotgun - range 1 - 2': beyond 3.5 inches and up to 7 (docs, "Range bands")."""
    shotgun = {**EXAMPLE_1, "attacker": {**EXAMPLE_1["attacker"], "weapon": "shotgun"}}
    assert api.post(SHOT, {**shotgun, "distance": 5}, format="json").status_code == 200
    response = api.post(SHOT, {**shotgun, "distance": 2}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"]["distance"] == [
        "The shotgun shoots beyond 3.5 inches and up to 7 inches (edge to edge, range 1 to 2 "
        "card lengths); 2 inches is out of range."
    ]
