"""Live play through the API: turns, rejections, idempotent retries, ordering, exactly-once."""

import pytest

from matches import services
from matches.models import Match, MatchAction, MatchEvent
from matches.tasks import resolve_action, sweep_pending_actions

pytestmark = pytest.mark.django_db


def hand(table, seat: str) -> list[str]:
    return table.state(table.client(seat))["view"]["hand"]


def pick(table, seat: str, index: int = 0, **kwargs):
    card = hand(table, seat)[index]
    return table.act(table.client(seat), {"type": "pick", "card": card}, **kwargs)


def test_creating_a_live_match_seats_the_players_in_the_order_given(table, as_user, user):
    response = as_user.post(
        "/api/v1/matches/",
        {"ruleset": "fake-pick", "live": True, "players": [table.bob.username, user.username]},
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["seats"][0]["seat"] == "s1" and body["seats"][0]["player"] == table.bob.username
    assert body["seats"][1]["seat"] == "s2" and body["seats"][1]["player"] == user.username
    # bob is invited: the match waits for him; the creator's own seat is accepted.
    assert [s["consent"] for s in body["seats"]] == ["awaiting", "accepted"]
    assert body["status"] == "invited" and body["awaiting"] == [table.bob.username]
    assert body["version"] == 0
    assert "state" not in body and "seed" not in body
    accepted = table.as_bob.post(f"/api/v1/matches/{body['id']}/accept/")
    assert accepted.status_code == 200, accepted.json()
    assert accepted.json()["status"] == "live" and accepted.json()["awaiting"] == []


def test_a_whole_game_ends_with_the_outcome_by_username(table):
    versions = [table.state()["version"]]
    for turn in range(5):  # s1 picks three times, s2 twice: s1 reaches 3 points first
        seat = "s1" if turn % 2 == 0 else "s2"
        response = pick(table, seat)
        assert response.status_code == 202, response.json()
        assert response.action["status"] == "resolved"
        versions.append(table.state()["version"])
    assert versions == [0, 1, 2, 3, 4, 5]
    state = table.state(table.as_alice)
    assert state["status"] == "finished"
    assert state["outcome"]["winners"] == [table.alice.username]
    assert state["outcome"]["placements"] == {table.alice.username: 1, table.bob.username: 2}
    seats = {s["player"]: s for s in table.as_carol.get(table.url).json()["seats"]}
    assert seats[table.alice.username]["placement"] == 1
    assert seats[table.bob.username]["scores"] == {"points": 2}
    ok, _ = services.replay_match(table.refresh())
    assert ok


def test_legal_actions_are_listed_only_for_the_seat_whose_decision_it_is(table):
    s1 = table.as_alice.get(f"{table.url}legal-actions/").json()
    assert s1["seat"] == "s1"
    assert {"type": "pass"} in s1["actions"]
    assert table.as_bob.get(f"{table.url}legal-actions/").json() == {"seat": "s2", "actions": []}
    assert table.as_carol.get(f"{table.url}legal-actions/").json() == {"seat": None, "actions": []}


def test_out_of_turn_action_is_rejected_with_a_reason_and_changes_nothing(table):
    response = table.act(table.as_bob, {"type": "pass"})
    assert response.status_code == 202
    body = table.as_bob.get(f"{table.url}actions/{response.json()['id']}/").json()
    assert body["status"] == "rejected"
    assert body["reason"] == f"It is not your turn: waiting for {table.alice.username}."
    assert table.refresh().version == 0


def test_illegal_action_is_rejected_with_the_engines_reason(table):
    response = table.act(table.as_alice, {"type": "pick", "card": "not-mine"})
    assert response.action["status"] == "rejected"
    assert response.action["reason"] == "You do not hold that card."
    assert table.refresh().version == 0


def test_an_engine_crash_rejects_the_action_without_wedging_the_match(table):
    crashed = table.act(table.as_alice, {"type": "crash"})
    assert crashed.action["status"] == "rejected"
    assert crashed.action["reason"] == services.ENGINE_FAILED
    assert table.act(table.as_alice, {"type": "pass"}).action["status"] == "resolved"


def test_a_retry_with_the_same_key_returns_the_same_action(table):
    first = table.act(table.as_alice, {"type": "pass"}, key="k-1")
    again = table.act(table.as_alice, {"type": "pass"}, key="k-1")
    assert first.status_code == 202 and again.status_code == 200
    assert again.json()["id"] == first.json()["id"]
    assert MatchAction.objects.count() == 1
    assert table.refresh().version == 1


def test_the_same_key_with_another_action_is_a_conflict(table):
    table.act(table.as_alice, {"type": "pass"}, key="k-1")
    response = table.act(table.as_alice, {"type": "pick", "card": "x"}, key="k-1")
    assert response.status_code == 409
    assert "Idempotency-Key" in response.json()["errors"]
    assert MatchAction.objects.count() == 1


def test_keys_belong_to_a_seat(table):
    table.act(table.as_alice, {"type": "pass"}, key="same")
    response = table.act(table.as_bob, {"type": "pass"}, key="same")
    assert response.status_code == 202
    assert response.action["status"] == "resolved"
    assert MatchAction.objects.count() == 2


@pytest.mark.parametrize("key", [None, "", " ", "k" * 201])
def test_an_action_needs_a_usable_idempotency_key(table, key):
    headers = {} if key is None else {"Idempotency-Key": key}
    response = table.as_alice.post(
        f"{table.url}actions/", {"type": "pass"}, format="json", headers=headers
    )
    assert response.status_code == 400
    assert "Idempotency-Key" in response.json()["errors"]
    assert "Idempotency-Key" in response.json()["detail"]
    assert MatchAction.objects.count() == 0


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        ("[1, 2]", "application/json"),
        ('"pass"', "application/json"),
        ("42", "application/json"),
        ("null", "application/json"),
        ("{}", "application/json"),
        ("{not json", "application/json"),
        ('{"type": NaN}', "application/json"),
        ('{"type": 1e400}', "application/json"),
        ('{"n": 1' + "0" * 5000 + "}", "application/json"),
        ("[" * 50_000 + "]" * 50_000, "application/json"),
        ('{"type": "' + "x" * 70_000 + '"}', "application/json"),
        ('{"type": "' + "x" * 5_000 + '"}', "application/json"),
        ("type=pass", "application/x-www-form-urlencoded"),
        ("\xff\xfe", "application/json"),
    ],
)
def test_malformed_action_bodies_are_4xx_and_store_nothing(table, body, content_type):
    response = table.as_alice.generic(
        "POST",
        f"{table.url}actions/",
        body,
        content_type=content_type,
        headers={"Idempotency-Key": "k"},
    )
    assert 400 <= response.status_code < 500
    assert set(response.json()) == {"detail", "errors"}
    assert MatchAction.objects.count() == 0


