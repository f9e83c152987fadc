"""Who may do what in a campaign, and bad reports refused with the field named."""

import pytest

from campaigns.models import Battle, Membership
from rosters import services as rosters
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def post(world, user, suffix, body=None):
    return world.client(user).post(world.url(suffix), body or {}, format="json")


def body(world, a, b, **extra):
    return {"gangs": [a.pk, b.pk], "winner": a.pk, **extra}


def test_creating_a_campaign_makes_the_creator_its_arbitrator(as_user, user):
    response = as_user.post(
        "/api/v1/campaigns/", {"name": "Tombstone", "ruleset": "last-hope-frontier"}, format="json"
    )
    assert response.status_code == 201, response.json()
    assert response.json()["arbitrators"] == [user.username]
    assert response.json()["status"] == "draft"
    assert response.json()["join_code"]


def test_other_games_are_for_leagues(as_user):
    response = as_user.post(
        "/api/v1/campaigns/", {"name": "X", "ruleset": "battle-royale"}, format="json"
    )
    assert response.status_code == 400
    assert "ruleset" in response.json()["errors"]


def test_only_arbitrators_see_the_join_code(world):
    outsider = UserFactory()
    assert world.client(outsider).get(world.url()).json()["join_code"] is None
    assert (
        world.client(world.arbitrator).get(world.url()).json()["join_code"]
        == world.campaign.join_code
    )


def test_joining_needs_the_code_and_the_arbitrators_approval(world):
    newcomer = UserFactory(username="eve")
    gang = rosters.create_gang(owner=newcomer, name="Eve's", faction="sheriffs")
    wrong = post(world, newcomer, "members/", {"gang": gang.pk, "join_code": "nope"})
    assert wrong.status_code == 400 and "join_code" in wrong.json()["errors"]
    asked = post(
        world, newcomer, "members/", {"gang": gang.pk, "join_code": world.campaign.join_code}
    )
    assert asked.status_code == 201 and asked.json()["status"] == "pending"
    assert post(world, newcomer, f"members/{asked.json()['id']}/approve/").status_code == 403
    approved = post(world, world.arbitrator, f"members/{asked.json()['id']}/approve/")
    assert approved.json()["status"] == "active"


def test_someone_elses_gang_cannot_be_entered(world):
    stranger = UserFactory()
    gang = world.gangs[0]
    response = post(
        world, stranger, "members/", {"gang": gang.pk, "join_code": world.campaign.join_code}
    )
    assert response.status_code == 403


def test_leaving_takes_effect_at_once_and_no_arbitrator_can_refuse_it(world):
    ann = world.players[0]
    membership = Membership.objects.get(gang=world.gangs[0])
    assert post(world, ann, f"members/{membership.pk}/leave/").json()["status"] == "left"
    for decision in ("reject", "approve"):
        refused = post(world, world.arbitrator, f"members/{membership.pk}/{decision}/")
        assert refused.status_code == 409, refused.content
    membership.refresh_from_db()
    assert membership.status == "left"


def test_a_result_for_a_gang_outside_the_campaign_is_refused(world):
    outsider = rosters.create_gang(owner=world.players[0], name="Second gang", faction="sheriffs")
    response = post(world, world.players[0], "battles/", body(world, world.gangs[0], outsider))
    assert response.status_code == 400
    assert "gangs" in response.json()["errors"]
    assert not Battle.objects.exists()


def test_a_fighter_twice_out_of_action_in_one_report_is_refused(world):
    a, b = world.gangs[:2]
    victim = world.fighters[b.pk][2]
    response = post(
        world,
        world.players[0],
        "battles/",
        body(world, a, b, casualties=[{"fighter": victim.pk}, {"fighter": victim.pk}]),
    )
    assert response.status_code == 400
    assert "twice" in response.json()["errors"]["casualties.1.fighter"][0]
    assert not Battle.objects.exists()


def test_a_killing_blow_by_a_dead_fighter_is_refused(world):
    a, b = world.gangs[:2]
    dead = world.fighters[a.pk][3]
    for _ in range(3):
        rosters.take_out_of_action(fighter=dead, actor=None)
    response = post(
        world,
        world.players[0],
        "battles/",
        body(
            world,
            a,
            b,
            casualties=[{"fighter": world.fighters[b.pk][2].pk, "taken_out_by": dead.pk}],
        ),
    )
    assert response.status_code == 400
    assert "dead" in response.json()["errors"]["casualties.0.taken_out_by"][0]


def test_reporting_into_a_closed_round_is_refused(world, run_on_commit):
    run_on_commit(post, world, world.arbitrator, "rounds/1/close/")
    response = post(world, world.players[0], "battles/", body(world, *world.gangs[:2]))
    assert response.status_code == 409
    assert "round" in response.json()["errors"]


