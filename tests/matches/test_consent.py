"""Consent in matches: naming other players in ``POST matches/`` invites them. A live match is
not dealt (no state, no legal actions, no actions) until every seat accepted; a decline
cancels it. A logged result that names others waits for their confirmation and counts for
nothing until then. Nobody answers for anybody else."""

import pytest

from matches import selectors, services
from matches.models import Match, MatchAction, MatchEvent
from rulesets.registry import get_ruleset
from tests.conftest import client_for
from tests.matches.factories import UserFactory

pytestmark = pytest.mark.django_db

MATCHES = "/api/v1/matches/"


@pytest.fixture
def as_(db):
    """ann, ben and cat, each with a signed-in client, by name."""
    return {name: client_for(UserFactory(username=name)) for name in ("ann", "ben", "cat")}


def invite(client, players, **body):
    response = client.post(
        MATCHES, {"ruleset": "fake-pick", "live": True, "players": players, **body}, format="json"
    )
    assert response.status_code == 201, response.json()
    return response.json()


def post(client, match, what, **headers):
    return client.post(f"{MATCHES}{match['id']}/{what}/", headers=headers)


# --- a live match waits for its players ----------------------------------------------------------


def test_an_invited_match_is_not_dealt_until_every_seat_accepted(as_):
    body = invite(as_["ann"], ["ann", "ben", "cat"])
    assert body["status"] == "invited" and body["awaiting"] == ["ben", "cat"]
    assert {s["player"]: s["consent"] for s in body["seats"]} == {
        "ann": "accepted",
        "ben": "awaiting",
        "cat": "awaiting",
    }
    match = Match.objects.get(pk=body["id"])
    assert match.state == {} and match.seed is not None  # the seed is drawn, nothing dealt

    for client in as_.values():
        for what in ("state", "legal-actions"):
            response = client.get(f"{MATCHES}{body['id']}/{what}/")
            assert response.status_code == 409, response.json()
            assert response.json()["detail"] == (
                "The match has not begun: it waits for ben, cat to accept."
            )
    refused = as_["ann"].post(
        f"{MATCHES}{body['id']}/actions/", {"type": "pass"}, format="json", HTTP_IDEMPOTENCY_KEY="k"
    )
    assert refused.status_code == 409 and "waits for ben, cat" in refused.json()["detail"]
    assert post(as_["ann"], body, "resign").status_code == 409
    assert not MatchAction.objects.exists()
    assert as_["ann"].get(f"{MATCHES}{body['id']}/events/").json()["results"] == []

    half = post(as_["ben"], body, "accept")
    assert half.status_code == 200 and half.json()["status"] == "invited"
    assert half.json()["awaiting"] == ["cat"]
    dealt = post(as_["cat"], body, "accept").json()
    assert dealt["status"] == "live" and dealt["awaiting"] == [] and dealt["version"] == 0

    # Dealt from the seed drawn at the invitation, exactly as new_game deals it.
    match.refresh_from_db()
    game = get_ruleset("fake-pick")
    assert match.state == services.canonical(game.new_game(["s1", "s2", "s3"], {}, match.seed))
    assert list(MatchEvent.objects.filter(match=match).values_list("type", flat=True)) == [
        "match_started"
    ]
    legal = as_["ann"].get(f"{MATCHES}{body['id']}/legal-actions/").json()
    assert legal["seat"] == "s1" and legal["actions"]


def test_accepting_twice_changes_nothing(as_):
    body = invite(as_["ann"], ["ann", "ben"])
    first = post(as_["ben"], body, "accept").json()
    again = post(as_["ben"], body, "accept")
    assert again.status_code == 200 and again.json() == first
    assert post(as_["ann"], body, "accept").status_code == 200  # the creator's seat, too
    assert MatchEvent.objects.filter(match_id=body["id"]).count() == 1


def test_a_decline_cancels_the_match(as_):
    body = invite(as_["ann"], ["ann", "ben", "cat"])
    post(as_["ben"], body, "accept")
    cancelled = post(as_["cat"], body, "decline")
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    assert post(as_["cat"], body, "decline").status_code == 200  # again: no change
    assert post(as_["ann"], body, "decline").json()["status"] == "cancelled"
    refused = post(as_["ben"], body, "accept")  # already accepted: a no-op, still cancelled
    assert refused.status_code == 200 and refused.json()["status"] == "cancelled"
    state = as_["ann"].get(f"{MATCHES}{body['id']}/state/")
    assert state.status_code == 409
    assert state.json()["detail"] == "This match was cancelled: cat declined."
    assert Match.objects.get(pk=body["id"]).state == {}
    assert post(as_["cat"], body, "accept").status_code == 409  # cat said no
    assert as_["cat"].get(f"{MATCHES}?awaiting=cat").json()["results"] == []


