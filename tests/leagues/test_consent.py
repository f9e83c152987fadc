"""Consent in leagues: an organiser's invitation waits for the player; results name only
members who accepted (or joined with the code) and count only once every player in them
confirms. Attack 2 of issue 14, scripted: ten results an organiser logs cannot make a
stranger rank 1 and give a victim ten losses."""

import pytest

from leagues.models import LeagueMatch, Membership, PlayerRating, RatingChange
from matches.models import Match
from tests.factories import UserFactory
from tests.leagues.conftest import LDP, LHF, errors_of, ok

pytestmark = pytest.mark.django_db


def invite(world, name, league=None):
    return ok(world.client(world.organiser).post(world.url("members/", league), {"player": name}))


def answer(world, user, member, what, code=200, league=None):
    response = world.client(user).post(world.url(f"members/{member['id']}/{what}/", league))
    assert response.status_code == code, response.json()
    return response.json()


# --- invitations ---------------------------------------------------------------------------------


def test_an_organisers_invitation_waits_for_the_player(world):
    zed = world.outsider
    member = invite(world, "zed")
    assert member == {**member, "player": "zed", "status": "invited", "via": "invitation"}
    assert member["answered_at"] is None
    # Not a member yet: not in the table, not counted, not to be named in a result.
    table = ok(world.client(zed).get(world.url("standings/")), 200)
    assert "zed" not in [r["player"] for r in table["rows"]]
    assert ok(world.client(zed).get(world.url()), 200)["members"] == 6
    refused = errors_of(world.log(world.organiser, {"placements": {"ann": 1, "zed": 2}}))
    assert "has not accepted" in refused["placements.zed"][0]
    assert world.log(zed, {"placements": {"zed": 1, "ann": 2}}).status_code == 403

    accepted = answer(world, zed, member, "accept")
    assert accepted["status"] == "active" and accepted["answered_at"]
    assert ok(world.client(zed).get(world.url()), 200)["members"] == 7
    assert ok(world.log(zed, {"placements": {"zed": 1, "ann": 2}}))["awaiting"] == ["ann"]


def test_answers_are_idempotent_and_final(world):
    zed = world.outsider
    member = invite(world, "zed")
    first = answer(world, zed, member, "accept")
    assert answer(world, zed, member, "accept") == first  # the same answer: 200, no change
    assert "a member of this league" in answer(world, zed, member, "decline", 409)["detail"]

    other = UserFactory(username="yve")
    declined = answer(world, other, invite(world, "yve"), "decline")
    assert declined["status"] == "declined"
    assert answer(world, other, declined, "decline") == declined
    assert answer(world, other, declined, "accept", 409)["detail"].startswith("You declined")
    # The organiser cannot keep inviting someone who said no...
    again = world.client(world.organiser).post(world.url("members/"), {"player": "yve"})
    assert again.status_code == 409 and "declined" in again.json()["errors"]["player"][0]
    # ...but the player may still come in with the code.
    joined = ok(
        world.client(other).post(world.url("members/"), {"join_code": world.league.join_code})
    )
    assert joined["status"] == "active" and joined["id"] == declined["id"]


def test_only_the_invited_player_answers(world, staff):
    member = invite(world, "zed")
    for user in (world.organiser, staff, world.players[0]):
        body = answer(world, user, member, "accept", 403)
        assert "only they may answer" in body["detail"]
        answer(world, user, member, "decline", 403)
    assert Membership.objects.get(pk=member["id"]).status == "invited"
    # Another league's membership id is not found under this league.
    other = world.new_league(LDP, name="Other", members=[])
    url = world.url(f"members/{member['id']}/accept/", other)
    assert world.client(world.outsider).post(url).status_code == 404


def test_joining_with_the_code_or_adding_oneself_needs_no_answer(world):
    zed = world.client(world.outsider)
    joined = ok(zed.post(world.url("members/"), {"join_code": world.league.join_code}))
    assert joined["status"] == "active" and joined["via"] == "code"
    mine = ok(world.client(world.organiser).post(world.url("members/"), {"player": "orga"}))
    assert mine["status"] == "active"
    # An invitation is taken up by joining with the code too.
    yve = UserFactory(username="yve")
    invite(world, "yve")
    body = {"join_code": world.league.join_code}
    assert ok(world.client(yve).post(world.url("members/"), body))["status"] == "active"


