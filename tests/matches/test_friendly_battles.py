"""Friendly battles: a live Last Hope Frontier battle between two players' own gangs outside
any campaign (issue #21).

The rule: ``POST matches/ {"ruleset": "last-hope-frontier", "live": true, "players": [me,
opponent], "gang": <my gang>}`` invites the opponent, who accepts with
``POST matches/{id}/accept/ {"gang": <their gang>}``; the server reads both rosters from the
gangs (never from ``options.gangs``); only one's own gang may be named; the finished result is
a line in each gang's history and counts for the players' stats, for no campaign.
"""

import pytest

from matches.models import Match
from matches.services.live_friendly import FRIENDLY
from rosters import services as rosters
from rosters.models import GangEvent
from tests.conftest import client_for
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

LHF = "last-hope-frontier"


def posse(owner, name):
    fighters = [
        {"name": f"{name} boss", "role": "leader", "equipment": ["revolver", "horse"]},
        {"name": f"{name} kid", "role": "ganger", "equipment": ["shotgun"]},
    ]
    return rosters.create_starting_gang(
        owner=owner, name=name, faction="sheriffs", fighters=fighters, stash=["whiskey"]
    )


@pytest.fixture
def table(db):
    class Table:
        ann = UserFactory(username="ann")
        bob = UserFactory(username="bob")
        earps = posse(ann, "Earps")
        clantons = posse(bob, "Clantons")

    return Table


def invite(client, gang, players=("ann", "bob"), **more):
    body = {"ruleset": LHF, "live": True, "players": list(players), "gang": gang, **more}
    return client.post("/api/v1/matches/", body, format="json")


def accept(client, match_id, gang=None):
    body = {} if gang is None else {"gang": gang}
    return client.post(f"/api/v1/matches/{match_id}/accept/", body, format="json")


def test_a_friendly_battle_is_dealt_with_both_rosters_read_by_the_server(table):
    rosters.purchase_item(
        gang=table.earps, item="dynamite", fighter_id=None, quantity=1, actor=table.ann
    )
    created = invite(client_for(table.ann), table.earps.pk)
    assert created.status_code == 201, created.json()
    body = created.json()
    assert body["status"] == "invited" and body["awaiting"] == ["bob"]
    accepted = accept(client_for(table.bob), body["id"], table.clantons.pk)
    assert accepted.status_code == 200, accepted.json()
    assert accepted.json()["status"] == "live"
    match = Match.objects.get(pk=body["id"])
    gangs = match.options["gangs"]
    assert gangs["s1"]["gang_id"] == table.earps.pk and gangs["s2"]["gang_id"] == table.clantons.pk
    boss = gangs["s1"]["fighters"][0]
    assert boss["name"] == "Earps boss" and sorted(boss["equipment"]) == ["horse", "revolver"]
    assert boss["stats"]["shoot"] == 3  # the current stat line, from the roster
    assert {p.seat: p.gang_id for p in match.participants.all()} == {
        "s1": table.earps.pk,
        "s2": table.clantons.pk,
    }
    assert match.state["gangs"]["s2"]["name"] == "Clantons"


def test_a_pasted_roster_is_refused(table):
    forged = {"s1": {"gang_id": 1, "name": "Forged", "faction": "sheriffs", "fighters": []}}
    response = invite(client_for(table.ann), table.earps.pk, options={"gangs": forged})
    assert response.status_code == 400
    assert "options.gangs" in response.json()["errors"]
    assert not Match.objects.exists()


def test_nobody_names_someone_elses_gang(table):
    response = invite(client_for(table.ann), table.clantons.pk)
    assert response.status_code == 403
    assert not Match.objects.exists()
    unknown = invite(client_for(table.ann), 99999)
    assert unknown.status_code == 400 and "gang" in unknown.json()["errors"]


def test_the_opponent_must_accept_with_a_gang_of_their_own(table):
    match_id = invite(client_for(table.ann), table.earps.pk).json()["id"]
    bob = client_for(table.bob)
    without = accept(bob, match_id)
    assert without.status_code == 400 and "gang" in without.json()["errors"]
    someone_elses = accept(bob, match_id, table.earps.pk)
    assert someone_elses.status_code == 403
    match = Match.objects.get(pk=match_id)
    assert match.status == "invited" and match.state == {}
    assert match.participants.get(seat="s2").consent == "awaiting"
    # Nobody else accepts for bob, with any gang.
    carl = UserFactory(username="carl")
    assert accept(client_for(carl), match_id, posse(carl, "Daltons").pk).status_code == 403
    assert accept(bob, match_id, table.clantons.pk).json()["status"] == "live"