@pytest.mark.parametrize(
    "extra,field",
    [
        ({"winner": 999999}, "winner"),
        ({"gangs": [1]}, "gangs"),
        ({"casualties": [{"fighter": 999999}]}, "casualties.0.fighter"),
        ({"casualties": ["x"]}, "casualties.0.non_field_errors"),
        ({"goods": {"1": ["unobtainium"]}}, "goods"),
        ({"credits": {"1": -5}}, "credits.1"),
        ({"credits": {"1": 10**9}}, "credits.1"),
    ],
)
def test_bad_reports_name_the_field(world, extra, field):
    a, b = world.gangs[:2]
    payload = body(world, a, b, **extra)
    for key in ("goods", "credits"):  # key the per-gang maps by a real gang of the battle
        if key in payload:
            payload[key] = {str(a.pk): next(iter(payload[key].values()))}
    response = post(world, world.players[0], "battles/", payload)
    assert response.status_code == 400, response.json()
    assert any(key.startswith(field.split(".")[0]) for key in response.json()["errors"]), (
        response.json()
    )
    assert not Battle.objects.exists()


def test_only_the_gangs_owners_or_an_arbitrator_report(world):
    a, b = world.gangs[:2]
    assert post(world, world.players[2], "battles/", body(world, a, b)).status_code == 403


def test_the_reporter_cannot_confirm_their_own_report(world):
    a, b = world.gangs[:2]
    battle = post(world, world.players[0], "battles/", body(world, a, b)).json()
    assert post(world, world.players[0], f"battles/{battle['id']}/confirm/").status_code == 403
    assert post(world, world.players[2], f"battles/{battle['id']}/confirm/").status_code == 403


def test_a_disputed_result_waits_for_the_arbitrator(world, run_on_commit):
    a, b = world.gangs[:2]
    battle = post(world, world.players[0], "battles/", body(world, a, b)).json()
    missing = post(world, world.players[1], f"battles/{battle['id']}/dispute/", {})
    assert missing.status_code == 400 and "reason" in missing.json()["errors"]
    disputed = post(
        world, world.players[1], f"battles/{battle['id']}/dispute/", {"reason": "We won!"}
    )
    assert disputed.json()["status"] == "disputed"
    assert post(world, world.players[1], f"battles/{battle['id']}/confirm/").status_code == 403
    decided = run_on_commit(post, world, world.arbitrator, f"battles/{battle['id']}/confirm/")
    assert decided.json()["status"] == "confirmed"
    assert Battle.objects.get(pk=battle["id"]).post_game_at is not None


def test_an_arbitrator_can_void_a_report(world):
    a, b = world.gangs[:2]
    battle = post(world, world.players[0], "battles/", body(world, a, b)).json()
    assert (
        post(world, world.players[1], f"battles/{battle['id']}/void/", {"reason": "x"}).status_code
        == 403
    )
    assert (
        post(
            world, world.arbitrator, f"battles/{battle['id']}/void/", {"reason": "Never played"}
        ).json()["status"]
        == "void"
    )


def test_an_arbitrator_can_adjust_a_member_gangs_credits(world):
    gang = world.gangs[0]
    response = world.client(world.arbitrator).post(
        f"/api/v1/gangs/{gang.pk}/adjustments/", {"amount": 15, "note": "Bounty"}, format="json"
    )
    assert response.status_code == 201


def test_settings_and_tie_breakers(world):
    bad = world.client(world.arbitrator).patch(
        world.url(), {"tie_breakers": ["coin_toss"]}, format="json"
    )
    assert bad.status_code == 400 and "tie_breakers.0" in bad.json()["errors"]
    ok = world.client(world.arbitrator).patch(
        world.url(), {"tie_breakers": ["wins", "head_to_head"], "points_win": 2}, format="json"
    )
    assert ok.json()["tie_breakers"] == ["wins", "head_to_head"]
    assert (
        world.client(world.players[0])
        .patch(world.url(), {"points_win": 9}, format="json")
        .status_code
        == 403
    )


def test_anyone_signed_in_reads_campaigns(world, api):
    outsider = world.client(UserFactory())
    for suffix in ["", "members/", "rounds/", "battles/", "standings/", "log/"]:
        assert outsider.get(world.url(suffix)).status_code == 200, suffix
    assert api.get(world.url()).status_code == 401


def test_flips_cannot_be_spent_by_another_player(world):
    fighter = world.fighters[world.gangs[0].pk][0]
    rosters.award_flips(fighter=fighter, count=1, actor=None)
    other = world.client(world.players[1])
    assert (
        other.post(
            f"/api/v1/fighters/{fighter.pk}/flips/", {"action": "flip"}, format="json"
        ).status_code
        == 403
    )


def test_a_tie_is_only_called_unbroken_once_the_tied_have_played(world):
    """At the start everyone is level on nothing: no warning. Once they have played and no
    tie-breaker separates them, the warning is said in the reader's language."""
    from django.utils import translation

    from campaigns import selectors

    world.campaign.tie_breakers = []
    world.campaign.save(update_fields=["tie_breakers"])
    assert selectors.campaign_standings(world.campaign)["warnings"] == []
    a, b = world.gangs[:2]
    reported = post(world, world.arbitrator, "battles/", {"gangs": [a.pk, b.pk], "winner": None})
    assert reported.status_code == 201, reported.json()
    post(world, world.players[1], f"battles/{reported.json()['id']}/confirm/")
    with translation.override("fr"):
        (said,) = selectors.campaign_standings(world.campaign)["warnings"]
    assert said.startswith("Égalité non départagée entre ")