def test_the_creator_may_withdraw_an_invitation_but_not_a_match_in_play(as_):
    body = invite(as_["ann"], ["ann", "ben"])
    assert post(as_["ann"], body, "decline").json()["status"] == "cancelled"
    assert post(as_["ben"], body, "accept").status_code == 409

    played = invite(as_["ann"], ["ann", "ben"])
    post(as_["ben"], played, "accept")
    refused = post(as_["ben"], played, "decline")
    assert refused.status_code == 409 and "resign instead" in refused.json()["detail"]


def test_nobody_answers_for_someone_else(as_, as_staff):
    body = invite(as_["ann"], ["ann", "ben"])
    for client in (as_["cat"], as_staff):
        for what in ("accept", "decline", "confirm"):
            response = post(client, body, what)
            assert response.status_code == 403, (what, response.json())
    # ann, who sent the invitation, is seated: her answers concern her own seat only.
    assert post(as_["ann"], body, "accept").json()["awaiting"] == ["ben"]
    assert as_["cat"].post(f"{MATCHES}999999/accept/").status_code == 404
    assert Match.objects.get(pk=body["id"]).status == "invited"


def test_staff_inviting_others_wait_for_every_seat(as_, as_staff):
    body = invite(as_staff, ["ann", "ben"], seed=7)
    assert body["awaiting"] == ["ann", "ben"]
    post(as_["ann"], body, "accept")
    assert post(as_["ben"], body, "accept").json()["status"] == "live"
    assert Match.objects.get(pk=body["id"]).seed == 7


def test_bad_options_are_refused_at_the_invitation(as_):
    response = as_["ann"].post(
        MATCHES,
        {"ruleset": "fake-pick", "live": True, "players": ["ann", "ben"], "options": {"x": 1}},
        format="json",
    )
    assert response.status_code == 400 and "options.x" in response.json()["errors"]
    assert not Match.objects.exists()


def test_invitations_are_listed_for_the_invited(as_):
    body = invite(as_["ann"], ["ann", "ben"])
    other = invite(as_["cat"], ["cat", "ann"])
    assert [m["id"] for m in as_["ben"].get(f"{MATCHES}?awaiting=ben").json()["results"]] == [
        body["id"]
    ]
    assert [m["id"] for m in as_["ann"].get(f"{MATCHES}?awaiting=ann").json()["results"]] == [
        other["id"]
    ]
    post(as_["ben"], body, "accept")
    assert as_["ben"].get(f"{MATCHES}?awaiting=ben").json()["results"] == []


# --- a logged result waits for the players it names -----------------------------------------------


def log(client, placements):
    return client.post(
        MATCHES, {"ruleset": "fake-pick", "live": False, "placements": placements}, format="json"
    )


def test_a_logged_result_counts_only_once_the_players_it_names_confirm(as_):
    response = log(as_["ann"], {"ann": 1, "ben": 2, "cat": 3})
    assert response.status_code == 201
    body = response.json()
    assert body["status"] == "reported" and body["awaiting"] == ["ben", "cat"]
    assert not selectors.counted(Match.objects.filter(pk=body["id"])).exists()
    listed = as_["ben"].get(f"{MATCHES}?awaiting=ben").json()["results"]
    assert [m["id"] for m in listed] == [body["id"]]

    assert post(as_["ben"], body, "confirm").json()["awaiting"] == ["cat"]
    assert post(as_["ben"], body, "confirm").json()["awaiting"] == ["cat"]  # again: no change
    assert not selectors.counted(Match.objects.filter(pk=body["id"])).exists()
    done = post(as_["cat"], body, "confirm").json()
    assert done["awaiting"] == [] and done["status"] == "reported"
    assert selectors.counted(Match.objects.filter(pk=body["id"])).exists()
    assert as_["ben"].get(f"{MATCHES}?awaiting=ben").json()["results"] == []


def test_a_declined_result_never_counts(as_):
    body = log(as_["ann"], {"ann": 1, "ben": 2, "cat": 3}).json()
    post(as_["ben"], body, "confirm")
    declined = post(as_["cat"], body, "decline")
    assert declined.status_code == 200
    assert {s["player"]: s["consent"] for s in declined.json()["seats"]}["cat"] == "declined"
    assert post(as_["cat"], body, "decline").status_code == 200
    assert post(as_["cat"], body, "confirm").status_code == 409
    assert post(as_["ben"], body, "decline").status_code == 409  # ben confirmed: it stands
    assert not selectors.counted(Match.objects.filter(pk=body["id"])).exists()
    assert as_["ann"].get(f"{MATCHES}?awaiting=ann").json()["results"] == []
    assert as_["cat"].get(f"{MATCHES}?awaiting=cat").json()["results"] == []
    assert post(as_["ann"], body, "confirm").status_code == 200  # ann's own seat: a no-op


