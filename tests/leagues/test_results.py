"""Logging league results: who reports, who confirms, disputes, voids; and bad input."""

import json

import pytest

from leagues import services
from leagues.models import LeagueMatch, PlayerRating, RatingChange
from matches.models import Match, Participant
from tests.factories import UserFactory
from tests.leagues.conftest import BR, LHF, LOS, errors_of, ok

pytestmark = pytest.mark.django_db

GAME = {"placements": {"ann": 1, "bob": 2, "cal": 3}, "scores": {"ann": {"vp": 12}}}


def test_an_organisers_result_waits_for_every_player_it_names(world):
    """The organiser did not play: the result counts only once ann, bob and cal confirm."""
    ann, bob, cal = world.players[:3]
    body = ok(world.log(world.organiser, GAME))
    assert body["status"] == "reported" and body["confirmed_by"] is None
    assert body["confirmations"] == [] and body["awaiting"] == ["ann", "bob", "cal"]
    assert body["placements"] == {"ann": 1, "bob": 2, "cal": 3}
    assert body["points"] == {"ann": 5, "bob": 3, "cal": 2}
    assert body["ratings"] == [] and not PlayerRating.objects.exists()
    # The match record is the matches app's, in the organiser's name although they did not play.
    match = Match.objects.get(pk=body["match"])
    assert match.status == "reported" and match.created_by == world.organiser
    assert match.outcome["winners"] == ["s1"]
    url = world.url(f"matches/{body['id']}/confirm/")
    for player in (ann, bob):
        assert ok(world.client(player).post(url), 200)["status"] == "reported"
    done = ok(world.client(cal).post(url), 200)
    assert done["status"] == "confirmed" and done["confirmed_by"] == "cal"
    assert [r["player"] for r in done["ratings"]] == ["ann", "bob", "cal"]


def test_a_members_result_waits_for_every_other_player(world):
    ann, bob, cal = world.players[:3]
    body = ok(world.log(ann, GAME))
    assert body["status"] == "reported"
    assert body["confirmations"] == ["ann"] and body["awaiting"] == ["bob", "cal"]
    assert body["ratings"] == []
    url = world.url(f"matches/{body['id']}/confirm/")
    assert ok(world.client(bob).post(url), 200)["status"] == "reported"
    assert ok(world.client(bob).post(url), 200)["confirmations"] == ["ann", "bob"]  # no change
    assert not RatingChange.objects.exists()
    done = ok(world.client(cal).post(url), 200)
    assert done["status"] == "confirmed" and done["confirmed_by"] == "cal"
    assert len(done["ratings"]) == 3
    # Confirming again is a 200 that changes nothing.
    again = ok(world.client(cal).post(url), 200)
    assert again["confirmed_at"] == done["confirmed_at"] and len(again["ratings"]) == 3
    assert RatingChange.objects.count() == 3


def test_nobody_confirms_for_a_player_not_an_organiser_nor_staff(world, staff):
    body = ok(world.log(world.players[0], GAME))
    url = world.url(f"matches/{body['id']}/confirm/")
    for user in (world.organiser, staff, world.outsider):
        response = world.client(user).post(url)
        assert response.status_code == 403, response.json()
    assert LeagueMatch.objects.get(pk=body["id"]).status == "reported"
    assert (
        world.client(world.organiser)
        .post(url)
        .json()["detail"]
        .startswith("Only the players of a result confirm it")
    )


def test_a_disputed_result_waits_for_the_disputer_or_a_void(world):
    ann, bob, cal = world.players[:3]
    body = ok(world.log(ann, GAME))
    base = world.url(f"matches/{body['id']}/")
    assert "reason" in errors_of(world.client(bob).post(base + "dispute/", {}))
    disputed = ok(world.client(bob).post(base + "dispute/", {"reason": "I won that one."}), 200)
    assert disputed["status"] == "disputed" and disputed["dispute_reason"] == "I won that one."
    assert disputed["disputed_by"] == "bob"
    # cal's confirmation is recorded, but the result still waits for bob.
    assert ok(world.client(cal).post(base + "confirm/"), 200)["status"] == "disputed"
    assert world.client(world.organiser).post(base + "confirm/").status_code == 403
    assert world.client(ann).post(base + "void/").status_code == 403
    voided = ok(world.client(world.organiser).post(base + "void/", {"reason": "Replay it."}), 200)
    assert voided["status"] == "void" and voided["void_reason"] == "Replay it."
    assert world.client(bob).post(base + "confirm/").status_code == 409
    assert not RatingChange.objects.exists()