def test_wrongly_typed_action_fields_are_rejected_by_the_engine_not_a_500(table):
    response = table.act(table.as_alice, {"type": ["pick"], "card": {"a": 1}})
    assert response.status_code == 202
    assert response.action["status"] == "rejected"


def test_only_a_seated_player_may_act(table, api):
    assert table.act(table.as_carol, {"type": "pass"}).status_code == 403
    assert table.act(table.as_staff, {"type": "pass"}).status_code == 403
    assert table.act(api, {"type": "pass"}).status_code == 401
    assert table.as_carol.post(f"{table.url}resign/").status_code == 403
    assert MatchAction.objects.count() == 0


def test_unknown_match_is_404(as_user):
    response = as_user.post(
        "/api/v1/matches/999999/actions/",
        {"type": "pass"},
        format="json",
        headers={"Idempotency-Key": "k"},
    )
    assert response.status_code == 404


def test_a_stale_action_is_rejected_when_the_client_says_which_version_it_saw(table):
    table.act(table.as_alice, {"type": "pass"}, **{"Expected-Version": "0"})
    table.act(table.as_bob, {"type": "pass"}, **{"Expected-Version": "1"})
    stale = table.act(table.as_alice, {"type": "pass"}, **{"Expected-Version": "1"})
    assert stale.action["status"] == "rejected"
    assert "moved on" in stale.action["reason"]
    assert table.refresh().version == 2
    for wrong in ("two", "-1", "²"):
        bad = table.act(table.as_alice, {"type": "pass"}, **{"Expected-Version": wrong})
        assert bad.status_code == 400 and "Expected-Version" in bad.json()["errors"]