def test_a_result_staff_log_waits_for_every_player(as_, as_staff):
    body = log(as_staff, {"ann": 1, "ben": 2}).json()
    assert body["awaiting"] == ["ann", "ben"]
    assert post(as_staff, body, "confirm").status_code == 403


# --- the answers' cost: what the write read is what the response shows ---------------------------

# With force_authenticate (no auth query), in the test's transaction (each service's atomic
# block is a SAVEPOINT and its RELEASE: 2 of each budget). Logging a result or inviting: the
# players, the match, its seats. An answer: the match row locked (its creator joined, not
# locked, and whether it is a friendly battle), every seat with its player, the seat's answer;
# the last acceptance then writes the first event and the dealt match. None
# reads the match again for the response (matches.services.records.with_seats). Inviting
# also writes the invited players' notifications (one INSERT).
LOG_BUDGET = 5
INVITE_BUDGET = 6
CONFIRM_BUDGET = 5
ACCEPT_AND_DEAL_BUDGET = 7
DECLINE_BUDGET = 7


def _detail(client, body):
    return client.get(f"{MATCHES}{body['id']}/").json()


def test_logging_and_confirming_a_result_answer_what_the_match_now_is_within_budget(
    as_, django_assert_max_num_queries
):
    result = {
        "ruleset": "le-dernier-peuple",
        "live": False,
        "placements": {"ann": 1, "ben": 2},
        "scores": {"ann": {"vp": 12}, "ben": {"vp": 3}},
        "played_at": "2026-11-30T21:15:00+02:00",  # another offset than the server's
    }
    with django_assert_max_num_queries(LOG_BUDGET):
        logged = as_["ann"].post(MATCHES, result, format="json")
    assert logged.status_code == 201, logged.json()
    assert logged.json() == _detail(as_["ann"], logged.json())
    assert logged.json()["awaiting"] == ["ben"]
    with django_assert_max_num_queries(CONFIRM_BUDGET):
        confirmed = post(as_["ben"], logged.json(), "confirm")
    assert confirmed.status_code == 200, confirmed.json()
    assert confirmed.json() == _detail(as_["ben"], logged.json())
    assert confirmed.json()["awaiting"] == []


def test_inviting_accepting_and_declining_answer_what_the_match_now_is_within_budget(
    as_, django_assert_max_num_queries
):
    with django_assert_max_num_queries(INVITE_BUDGET):
        invited = as_["ann"].post(
            MATCHES,
            {"ruleset": "fake-pick", "live": True, "players": ["ann", "ben"]},
            format="json",
        )
    assert invited.status_code == 201, invited.json()
    assert invited.json() == _detail(as_["ann"], invited.json())
    with django_assert_max_num_queries(ACCEPT_AND_DEAL_BUDGET):
        accepted = post(as_["ben"], invited.json(), "accept")
    assert accepted.status_code == 200, accepted.json()
    assert accepted.json()["status"] == "live"
    assert accepted.json() == _detail(as_["ben"], invited.json())

    other = invite(as_["ann"], ["ann", "cat"])
    with django_assert_max_num_queries(DECLINE_BUDGET):
        declined = post(as_["cat"], other, "decline")
    assert declined.status_code == 200, declined.json()
    assert declined.json()["status"] == "cancelled"
    assert declined.json() == _detail(as_["cat"], other)


def test_an_answer_about_a_match_that_does_not_exist_is_a_404(as_):
    for what in ("accept", "confirm", "decline"):
        assert post(as_["ann"], {"id": 10**9}, what).status_code == 404


def _fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


@pytest.mark.parametrize("creator", [True, False])
def test_an_answer_reads_the_match_and_seats_the_orm_reads(as_, creator):
    from django.db import transaction

    from matches.services.consent import _locked_seat

    match = Match.objects.get(pk=invite(as_["ann"], ["ann", "ben", "cat"])["id"])
    if not creator:  # a creator's account can be deleted: the match stays, with none
        Match.objects.filter(pk=match.pk).update(created_by=None)
    ben = as_["ben"].handler._force_user
    with transaction.atomic():
        locked, seat = _locked_seat(Match(pk=match.pk), ben)
    orm = Match.objects.select_related("created_by").get(pk=match.pk)
    assert _fields(locked) == _fields(orm) and locked.friendly_battle is False
    if creator:
        assert _fields(locked.created_by) == _fields(orm.created_by)
    else:
        assert locked.created_by is None
    seats = list(orm.participants.select_related("player").order_by("id"))
    mine = list(locked.participants.all())
    assert [_fields(p) for p in mine] == [_fields(p) for p in seats]
    assert [_fields(p.player) for p in mine] == [_fields(p.player) for p in seats]
    assert seat.player_id == ben.pk and seat in mine


def test_an_answer_about_an_id_no_row_has_is_a_404(as_):
    with pytest.raises(Match.DoesNotExist):
        services.accept_match(match=Match(pk=10**30), player=as_["ann"].handler._force_user)