def test_the_disputing_player_may_confirm_after_all(world):
    ann, bob = world.players[:2]
    body = ok(world.log(ann, {"placements": {"ann": 1, "bob": 2}}))
    base = world.url(f"matches/{body['id']}/")
    ok(world.client(bob).post(base + "dispute/", {"reason": "No."}), 200)
    done = ok(world.client(bob).post(base + "confirm/"), 200)
    assert done["status"] == "confirmed" and done["disputed_by"] is None


def test_a_counted_result_is_not_disputed_but_voided(world):
    world.log_counted(GAME)
    body = LeagueMatch.objects.get()
    base = world.url(f"matches/{body.pk}/")
    assert (
        world.client(world.players[1]).post(base + "dispute/", {"reason": "x"}).status_code == 409
    )
    ok(world.client(world.organiser).post(base + "void/"), 200)
    # Its ratings are gone: the game's series was rebuilt without it.
    assert not RatingChange.objects.exists() and not PlayerRating.objects.exists()


def test_results_are_listed_newest_first_and_filtered_by_state(world):
    world.log_counted(GAME)
    ok(world.log(world.players[0], GAME))
    client = world.client(world.outsider)
    rows = ok(client.get(world.url("matches/")), 200)["results"]
    assert [r["status"] for r in rows] == ["reported", "confirmed"]
    rows = ok(client.get(world.url("matches/?status=confirmed")), 200)["results"]
    assert [r["status"] for r in rows] == ["confirmed"]
    assert "status" in errors_of(client.get(world.url("matches/?status=maybe")))
    detail = ok(client.get(world.url(f"matches/{rows[0]['id']}/")), 200)
    assert detail["id"] == rows[0]["id"]


def test_a_player_lists_the_results_awaiting_their_confirmation(world):
    ann, bob = world.players[:2]
    waiting = ok(world.log(ann, GAME))
    ok(world.log(ann, {"placements": {"ann": 1, "dee": 2}}))  # not bob's
    client = world.client(bob)
    rows = ok(client.get(world.url("matches/?awaiting=bob")), 200)["results"]
    assert [r["id"] for r in rows] == [waiting["id"]]
    ok(client.post(world.url(f"matches/{waiting['id']}/confirm/")), 200)
    assert ok(client.get(world.url("matches/?awaiting=bob")), 200)["results"] == []
    assert ok(client.get(world.url("matches/?awaiting=ann")), 200)["results"] == []


def test_duos_are_logged_with_teams_and_teammates_share_a_place(world):
    league = world.new_league(LOS)
    body = ok(
        world.log(
            world.organiser,
            {
                "placements": {"ann": 1, "bob": 1, "cal": 3, "dee": 3},
                "teams": {"ann": "red", "bob": "red", "cal": "blue", "dee": "blue"},
                "scores": {"ann": {"kills": 2}, "cal": {"kills": 1}},
            },
            league,
        )
    )
    assert body["teams"] == {"ann": "red", "bob": "red", "cal": "blue", "dee": "blue"}
    # The blue duo is second among the sides, so it scores second place.
    assert body["points"] == {"ann": 5, "bob": 5, "cal": 3, "dee": 3}


def _live_match(players, *, ruleset=LHF, status="finished"):
    match = Match.objects.create(
        ruleset=ruleset, live=True, status=status, seed=1, outcome={"winners": ["s1"]}
    )
    for n, player in enumerate(players, start=1):
        Participant.objects.create(
            match=match, player=player, seat=f"s{n}", placement=n if status == "finished" else None
        )
    return match


