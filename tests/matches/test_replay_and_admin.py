"""Replay (seed + resolved actions = stored state) and the admin."""

import pytest
from django.core.management import CommandError, call_command

from matches import services
from matches.models import Match

pytestmark = pytest.mark.django_db


def play_to_the_end(table):
    table.act(table.as_alice, {"type": "pick", "card": "not-held"})  # rejected: skipped in replay
    for turn in range(30):  # every third move is a pass, so the rng shuffles in between
        match = table.refresh()
        if match.status != Match.Status.LIVE:
            break
        seat = match.state["active"]
        action = (
            {"type": "pass"}
            if turn % 3 == 0
            else {"type": "pick", "card": match.state["hands"][seat][0]}
        )
        table.act(table.client(seat), action)
    return table.refresh()


def test_a_finished_match_replays_to_its_stored_state(table, capsys):
    match = play_to_the_end(table)
    assert match.status == Match.Status.FINISHED
    ok, state = services.replay_match(match)
    assert ok and state == services.canonical(match.state)
    call_command("replay_match", str(match.pk))
    assert "the state matches" in capsys.readouterr().out


def test_replay_reports_a_tampered_state_and_fails(table):
    match = play_to_the_end(table)
    match.state["points"]["s2"] += 1
    match.save(update_fields=["state"])
    assert services.replay_match(match)[0] is False
    with pytest.raises(CommandError, match="differs from the stored state in: points"):
        call_command("replay_match", str(match.pk))


def test_replay_refuses_logged_and_unknown_matches(as_user, user, other_user):
    with pytest.raises(CommandError, match="no match"):
        call_command("replay_match", "424242")
    body = {
        "ruleset": "fake-pick",
        "live": False,
        "placements": {user.username: 1, other_user.username: 2},
    }
    match_id = as_user.post("/api/v1/matches/", body, format="json").json()["id"]
    with pytest.raises(CommandError, match="logged result"):
        call_command("replay_match", str(match_id))


def test_the_admin_shows_a_match_with_its_seats_and_log_but_not_its_state(table, client):
    table.act(table.as_alice, {"type": "pass"})
    client.force_login(table.staff)
    assert client.get("/admin/matches/match/").status_code == 200
    page = client.get(f"/admin/matches/match/{table.match.pk}/change/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "s1 passes." in html and table.alice.username in html
    assert str(table.match.seed) not in html
    assert table.refresh().state["deck"][0] not in html
    assert client.get("/admin/matches/match/add/").status_code == 403


def test_the_admin_abandons_live_matches_through_the_service(table, client):
    client.force_login(table.staff)
    response = client.post(
        "/admin/matches/match/",
        {"action": "abandon", "_selected_action": [table.match.pk]},
        follow=True,
    )
    assert response.status_code == 200
    assert table.refresh().status == Match.Status.ABANDONED