def test_invitations_are_listed_with_their_state(world):
    invite(world, "zed")
    client = world.client(world.outsider)
    rows = ok(client.get(world.url("members/?status=invited")), 200)["results"]
    assert [(m["player"], m["status"]) for m in rows] == [("zed", "invited")]
    assert len(ok(client.get(world.url("members/?status=active")), 200)["results"]) == 6
    assert "status" in errors_of(client.get(world.url("members/?status=maybe")))


# --- attack 2 of issue 14 -------------------------------------------------------------------------


def _ratings():
    return sorted(
        PlayerRating.objects.values_list("ruleset", "player__username", "mu", "sigma", "games")
    )


def test_ten_logged_results_cannot_make_a_stranger_rank_1_and_the_victim_lose_ten(world):
    """An organiser (mallory) and a stranger who joined her league with its code log ten
    wins of the stranger over a victim who never agreed to anything."""
    victim = world.players[0]  # ann: already rated from a genuine game elsewhere
    world.log_counted({"placements": {"ann": 1, "bob": 2}})
    before = _ratings()

    mallory = UserFactory(username="mallory")
    stranger = UserFactory(username="stranger")
    as_mallory, as_stranger = world.client(mallory), world.client(stranger)
    league = ok(as_mallory.post("/api/v1/leagues/", {"name": "Rigged", "ruleset": LDP}))
    url = f"/api/v1/leagues/{league['id']}/"
    ok(as_stranger.post(url + "members/", {"join_code": league["join_code"]}))
    invitation = ok(as_mallory.post(url + "members/", {"player": victim.username}))
    assert invitation["status"] == "invited"

    rigged = {"placements": {"stranger": 1, victim.username: 2}, "scores": {"stranger": {"vp": 12}}}
    matches_before = Match.objects.count()
    for _ in range(10):
        for client in (as_mallory, as_stranger):
            response = client.post(url + "matches/", rigged, format="json")
            assert response.status_code == 400, response.json()
            assert f"placements.{victim.username}" in response.json()["errors"]
    assert (
        Match.objects.count() == matches_before
        and not LeagueMatch.objects.filter(league_id=league["id"]).exists()
    )

    # Even a victim who accepts the invitation in good faith loses nothing they did not confirm.
    ok(world.client(victim).post(url + f"members/{invitation['id']}/accept/"), 200)
    logged = [ok(as_mallory.post(url + "matches/", rigged, format="json")) for _ in range(10)]
    for result in logged:
        assert result["status"] == "reported" and result["ratings"] == []
        ok(as_stranger.post(url + f"matches/{result['id']}/confirm/"), 200)
        refused = as_mallory.post(url + f"matches/{result['id']}/confirm/")
        assert refused.status_code == 403
    results = LeagueMatch.objects.filter(league_id=league["id"])
    assert set(results.values_list("status", flat=True)) == {"reported"}
    assert not RatingChange.objects.filter(result__in=results).exists()
    assert _ratings() == before

    board = ok(as_mallory.get(f"/api/v1/rulesets/{LDP}/leaderboard/"), 200)["results"]
    assert "stranger" not in [r["player"] for r in board]
    table = {r["player"]: r for r in ok(as_mallory.get(url + "standings/"), 200)["rows"]}
    assert table[victim.username]["lost"] == 0 and table["stranger"]["won"] == 0
    stats = ok(as_mallory.get(f"/api/v1/players/{victim.username}/stats/"), 200)
    assert [g["played"] for g in stats["games"]] == [1]  # the genuine game only
    # The victim sees what waits for them, and may dispute it.
    waiting = ok(world.client(victim).get(url + f"matches/?awaiting={victim.username}"), 200)
    assert waiting["count"] == 10
    body = {"reason": "I never played mallory's friend."}
    disputed = world.client(victim).post(url + f"matches/{logged[0]['id']}/dispute/", body)
    assert disputed.status_code == 200


def test_a_live_match_added_to_a_league_counts_only_with_its_players(world):
    from matches.models import Participant

    league = world.new_league(LHF)
    ann, bob = world.players[:2]
    match = Match.objects.create(
        ruleset=LHF, live=True, status="finished", seed=1, outcome={"winners": ["s1"]}
    )
    for n, player in enumerate([ann, bob], start=1):
        Participant.objects.create(match=match, player=player, seat=f"s{n}", placement=n)
    body = ok(
        world.client(world.organiser).post(world.url("matches/", league), {"match": match.pk})
    )
    assert body["status"] == "reported" and body["awaiting"] == ["ann", "bob"]
    assert not RatingChange.objects.exists()
