"""GET /api/v1/me/attention/: what waits for me, from the same selectors as the home page."""

from html import unescape

import pytest
from django.test import Client

from campaigns import services as campaigns
from leagues import services as leagues
from matches import services as matches
from rosters import services as rosters
from rosters.models import Fighter
from tests.conftest import client_for
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

URL = "/api/v1/me/attention/"
QUERIES = 9  # one query per list (eight), and the token
EMPTY = {
    "campaign_decisions": [],
    "league_invitations": [],
    "battles_to_confirm": [],
    "battles_to_play": [],
    "results_to_confirm": [],
    "flips_to_choose": [],
    "match_invitations": [],
    "your_turn": [],
}


def _gang(owner, name):
    gang = rosters.create_gang(owner=owner, name=name, faction="sheriffs")
    rosters.hire_fighter(gang=gang, name=f"{name} boss", role="leader", actor=owner)
    return gang


def _everything_waits_for(me, n: int = 1, start: int = 0):
    """``n`` of each thing that waits for ``me`` (names numbered from ``start``)."""
    for k in range(start, start + n):
        other = UserFactory()
        # a campaign invites my gang; another's gang asks to join a campaign I arbitrate
        theirs = campaigns.create_campaign(creator=other, name=f"Tombstone {k}")
        campaigns.request_join(campaign=theirs, gang=_gang(me, f"Mine {k}"), actor=other)
        mine = campaigns.create_campaign(creator=me, name=f"Deadwood {k}")
        asking = _gang(other, f"Theirs {k}")
        campaigns.request_join(campaign=mine, gang=asking, actor=other, join_code=mine.join_code)
        # a battle of mine the other side reported
        arena = campaigns.create_campaign(creator=other, name=f"Arena {k}")
        a, b = _gang(me, f"Side {k}"), _gang(other, f"Foe {k}")
        invited = campaigns.request_join(campaign=arena, gang=a, actor=other)
        campaigns.answer_invitation(membership=invited, accept=True, actor=me)
        campaigns.request_join(campaign=arena, gang=b, actor=other)
        campaigns.set_status(campaign=arena, status="active", actor=other)
        # a battle of mine the other side scheduled
        campaigns.schedule_battle(campaign=arena, actor=other, gangs=[a.pk, b.pk])
        campaigns.report_battle(
            campaign=arena, actor=other, gangs=[a.pk, b.pk], winner=b.pk, casualties=[]
        )
        # a league invitation, and a result in another league that waits for me
        league = leagues.create_league(creator=other, name=f"Cup {k}", ruleset="battle-royale")
        leagues.add_member(league=league, player=me, actor=other)
        played = leagues.create_league(
            creator=other, name=f"Played {k}", ruleset="last-one-standing"
        )
        leagues.add_member(league=played, player=other, actor=other)
        leagues.add_member(league=played, player=me, actor=me, join_code=played.join_code)
        leagues.report_result(
            league=played, actor=other, placements={other.username: 1, me.username: 2}
        )
        # flips to spend, a live match I am invited to, and one where it is my move
        Fighter.objects.filter(gang=a).update(flips=1)
        matches.create_live_match(
            ruleset="le-dernier-peuple",
            players=[other.username, me.username],
            options={},
            created_by=other,
        )
        _my_move(me, other)


def _my_move(me, other):
    """A dealt Le Dernier Peuple match where ``me`` moves first (the engine and the seed say
    who: deal until it is so)."""
    from rulesets.registry import get_ruleset

    for n in range(40):
        players = [me.username, other.username][:: 1 if n % 2 else -1]
        match = matches.create_live_match(
            ruleset="le-dernier-peuple", players=players, options={}, created_by=me
        )
        matches.accept_match(match=match, player=other)
        match.refresh_from_db()
        seat = match.participants.get(player=me).seat
        if get_ruleset(match.ruleset).legal_actions(match.state, seat):
            return match
    raise AssertionError("nobody moves first?")


def test_nothing_waits_for_a_newcomer(as_user):
    r = as_user.get(URL)
    assert r.status_code == 200 and r.json() == EMPTY


def test_every_kind_of_waiting_is_listed(user):
    _everything_waits_for(user)
    body = client_for(user).get(URL).json()
    assert set(body) == set(EMPTY)
    decisions = {d["status"]: d["campaign_name"] for d in body.pop("campaign_decisions")}
    # my gang is invited to theirs; their gang asks to join mine
    assert decisions == {"invited": "Tombstone 0", "pending": "Deadwood 0"}
    assert all(len(rows) == 1 for rows in body.values()), body
    assert body["league_invitations"][0]["league_name"] == "Cup 0"
    assert body["results_to_confirm"][0]["league_name"] == "Played 0"
    assert body["battles_to_confirm"][0]["status"] == "reported"
    assert body["battles_to_play"][0]["gangs"] == ["Side 0", "Foe 0"]
    assert body["battles_to_play"][0]["step"] == "scheduled"
    assert body["flips_to_choose"][0] == {
        "fighter": body["flips_to_choose"][0]["fighter"],
        "fighter_name": "Side 0 boss",
        "gang": body["flips_to_choose"][0]["gang"],
        "gang_name": "Side 0",
        "flips": 1,
    }
    assert body["match_invitations"][0]["game"] == "Le Dernier Peuple"
    assert body["your_turn"][0]["ruleset"] == "le-dernier-peuple"


def test_the_api_and_the_home_page_list_the_same_things(user):
    _everything_waits_for(user)
    body = client_for(user).get(URL).json()
    site = Client()
    site.force_login(user)
    home = unescape(site.get("/").content.decode())
    for row in body["league_invitations"]:
        assert f"/leagues/{row['league']}/members/{row['membership']}/accept/" in home
    for row in body["match_invitations"] + body["your_turn"]:
        assert f"/matches/{row['match']}/" in home
    for row in body["battles_to_confirm"]:
        assert f"#battle-{row['battle']}" in home
    for row in body["battles_to_play"]:
        assert f"#scheduled-{row['scheduled']}" in home
    for row in body["results_to_confirm"]:
        assert f"#result-{row['result']}" in home
    for row in body["flips_to_choose"]:
        assert f"#fighter-{row['fighter']}" in home


def test_an_arbitrator_sees_the_request_to_decide(user):
    other = UserFactory()
    mine = campaigns.create_campaign(creator=user, name="Deadwood")
    campaigns.request_join(
        campaign=mine, gang=_gang(other, "Asking"), actor=other, join_code=mine.join_code
    )
    rows = client_for(user).get(URL).json()["campaign_decisions"]
    assert [(r["status"], r["gang_name"], r["owner"]) for r in rows] == [
        ("pending", "Asking", other.username)
    ]


def test_the_lists_are_mine_only(user, other_user):
    _everything_waits_for(user)
    assert client_for(other_user).get(URL).json() == EMPTY


def test_signed_out_is_a_401(api):
    assert api.get(URL).status_code == 401


def test_query_budget_does_not_grow(user, django_assert_max_num_queries):
    as_me = client_for(user)
    _everything_waits_for(user, 1)
    with django_assert_max_num_queries(QUERIES):
        assert as_me.get(URL).status_code == 200
    _everything_waits_for(user, 3, start=1)
    with django_assert_max_num_queries(QUERIES):
        body = as_me.get(URL).json()
    assert len(body["match_invitations"]) == 4 and len(body["your_turn"]) == 4


def test_the_schema_documents_the_endpoint(as_user):
    schema = as_user.get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/v1/me/attention/"]["get"]
    assert operation["operationId"] == "me_attention"
    ref = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    component = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
    assert set(component["properties"]) == set(EMPTY)