def test_a_finished_live_match_counts_once_its_players_confirm_it(world):
    league = world.new_league(LHF)
    ann, bob = world.players[:2]
    match = _live_match([ann, bob])
    body = ok(world.client(bob).post(world.url("matches/", league), {"match": match.pk}))
    assert body["source"] == "live" and body["status"] == "reported"
    assert body["confirmations"] == ["bob"] and body["awaiting"] == ["ann"]
    assert body["placements"] == {"ann": 1, "bob": 2} and body["points"] == {"ann": 3, "bob": 0}
    again = world.client(ann).post(world.url("matches/", league), {"match": match.pk})
    assert again.status_code == 409
    done = ok(world.client(ann).post(world.url(f"matches/{body['id']}/confirm/", league)), 200)
    assert done["status"] == "confirmed" and len(done["ratings"]) == 2


@pytest.mark.parametrize("case", ["running", "outsider", "other game", "not a player"])
def test_a_live_match_that_cannot_count_is_refused(world, case):
    league = world.new_league(LHF)
    ann, bob = world.players[:2]
    match = {
        "running": lambda: _live_match([ann, bob], status="live"),
        "outsider": lambda: _live_match([ann, world.outsider]),
        "other game": lambda: _live_match([ann, bob], ruleset=LOS),
        "not a player": lambda: _live_match([bob, world.players[2]]),
    }[case]()
    response = world.client(ann).post(world.url("matches/", league), {"match": match.pk})
    assert response.status_code in (400, 403) and "match" in response.json()["errors"]
    assert not LeagueMatch.objects.exists()


def test_a_live_match_counts_only_under_the_leagues_house_rules(world):
    """A league plays with the house rules it chose: a live match played under others is
    another game, refused naming the rules of both; one played under the same ones counts."""
    league = world.new_league(LHF, house_rules={"fists": True})
    ann, bob = world.players[:2]
    by_the_text = _live_match([ann, bob])
    response = world.client(ann).post(world.url("matches/", league), {"match": by_the_text.pk})
    message = errors_of(response, 400)["match"][0]
    assert "fists at -1" in message and "the rulebook's text" in message
    assert not LeagueMatch.objects.exists()
    with_fists = _live_match([ann, bob])
    with_fists.options = {"house_rules": {"fists": True, "stat_caps": False}}
    with_fists.save(update_fields=["options"])
    body = ok(world.client(ann).post(world.url("matches/", league), {"match": with_fists.pk}))
    assert body["source"] == "live"


# --- bad input: a 4xx naming the field, nothing written ----------------------------------------


def _refused(world, user, body, field, *, league=None, code=400, raw=False):
    before = (Match.objects.count(), LeagueMatch.objects.count(), Participant.objects.count())
    client = world.client(user)
    url = world.url("matches/", league)
    if raw:
        response = client.post(url, body, content_type="application/json")
    else:
        response = client.post(url, body, format="json")
    errors = errors_of(response, code)
    assert field in errors, errors
    after = (Match.objects.count(), LeagueMatch.objects.count(), Participant.objects.count())
    assert after == before
    return errors[field]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        # Le Dernier Peuple is played by 2 to 5: six places do not fit.
        (
            {
                "placements": {
                    n: i for i, n in enumerate(["ann", "bob", "cal", "dee", "eve", "fay"], 1)
                }
            },
            "placements",
        ),
        ({"placements": {"ann": 1}}, "placements"),
        ({"placements": {"ann": 1, "bob": 3}}, "placements.bob"),  # nobody is second
        ({"placements": {"ann": 0, "bob": 1}}, "placements.ann"),
        ({"placements": {"ann": 1, "zed": 2}}, "placements.zed"),  # not a member
        ({"placements": {"ann": 1, "nobody": 2}}, "placements.nobody"),
        ({"placements": {"ann": "first", "bob": 2}}, "placements.ann"),
        # "The winner must have reached 12 VP" (Le Dernier Peuple's check_result).
        ({"placements": {"ann": 1, "bob": 2}, "scores": {"ann": {"vp": 11}}}, "scores.ann.vp"),
        ({"placements": {"ann": 1, "bob": 2}, "scores": {"ann": {"kills": 1}}}, "scores.ann.kills"),
        ({"placements": {"ann": 1, "bob": 2}, "scores": {"cal": {"vp": 1}}}, "scores.cal"),
        ({"placements": {"ann": 1, "bob": 1}}, "placements"),  # one winner in this game
        ({"placements": {"ann": 1, "bob": 2}, "played_at": "2999-01-01T00:00:00Z"}, "played_at"),
        ({"scores": {"ann": {"vp": 12}}}, "placements"),
        ({}, "placements"),
    ],
)
def test_a_result_that_breaks_the_rules_is_refused(world, body, field):
    _refused(world, world.organiser, body, field)