def test_resolving_the_same_action_twice_changes_nothing(table):
    response = table.act(table.as_alice, {"type": "pass"}, run=False)
    action_id = response.json()["id"]
    assert response.json()["status"] == "pending"
    assert resolve_action(action_id) == 1
    match = table.refresh()
    before = (match.version, match.state, MatchEvent.objects.count())
    assert resolve_action(action_id) == 0
    assert services.resolve_pending_actions(up_to=action_id) == 0
    match = table.refresh()
    assert (match.version, match.state, MatchEvent.objects.count()) == before
    assert MatchAction.objects.get(pk=action_id).version_after == 1


def test_an_older_pending_action_is_resolved_first(table):
    first = table.act(table.as_alice, {"type": "pass"}, run=False).json()
    second = table.act(table.as_bob, {"type": "pass"}, run=False).json()
    resolve_action(second["id"])  # the task of the later action runs first
    a, b = MatchAction.objects.get(pk=first["id"]), MatchAction.objects.get(pk=second["id"])
    assert (a.status, b.status) == ("resolved", "resolved")
    assert (a.version_after, b.version_after) == (1, 2)
    assert resolve_action(first["id"]) == 0


def test_actions_are_judged_in_submission_order(table):
    early = table.act(table.as_bob, {"type": "pass"}, run=False).json()  # before alice moved
    late = table.act(table.as_alice, {"type": "pass"}, run=False).json()
    resolve_action(late["id"])
    assert MatchAction.objects.get(pk=early["id"]).status == "rejected"
    assert MatchAction.objects.get(pk=late["id"]).status == "resolved"


def test_the_sweep_resolves_actions_whose_task_was_lost(table):
    lost = table.act(table.as_alice, {"type": "pass"}, run=False).json()
    assert sweep_pending_actions(older_than_seconds=60) == 0  # too recent: its task may run
    assert MatchAction.objects.get(pk=lost["id"]).status == "pending"
    assert sweep_pending_actions(older_than_seconds=0) == 1
    assert MatchAction.objects.get(pk=lost["id"]).status == "resolved"


def test_events_are_numbered_from_one_and_read_after_a_number(table):
    table.act(table.as_alice, {"type": "pass"})
    table.act(table.as_bob, {"type": "pass"})
    events = table.as_carol.get(f"{table.url}events/").json()["results"]
    assert [e["seq"] for e in events] == [1, 2, 3]
    assert [e["type"] for e in events] == ["match_started", "passed", "passed"]
    # A game without an event catalogue: its message is its stored text (issue 31).
    assert events[1] == {
        "seq": 2,
        "type": "passed",
        "text": "s1 passes.",
        "message": "s1 passes.",
        "seat": "s1",
    }
    later = table.as_carol.get(f"{table.url}events/?after=2").json()["results"]
    assert [e["seq"] for e in later] == [3]
    assert table.as_carol.get(f"{table.url}events/?after=-1").status_code == 400
    assert table.as_carol.get(f"{table.url}events/?after=x").status_code == 400
    assert table.as_carol.get(f"{table.url}events/?after=²").status_code == 400


def test_a_private_event_is_read_only_by_its_seat(table):
    pick(table, "s1")
    alice_types = [e["type"] for e in table.as_alice.get(f"{table.url}events/").json()["results"]]
    bob_types = [e["type"] for e in table.as_bob.get(f"{table.url}events/").json()["results"]]
    assert alice_types == ["match_started", "picked", "drew"]
    assert bob_types == ["match_started", "picked"]