def test_a_gang_with_nobody_able_to_fight_cannot_be_brought(table):
    empty = rosters.create_gang(owner=table.ann, name="Nobody", faction="outlawmen")
    response = invite(client_for(table.ann), empty.pk)
    assert response.status_code == 400
    assert "no fighter able to fight" in response.json()["errors"]["gang"][0]


def test_a_match_that_is_not_friendly_takes_no_gang_on_accept(table):
    created = client_for(table.ann).post(
        "/api/v1/matches/",
        {"ruleset": "le-dernier-peuple", "live": True, "players": ["ann", "bob"]},
        format="json",
    )
    response = accept(client_for(table.bob), created.json()["id"], table.clantons.pk)
    assert response.status_code == 400 and "gang" in response.json()["errors"]


def test_a_game_without_gangs_refuses_one(table):
    response = client_for(table.ann).post(
        "/api/v1/matches/",
        {"ruleset": "le-dernier-peuple", "live": True, "players": ["ann", "bob"], "gang": 1},
        format="json",
    )
    assert response.status_code == 400 and "gang" in response.json()["errors"]


def _finish(table, django_capture_on_commit_callbacks):
    match_id = invite(client_for(table.ann), table.earps.pk).json()["id"]
    accept(client_for(table.bob), match_id, table.clantons.pk)
    with django_capture_on_commit_callbacks(execute=True):
        resigned = client_for(table.bob).post(f"/api/v1/matches/{match_id}/resign/")
    assert resigned.status_code in (200, 202), resigned.json()
    match = Match.objects.get(pk=match_id)
    assert match.status == "finished"
    return match


def test_the_finished_battle_is_a_line_in_each_gangs_history(
    table, django_capture_on_commit_callbacks
):
    match = _finish(table, django_capture_on_commit_callbacks)
    history = client_for(table.ann).get(f"/api/v1/gangs/{table.earps.pk}/history/").json()
    lines = [row["text"] for row in history["results"]]
    assert f"Friendly battle (match {match.pk}) against Clantons of bob: won." in " ".join(lines)
    theirs = GangEvent.objects.filter(gang=table.clantons, kind=GangEvent.Kind.BATTLE)
    assert [e.text for e in theirs] == [
        f"Friendly battle (match {match.pk}) against Earps of ann: lost. No campaign counts it."
    ]
    # The hand-off may repeat: still one line each. And no campaign counts it.
    from matches import services

    assert services.collect_friendly_battle(match_id=match.pk) == 0
    table.earps.refresh_from_db()
    assert table.earps.battles == 0
    assert rosters.ledger_balance(table.earps) == table.earps.credits


def test_the_finished_battle_counts_in_the_players_stats(table, django_capture_on_commit_callbacks):
    _finish(table, django_capture_on_commit_callbacks)
    stats = client_for(table.bob).get("/api/v1/players/ann/stats/").json()
    games = {g["ruleset"]: g for g in stats["games"]}
    assert games[LHF]["played"] == 1 and games[LHF]["won"] == 1


def test_a_friendly_battle_may_be_played_as_a_mission(table):
    created = invite(
        client_for(table.ann), table.earps.pk, options={"mission": "strongbox-scramble"}
    )
    assert created.status_code == 201, created.json()
    match_id = created.json()["id"]
    assert accept(client_for(table.bob), match_id, table.clantons.pk).status_code == 200
    state = Match.objects.get(pk=match_id).state
    assert state["mission"]["key"] == "strongbox-scramble" and state["turn_limit"] == 6
    bad = invite(client_for(table.ann), table.earps.pk, options={"mission": "high-noon"})
    assert bad.status_code == 400 and "options.mission" in bad.json()["errors"], bad.json()


@pytest.mark.parametrize(
    ("language", "opening"),
    [
        ("en", "A friendly battle: ann brings Earps against "),
        ("fr", "Une bataille amicale : ann amène Earps contre "),
        ("nl", "Een vriendschappelijk gevecht: ann brengt Earps mee tegen "),
    ],
)
def test_a_battle_against_a_bot_is_announced_in_the_readers_language(table, language, opening):
    created = invite(client_for(table.ann), table.earps.pk, players=("ann",), bots=1)
    assert created.status_code == 201, created.json()
    events = client_for(table.ann).get(
        f"/api/v1/matches/{created.json()['id']}/events/", HTTP_ACCEPT_LANGUAGE=language
    )
    messages = [e["message"] for e in events.json()["results"] if e["type"] == FRIENDLY]
    assert len(messages) == 1 and messages[0].startswith(opening), messages
