"""Match records: logging a result from the table, starting a live match, listing matches."""

from datetime import timedelta

import pytest
from django.utils import timezone

from matches.models import Match, Participant
from tests.conftest import client_for
from tests.matches.factories import LoggedMatchFactory, UserFactory

pytestmark = pytest.mark.django_db

MATCHES = "/api/v1/matches/"


@pytest.fixture
def trio(db):
    return [UserFactory(username=n) for n in ("ann", "ben", "cat")]


@pytest.fixture
def as_ann(trio):
    return client_for(trio[0])


def log(client, **body):
    return client.post(MATCHES, {"ruleset": "fake-pick", "live": False, **body}, format="json")


def test_a_player_logs_a_result_with_a_tie_and_scores(as_ann, trio):
    response = log(
        as_ann,
        placements={"ann": 1, "ben": 2, "cat": 2},
        scores={"ann": {"points": 3}, "ben": {"points": 1}},
        played_at="2025-03-01T20:00:00Z",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["status"] == "reported" and body["live"] is False
    assert body["played_at"] == "2025-03-01T20:00:00Z"
    assert body["created_by"] == "ann"
    assert body["outcome"] == {
        "winners": ["ann"],
        "placements": {"ann": 1, "ben": 2, "cat": 2},
        "scores": {"ann": {"points": 3}, "ben": {"points": 1}},
    }
    by_player = {s["player"]: s for s in body["seats"]}
    assert by_player["cat"]["placement"] == 2 and by_player["cat"]["scores"] == {}


def test_a_logged_result_can_name_teams(as_ann, trio):
    response = log(as_ann, placements={"ann": 1, "ben": 1}, teams={"ann": "red", "ben": "red"})
    assert response.status_code == 201
    assert {s["team"] for s in response.json()["seats"]} == {"red"}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"ruleset": "chess"}, "ruleset"),
        ({"ruleset": 7}, "ruleset"),
        ({"placements": {}}, "placements"),
        ({"placements": []}, "placements"),
        ({"placements": {"ann": 1}}, "placements"),
        ({"placements": {"ann": 1, "ben": 2, "cat": 3, "dan": 4}}, "placements"),
        ({"placements": {"ann": 1, "nobody": 2}}, "placements"),
        ({"placements": {"ann": 1, "ben": 1, "cat": 2}}, "placements.cat"),
        ({"placements": {"ann": 2, "ben": 2}}, "placements.ann"),
        ({"placements": {"ann": 1, "ben": 5}}, "placements.ben"),
        ({"placements": {"ann": 1, "ben": 0}}, "placements.ben"),
        ({"placements": {"ann": 1, "ben": "second"}}, "placements.ben"),
        ({"placements": {"ann": 1, "ben": True}}, "placements.ben"),
        ({"scores": {"cat": {"points": 1}}}, "scores.cat"),
        ({"scores": {"ben": 3}}, "scores.ben"),
        ({"scores": {"ben": {"goals": 1}}}, "scores.ben.goals"),
        ({"scores": {"ben": {"points": 11}}}, "scores.ben.points"),
        ({"scores": {"ben": {"points": -1}}}, "scores.ben.points"),
        ({"scores": {"ben": {"points": "2"}}}, "scores.ben.points"),
        ({"scores": {"ann": {"points": 2}}}, "scores.ann.points"),  # the engine's own rule
        ({"teams": {"ben": ""}}, "teams.ben"),
        ({"teams": {"cat": "red"}}, "teams.cat"),
        ({"played_at": "yesterday"}, "played_at"),
        ({"played_at": (timezone.now() + timedelta(days=2)).isoformat()}, "played_at"),
        ({"live": "no"}, "live"),
        ({"live": None}, "live"),
    ],
)
def test_a_bad_result_is_a_400_naming_the_field_and_nothing_is_written(as_ann, trio, body, field):
    payload = {"ruleset": "fake-pick", "live": False, "placements": {"ann": 1, "ben": 2}, **body}
    response = as_ann.post(MATCHES, payload, format="json")
    assert response.status_code == 400, response.json()
    assert field in response.json()["errors"], response.json()
    assert Match.objects.count() == 0 and Participant.objects.count() == 0


def test_a_body_that_is_not_an_object_is_a_400(as_ann):
    response = as_ann.post(MATCHES, [1, 2], format="json")
    assert response.status_code == 400
    assert set(response.json()) == {"detail", "errors"}


def test_a_player_cannot_log_a_result_they_did_not_play(trio):
    outsider = client_for(UserFactory())
    response = log(outsider, placements={"ann": 1, "ben": 2})
    assert response.status_code == 403
    assert Match.objects.count() == 0


def test_staff_may_log_a_result_for_others(as_staff, trio):
    assert log(as_staff, placements={"ann": 1, "ben": 2}).status_code == 201


