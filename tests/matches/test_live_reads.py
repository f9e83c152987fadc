"""The live-play reads written once (matches/selectors.py, matches/api/live.py) answer what
the ORM's querysets answered: the same instances, the same bodies."""

from __future__ import annotations

import pytest

from matches import selectors
from matches.models import Match, MatchAction, Participant
from tests.matches.factories import UserFactory, accept_all

pytestmark = pytest.mark.django_db


def _fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def test_a_seated_players_seat_and_match_are_the_ones_the_orm_reads(table):
    table.act(table.as_alice, {"type": "pass"})  # a state, a version and a clock to compare
    match, game, seat = selectors.seated_live_match(table.match.pk, table.alice)
    orm = Participant.objects.select_related("match").get(match=table.match, player=table.alice)
    assert _fields(seat) == _fields(orm) and _fields(match) == _fields(orm.match)
    assert seat.match is match and not seat._state.adding and match.version == 1
    assert game.slug == match.ruleset


def test_the_one_query_path_finds_nobody_else_and_no_other_match(table, django_assert_num_queries):
    from matches import services

    players = [UserFactory(), UserFactory()]
    other = accept_all(
        services.create_live_match(
            ruleset="fake-pick",
            players=[u.username for u in players],
            options={},
            created_by=table.staff,
        )
    )
    assert selectors.seated_live_match(table.match.pk, table.carol) is None  # a spectator
    assert selectors.seated_live_match(other.pk, table.alice) is None  # not her match
    assert selectors.seated_live_match(other.pk, players[0]) is not None
    with django_assert_num_queries(0):
        assert selectors.seated_live_match(10**30, table.alice) is None  # no 64-bit id


def test_a_logged_match_is_not_live_play(table):
    Match.objects.filter(pk=table.match.pk).update(live=False, status=Match.Status.REPORTED)
    assert selectors.seated_live_match(table.match.pk, table.alice) is None


def test_an_id_no_row_has_is_a_404_on_every_live_read(table):
    for path in ("state/", "legal-actions/", "actions/1/", "actions/99999999999999999999999/"):
        reply = table.as_alice.get(f"/api/v1/matches/99999999999999999999999/{path}")
        assert reply.status_code == 404, path


def test_an_action_is_written_the_same_from_its_row_and_its_values(table, settings):
    from matches.api.live import action_json, instance_json

    table.act(table.as_alice, {"type": "pass"})  # resolved
    table.act(table.as_bob, {"type": "pass"}, **{"Expected-Version": "0"})  # stale: a reason
    table.act(table.as_bob, {"type": "pass"}, run=False)  # pending
    actions = list(MatchAction.objects.filter(match=table.match))
    assert {a.status for a in actions} >= {"pending", "resolved", "rejected"}
    for zone in ("UTC", "Europe/Paris"):
        settings.TIME_ZONE = zone
        for action in actions:
            values = selectors.own_action(
                match_id=table.match.pk,
                action_id=action.pk,
                user=action.match.participants.get(seat=action.seat).player,
            )
            written = action_json(values)
            assert written == instance_json(action), action.status
            assert written["action"] == action.payload and written["match"] == table.match.pk
            assert written["created_at"].endswith("Z") == (zone == "UTC")


def test_the_published_schema_describes_what_an_action_is_written_as(table):
    from drf_spectacular.generators import SchemaGenerator

    from matches.api.live import instance_json

    table.act(table.as_alice, {"type": "pass"})
    action = MatchAction.objects.filter(match=table.match).first()
    schema = SchemaGenerator().get_schema(request=None, public=True)
    assert list(schema["components"]["schemas"]["Action"]["properties"]) == list(
        instance_json(action)
    )


def test_the_poll_reads_only_the_callers_own_action(table, django_assert_num_queries):
    mine = table.act(table.as_alice, {"type": "pass"}, run=False).json()["id"]
    with django_assert_num_queries(1):
        assert table.as_alice.get(f"{table.url}actions/{mine}/").json()["id"] == mine
    # Only when it finds none: the match with its seats, to tell a 404 from a 403.
    with django_assert_num_queries(3):
        assert table.as_bob.get(f"{table.url}actions/{mine}/").status_code == 404  # not his
    with django_assert_num_queries(3):
        assert table.as_carol.get(f"{table.url}actions/{mine}/").status_code == 403  # outsider
    assert selectors.own_action(match_id=table.match.pk, action_id=mine, user=table.bob) is None


def test_the_published_schema_names_every_key_a_match_has(table):
    """A match's one writer is ``records.match_json``; its schema (``records.MatchSchema``)
    names every key it writes, in its order, and the seats' and outcome's keys."""
    from datetime import UTC, datetime

    from drf_spectacular.generators import SchemaGenerator

    Match.objects.filter(pk=table.match.pk).update(
        status=Match.Status.FINISHED,
        finished_at=datetime(2026, 3, 2, tzinfo=UTC),
        outcome={"winners": ["s1"], "placements": {"s1": 1, "s2": 2}, "scores": {"s1": {"vp": 1}}},
    )
    body = table.as_alice.get(table.url).json()
    schemas = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]
    assert list(schemas["Match"]["properties"]) == list(body)
    assert list(schemas["Seat"]["properties"]) == list(body["seats"][0])
    assert list(schemas["Outcome"]["properties"]) == list(body["outcome"])
    assert body["finished_at"] == "2026-03-02T00:00:00Z" and body["outcome"]["winners"]


def test_the_match_list_and_detail_write_the_same_match(table):
    from matches.api.records import match_json

    reply = table.as_alice.get("/api/v1/matches/")
    assert reply.status_code == 200
    (listed,) = reply.json()["results"]
    assert listed == match_json(selectors.matches().get(pk=table.match.pk))
    assert table.as_alice.get(f"{table.url}").json() == listed
    assert listed["awaiting"] == [] and listed["created_by"] == table.match.created_by.username