def test_an_action_is_visible_only_to_the_seat_that_sent_it(table):
    action = table.act(table.as_alice, {"type": "pass"}).json()
    assert table.as_alice.get(f"{table.url}actions/{action['id']}/").status_code == 200
    assert table.as_bob.get(f"{table.url}actions/{action['id']}/").status_code == 404
    assert table.as_carol.get(f"{table.url}actions/{action['id']}/").status_code == 403


def test_no_action_is_taken_once_the_match_is_over(table):
    for turn in range(5):
        pick(table, "s1" if turn % 2 == 0 else "s2")
    response = table.act(table.as_bob, {"type": "pass"})
    assert response.status_code == 409
    assert table.as_bob.get(f"{table.url}legal-actions/").json()["actions"] == []


def test_pending_actions_behind_the_last_one_are_rejected_when_the_game_ends(table):
    for turn in range(4):
        pick(table, "s1" if turn % 2 == 0 else "s2")
    winning = table.act(table.as_alice, {"type": "pick", "card": hand(table, "s1")[0]}, run=False)
    too_late = table.act(table.as_bob, {"type": "pass"}, run=False)
    resolve_action(too_late.json()["id"])
    assert MatchAction.objects.get(pk=winning.json()["id"]).status == "resolved"
    rejected = MatchAction.objects.get(pk=too_late.json()["id"])
    assert (rejected.status, rejected.reason) == (
        "rejected",
        "The match is over: no more actions are taken.",
    )


def test_resigning_a_two_player_game_hands_the_win_to_the_other(table):
    first = table.resign(table.as_alice)
    assert first.status_code == 202
    assert first.action["status"] == "resolved"
    again = table.resign(table.as_alice)
    assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
    state = table.state()
    assert state["status"] == "finished"
    assert state["outcome"]["winners"] == [table.bob.username]
    assert state["outcome"]["placements"] == {table.bob.username: 1, table.alice.username: 2}


def test_resigning_a_game_that_cannot_go_on_without_the_seat_abandons_it(make_table):
    table = make_table(players=3)
    table.resign(table.as_bob)
    match = table.refresh()
    assert match.status == Match.Status.ABANDONED
    assert match.outcome is None
    assert table.act(table.as_alice, {"type": "pass"}).status_code == 409


def test_an_engine_that_knows_resignation_plays_on_without_the_seat(make_table):
    table = make_table(ruleset="fake-pick-resign", players=3)
    table.resign(table.as_alice)  # alice was to move: play passes to bob
    assert table.state()["status"] == "live"
    assert table.as_bob.get(f"{table.url}legal-actions/").json()["actions"]
    assert table.act(table.as_alice, {"type": "pass"}).status_code == 409
    table.act(table.as_bob, {"type": "pass"})
    table.resign(table.clients[2])
    state = table.state()
    assert state["status"] == "finished"
    assert state["outcome"]["winners"] == [table.bob.username]
    assert state["outcome"]["placements"][table.alice.username] == 3
    ok, _ = services.replay_match(table.refresh())
    assert ok


def test_staff_can_abandon_a_live_match_and_its_pending_actions_are_rejected(table):
    pending = table.act(table.as_alice, {"type": "pass"}, run=False).json()
    services.abandon_match(match=table.match, actor=table.staff)
    match = table.refresh()
    assert (match.status, match.version) == ("abandoned", 1)
    assert MatchAction.objects.get(pk=pending["id"]).status == "rejected"
    with pytest.raises(services.MatchNotRunning):
        services.abandon_match(match=match, actor=table.staff)


def test_a_logged_result_has_no_live_play(as_user, user, other_user):
    response = as_user.post(
        "/api/v1/matches/",
        {
            "ruleset": "fake-pick",
            "live": False,
            "placements": {user.username: 1, other_user.username: 2},
        },
        format="json",
    )
    url = f"/api/v1/matches/{response.json()['id']}/"
    assert as_user.get(f"{url}state/").status_code == 409
    assert as_user.get(f"{url}legal-actions/").status_code == 409
    reply = as_user.post(
        f"{url}actions/", {"type": "pass"}, format="json", headers={"Idempotency-Key": "k"}
    )
    assert reply.status_code == 409
    assert as_user.get(f"{url}events/").json()["results"] == []