def test_a_player_listed_twice_is_refused(world):
    raw = '{"placements": {"ann": 1, "bob": 2, "ann": 3}}'
    assert json.loads(raw)["placements"] == {"ann": 3, "bob": 2}  # what plain JSON would keep
    messages = _refused(world, world.organiser, raw, "placements.ann", raw=True)
    assert "more than once" in messages[0]


def test_a_negative_warriors_count_is_refused(world):
    league = world.new_league(BR)
    body = {"placements": {"ann": 1, "bob": 2}, "scores": {"bob": {"warriors": -1}}}
    _refused(world, world.organiser, body, "scores.bob.warriors", league=league)


def test_a_battle_royale_survivor_ranks_above_the_fallen(world):
    league = world.new_league(BR)
    body = {
        "placements": {"ann": 1, "bob": 2},
        "scores": {"ann": {"warriors": 0}, "bob": {"warriors": 3}},
    }
    _refused(world, world.organiser, body, "scores.ann.warriors", league=league)


def test_a_one_on_one_game_takes_two_players(world):
    league = world.new_league(LHF)
    body = {"placements": {"ann": 1, "bob": 2, "cal": 3}}
    _refused(world, world.organiser, body, "placements", league=league)


def test_teammates_cannot_finish_apart(world):
    league = world.new_league(LOS)
    body = {
        "placements": {"ann": 1, "bob": 2, "cal": 3},
        "teams": {"ann": "red", "bob": "red"},
    }
    _refused(world, world.organiser, body, "teams.bob", league=league)
    body = {"placements": {"ann": 1, "bob": 1}, "teams": {"ann": "red", "bob": "red"}}
    _refused(world, world.organiser, body, "teams", league=league)


def test_a_result_outside_the_season_is_refused(world):
    import datetime

    league = world.new_league(
        LHF, season_start=datetime.date(2025, 3, 1), season_end=datetime.date(2025, 3, 31)
    )
    body = {"placements": {"ann": 1, "bob": 2}, "played_at": "2025-04-02T20:00:00Z"}
    _refused(world, world.organiser, body, "played_at", league=league)
    body["played_at"] = "2025-03-15T20:00:00Z"
    assert ok(world.log(world.organiser, body, league))["played_at"].startswith("2025-03-15")


def test_who_may_report_a_result_is_decided_before_the_names_are_checked(world):
    """Members report their own games, organisers any; the names are checked after that."""
    invited = UserFactory(username="ivy")
    services.add_member(league=world.league, player=invited, actor=world.organiser)
    for reporter, placements, code in [
        (world.outsider, {"zed": 1, "ann": 2}, 403),  # not a member, naming themselves
        (invited, {"ivy": 1, "ann": 2}, 403),  # invited, not yet accepted
        (world.players[0], {"bob": 1, "cal": 2}, 403),  # a member, not playing
        (world.organiser, {"bob": 1, "cal": 2}, 201),  # an organiser, not playing
        (world.players[0], {"ann": 1, "cal": 2}, 201),  # a member, playing
    ]:
        response = world.log(reporter, {"placements": placements})
        assert response.status_code == code, (reporter.username, response.json())
    assert errors_of(world.log(world.players[0], {"placements": {"ann": 1, "nobody": 2}})) == {
        "placements.nobody": ["'nobody' is not a member of this league."]
    }
