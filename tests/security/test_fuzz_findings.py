"""What the schemathesis run (tests/fuzz/) found, pinned as fast tests of the normal suite: the
fuzzer only runs in .ci/run, these run in every ``make test``."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import DataError

from tests.security.world import build_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    return build_world()


@pytest.fixture
def schema(api):
    return api.get("/api/schema/?format=json").json()


def as_owner(api, world):
    api.credentials(HTTP_AUTHORIZATION=world.headers("owner")["Authorization"])
    return api


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/gangs/null/",  # was a ValueError: 500
        "/api/v1/gangs/false/ledger/",
        "/api/v1/fighters/1e3/flips/",
        "/api/v1/campaigns/null/members/",
        "/api/v1/gangs/1234567890123456789/",  # 19 digits: was an OverflowError on SQLite
        "/api/v1/campaigns/56340532117840483206898740774305792/rounds/128/close/",
        "/api/v1/matches/99999999999999999999/state/",
        "/api/v1/campaigns/1/battles/99999999999999999999/confirm/",
    ],
)
def test_an_id_that_is_not_an_id_is_a_404(api, world, path):
    api = as_owner(api, world)
    response = api.post(path) if path.endswith(("close/", "confirm/")) else api.get(path)
    assert response.status_code == 404, response.content
    assert set(response.json()) == {"detail", "errors"}


def test_a_value_the_database_refuses_is_a_400_not_a_500(api, world):
    refused = DataError("PostgreSQL text fields cannot contain NUL (0x00) bytes")
    with mock.patch("rosters.selectors.gang_list_first_page", side_effect=refused):
        response = as_owner(api, world).get("/api/v1/gangs/")
    assert response.status_code == 400
    assert "NUL" in response.json()["detail"]


def test_a_nul_character_in_input_is_a_400_on_every_database(api, world):
    response = as_owner(api, world).post(
        f"/api/v1/gangs/{world.ids['gang']}/purchases/",
        {"item": "pis\x00tol", "fighter": None},
        format="json",
    )
    assert response.status_code == 400, response.content


def test_a_campaign_whose_win_is_worth_less_than_a_draw_is_a_400(api, world):
    response = as_owner(api, world).post(
        "/api/v1/campaigns/", {"name": "Upside down", "points_win": 0, "points_draw": 1}
    )
    assert response.status_code == 400, response.content  # was the CheckConstraint: a 500
    assert "points_win" in response.json()["errors"]


def test_a_decision_in_a_path_is_one_of_its_words(schema):
    paths = schema["paths"]
    for path, words in [
        ("/api/v1/campaigns/{id}/battles/{battle_id}/{decision}/", "confirm|dispute|void|withdraw"),
        (
            "/api/v1/campaigns/{id}/members/{membership_id}/{decision}/",
            "accept|decline|approve|reject|leave",
        ),
    ]:
        (decision,) = [p for p in paths[path]["post"]["parameters"] if p["name"] == "decision"]
        # Was ^confirm|dispute|void$: "confirmed" matched the documented pattern. Now the
        # words themselves, an enum (generated clients offer them).
        assert sorted(decision["schema"]["enum"]) == sorted(words.split("|"))


@pytest.mark.parametrize(
    "component,field",
    [
        ("User", "email"),  # blank when registering without one: not format "email"
        ("LedgerEntry", "actor"),
        ("GangEvent", "actor"),
        ("FlipDraw", "outcome"),
        ("FlipDraw", "stat"),
        ("Battle", "reported_by"),
        ("Battle", "confirmed_by"),
        ("LogEntry", "actor"),
        ("Round", "close_job"),
        ("LeagueMatch", "confirmed_by"),
        ("LeagueMatch", "disputed_by"),
        ("LeagueMatch", "voided_by"),
    ],
)
def test_fields_that_can_be_empty_are_documented_so(schema, component, field):
    spec = schema["components"]["schemas"][component]["properties"][field]
    assert spec.get("nullable") or "format" not in spec, spec
    if component != "User":
        assert spec.get("nullable") is True, spec


def test_the_public_catalogue_is_documented_as_public(schema):
    operation = schema["paths"]["/api/v1/rulesets/last-hope-frontier/catalogue/"]["get"]
    assert {} in operation["security"]  # was documented as needing a token


def test_error_answers_are_documented_with_the_error_body(schema):
    operation = schema["paths"]["/api/v1/gangs/{id}/purchases/"]["post"]
    assert {"201", "400", "401", "403", "404", "409", "415", "429"} <= set(operation["responses"])
    body = operation["responses"]["403"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/ErrorBody"}
    error = schema["components"]["schemas"]["ErrorBody"]
    assert set(error["required"]) == {"detail", "errors"}