def test_anonymous_cannot_log_or_list(api, trio):
    assert log(api, placements={"ann": 1, "ben": 2}).status_code == 401
    assert api.get(MATCHES).status_code == 401


# --- starting live matches ----------------------------------------------------------------------


def start(client, **body):
    return client.post(
        MATCHES,
        {"ruleset": "fake-pick", "live": True, "players": ["ann", "ben"], **body},
        format="json",
    )


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"ruleset": "nope"}, "ruleset"),
        ({"ruleset": "fake-table-only"}, "live"),
        ({"players": []}, "players"),
        ({"players": "ann"}, "players"),
        ({"players": ["ann"]}, "players"),
        ({"players": ["ann", "ann"]}, "players"),
        ({"players": ["ann", "ghost"]}, "players"),
        ({"players": ["ann", "ben", "cat", "ann"]}, "players"),
        ({"players": ["ann", 5]}, "players"),
        ({"options": []}, "options"),
        ({"options": {"colour": "red"}}, "options.colour"),
        ({"options": {"target": "abc"}}, "options"),  # the engine crashes: still a 400
    ],
)
def test_a_bad_live_match_is_a_400_naming_the_field(as_ann, trio, body, field):
    response = start(as_ann, **body)
    assert response.status_code == 400, response.json()
    assert any(key.startswith(field) for key in response.json()["errors"]), response.json()
    assert Match.objects.count() == 0


def test_the_creator_must_play_unless_staff(as_ann, as_staff, trio):
    assert start(as_ann, players=["ben", "cat"]).status_code == 403
    assert start(as_staff, players=["ben", "cat"]).status_code == 201


def test_only_staff_choose_the_seed(as_ann, as_staff, trio):
    refused = start(as_ann, seed=42)
    assert refused.status_code == 403 and "seed" in refused.json()["errors"]
    assert start(as_ann, seed="x").status_code == 403
    assert start(as_staff, seed=-1).status_code == 400
    assert start(as_staff, seed=2**63).status_code == 400
    one = Match.objects.get(pk=start(as_staff, seed=42).json()["id"])
    two = Match.objects.get(pk=start(as_staff, seed=42).json()["id"])
    assert one.state == two.state
    assert start(as_ann).status_code == 201
    assert start(as_ann, seed=None).status_code == 201


# --- lists and details --------------------------------------------------------------------------


def test_the_list_is_paginated_and_filtered(as_ann, trio, make_table):
    ann, ben, cat = trio
    LoggedMatchFactory.create_batch(3, players=[ann, ben])
    LoggedMatchFactory(players=[ben, cat], ruleset="fake-pick-resign")
    table = make_table()
    listing = as_ann.get(MATCHES).json()
    assert listing["count"] == 5 and len(listing["results"]) == 5
    assert as_ann.get(f"{MATCHES}?player=ann").json()["count"] == 3
    assert as_ann.get(f"{MATCHES}?player=cat").json()["count"] == 1
    assert as_ann.get(f"{MATCHES}?ruleset=fake-pick-resign").json()["count"] == 1
    assert as_ann.get(f"{MATCHES}?live=true").json()["results"][0]["id"] == table.match.pk
    assert as_ann.get(f"{MATCHES}?status=reported").json()["count"] == 4
    assert as_ann.get(f"{MATCHES}?status=nonsense").status_code == 400
    assert as_ann.get(f"{MATCHES}?page_size=2").json()["next"]
    ids = [m["id"] for m in as_ann.get(f"{MATCHES}?ordering=id").json()["results"]]
    assert ids == sorted(ids)


def test_list_and_detail_stay_within_their_query_budget(
    as_ann, trio, make_table, django_assert_max_num_queries
):
    for _ in range(10):
        LoggedMatchFactory(players=[trio[0], UserFactory(), UserFactory()])
    table = make_table()
    with django_assert_max_num_queries(3):  # count, page, seats with their players
        assert len(as_ann.get(MATCHES).json()["results"]) == 11
    with django_assert_max_num_queries(2):
        assert as_ann.get(f"{MATCHES}{table.match.pk}/").status_code == 200
    with django_assert_max_num_queries(2):
        assert table.as_alice.get(f"{table.url}state/").status_code == 200
    with django_assert_max_num_queries(2):
        assert table.as_alice.get(f"{table.url}legal-actions/").status_code == 200
    with django_assert_max_num_queries(4):
        assert table.as_alice.get(f"{table.url}events/").status_code == 200
    # The seat with its match locked, the key, the insert, a test's savepoint (two queries),
    # and the read-back of in-process tasks: tests/matches/test_turn_queries.py.
    with django_assert_max_num_queries(6):
        reply = table.as_alice.post(
            f"{table.url}actions/",
            {"type": "pass"},
            format="json",
            headers={"Idempotency-Key": "budget"},
        )
        assert reply.status_code == 202
