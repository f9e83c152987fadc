"""League and live-match invitations answered from the pages: the invited player accepts or
declines (the same services as the API), organisers see who has not answered, strangers are
refused, every answer is a CSRF-protected POST, and the pages keep their query budgets."""

from html import unescape

import pytest
from django.test import Client

from leagues import services as leagues
from leagues.models import Membership
from matches import services as matches
from matches.models import Match
from rosters import services as rosters
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PAGE_QUERIES = 30  # as the other site pages (tests/site/test_campaign_league_pages.py)


def _client(user, **kwargs):
    client = Client(**kwargs)
    client.force_login(user)
    return client


def _text(response) -> str:
    return unescape(response.content.decode())


@pytest.fixture
def invited_league(user, other_user):
    """``user`` organises a league and invites ``other_user``."""
    league = leagues.create_league(creator=user, name="Dust Bowl Cup", ruleset="last-one-standing")
    leagues.add_member(league=league, player=user, actor=user)
    invitation = leagues.add_member(league=league, player=other_user, actor=user)
    return league, invitation


def _answer_url(league, invitation, decision):
    return f"/leagues/{league.pk}/members/{invitation.pk}/{decision}/"


# --- league invitations ------------------------------------------------------------------


def test_the_invited_player_sees_the_invitation_at_home_and_on_the_league_page(
    other_user, invited_league
):
    league, invitation = invited_league
    site = _client(other_user)
    home = _text(site.get("/"))
    assert "You are invited to the league Dust Bowl Cup." in home
    assert f'action="{_answer_url(league, invitation, "accept")}"' in home
    assert f'action="{_answer_url(league, invitation, "decline")}"' in home
    page = _text(site.get(f"/leagues/{league.pk}/"))
    assert "invites you to play in this league" in page
    assert f'action="{_answer_url(league, invitation, "accept")}"' in page
    assert "Log the result" not in page  # not a member until they accept


def test_accepting_from_the_page_makes_a_member(other_user, invited_league):
    league, invitation = invited_league
    r = _client(other_user).post(_answer_url(league, invitation, "accept"), follow=True)
    assert r.status_code == 200
    assert "Welcome to the league" in _text(r)
    invitation.refresh_from_db()
    assert invitation.status == Membership.Status.ACTIVE
    assert "Log the result" in _text(r)  # now a member: the form is theirs
    assert "You are invited to the league" not in _text(_client(other_user).get("/"))


def test_declining_from_the_page_says_the_code_still_works(other_user, invited_league):
    league, invitation = invited_league
    r = _client(other_user).post(_answer_url(league, invitation, "decline"), follow=True)
    assert "You may still join later with the league's code." in _text(r)
    invitation.refresh_from_db()
    assert invitation.status == Membership.Status.DECLINED


def test_the_organiser_sees_who_has_not_answered_and_cannot_answer_for_them(
    user, other_user, invited_league
):
    league, invitation = invited_league
    site = _client(user)
    page = _text(site.get(f"/leagues/{league.pk}/"))
    assert "Invited, not answered yet:" in page and other_user.username in page
    assert _answer_url(league, invitation, "accept") not in page
    r = site.post(_answer_url(league, invitation, "accept"))
    assert r.status_code == 403  # the API's refusal: only the invited player answers
    assert "only they may answer it" in _text(r)
    invitation.refresh_from_db()
    assert invitation.status == Membership.Status.INVITED


def test_a_stranger_is_refused_and_a_wrong_league_is_a_404(invited_league):
    league, invitation = invited_league
    stranger = _client(UserFactory())
    assert stranger.post(_answer_url(league, invitation, "accept")).status_code == 403
    other = leagues.create_league(creator=UserFactory(), name="Elsewhere", ruleset="battle-royale")
    assert stranger.post(_answer_url(other, invitation, "accept")).status_code == 404
    assert stranger.post(_answer_url(league, invitation, "maybe")).status_code == 404
    page = _text(stranger.get(f"/leagues/{league.pk}/"))
    assert "Invited, not answered yet:" not in page


def test_answers_are_posts_with_csrf(other_user, invited_league):
    league, invitation = invited_league
    url = _answer_url(league, invitation, "accept")
    assert _client(other_user).get(url).status_code == 405
    assert _client(other_user, enforce_csrf_checks=True).post(url).status_code == 403
    invitation.refresh_from_db()
    assert invitation.status == Membership.Status.INVITED


def test_an_anonymous_answer_goes_to_sign_in(client, invited_league):
    league, invitation = invited_league
    r = client.post(_answer_url(league, invitation, "accept"))
    assert r.status_code == 302 and "/accounts/login/" in r["Location"]


def test_league_page_budget_with_invitations_does_not_grow(user, django_assert_max_num_queries):
    league = leagues.create_league(creator=user, name="Big", ruleset="last-one-standing")
    leagues.add_member(league=league, player=user, actor=user)
    site = _client(user)
    for n in (1, 8):
        while league.memberships.filter(status="invited").count() < n:
            leagues.add_member(league=league, player=UserFactory(), actor=user)
        with django_assert_max_num_queries(PAGE_QUERIES):
            assert site.get(f"/leagues/{league.pk}/").status_code == 200
    invited = league.memberships.filter(status="invited").select_related("player").first()
    with django_assert_max_num_queries(PAGE_QUERIES):
        assert _client(invited.player).get(f"/leagues/{league.pk}/").status_code == 200


# --- live-match invitations --------------------------------------------------------------


@pytest.fixture
def invited_match(user, other_user):
    """``user`` invites ``other_user`` to a game of Le Dernier Peuple."""
    return matches.create_live_match(
        ruleset="le-dernier-peuple",
        players=[user.username, other_user.username],
        options={},
        created_by=user,
    )


def _match_answer(match, decision):
    return f"/matches/{match.pk}/answer/{decision}/"


def test_the_invited_page_shows_who_must_still_accept_and_the_buttons(
    user, other_user, invited_match
):
    page = _text(_client(other_user).get(f"/matches/{invited_match.pk}/"))
    assert f"Waiting for {other_user.username} to accept." in page
    assert "must still accept" in page
    assert f'action="{_match_answer(invited_match, "accept")}"' in page
    creator_page = _text(_client(user).get(f"/matches/{invited_match.pk}/"))
    assert "must still accept" in creator_page
    assert _match_answer(invited_match, "accept") not in creator_page  # already accepted


def test_the_last_accept_deals_the_match_and_the_page_is_the_table(other_user, invited_match):
    site = _client(other_user)
    r = site.post(_match_answer(invited_match, "accept"), follow=True)
    assert r.status_code == 200
    assert r.redirect_chain[-1][0] == f"/matches/{invited_match.pk}/"
    assert "Everyone accepted: the cards are dealt." in _text(r)
    invited_match.refresh_from_db()
    assert invited_match.status == Match.Status.LIVE
    assert "svg" in _text(r) and _match_answer(invited_match, "accept") not in _text(r)


def test_declining_cancels_the_match(other_user, invited_match):
    r = _client(other_user).post(_match_answer(invited_match, "decline"), follow=True)
    assert "You declined: the match is cancelled." in _text(r)
    assert "This match was cancelled before it began." in _text(r)
    invited_match.refresh_from_db()
    assert invited_match.status == Match.Status.CANCELLED
    # too late for an accept now: the service's sentence on the table, not an error page
    r = _client(other_user).post(_match_answer(invited_match, "accept"), follow=True)
    assert "You declined this match" in _text(r)


def test_a_stranger_cannot_answer_a_match(invited_match):
    stranger = _client(UserFactory())
    assert stranger.post(_match_answer(invited_match, "accept")).status_code == 403
    assert stranger.post("/matches/999999/answer/accept/").status_code == 404
    invited_match.public = True
    invited_match.save(update_fields=["public"])
    r = stranger.post(_match_answer(invited_match, "accept"))
    assert r.status_code == 403 and "You have no seat in this match." in _text(r)
    invited_match.refresh_from_db()
    assert invited_match.status == Match.Status.INVITED


def test_match_answers_are_posts_with_csrf(other_user, invited_match):
    url = _match_answer(invited_match, "accept")
    assert _client(other_user).get(url).status_code == 405
    assert _client(other_user, enforce_csrf_checks=True).post(url).status_code == 403
    assert _client(other_user).post(_match_answer(invited_match, "maybe")).status_code == 404
    invited_match.refresh_from_db()
    assert invited_match.status == Match.Status.INVITED


def test_home_lists_match_invitations_and_my_turn(user, other_user, invited_match):
    home = _text(_client(other_user).get("/"))
    assert f"invites you to Le Dernier Peuple match {invited_match.pk}." in home
    assert f'action="{_match_answer(invited_match, "accept")}"' in home
    matches.accept_match(match=invited_match, player=other_user)
    texts = [_text(_client(u).get("/")) for u in (user, other_user)]
    # one of the two moves first (the engine says who): their home page says so
    assert sum(f"match {invited_match.pk} waits for your move." in t for t in texts) == 1
    assert all("invites you to" not in t for t in texts)


def test_home_budget_with_invitations_does_not_grow(user, django_assert_max_num_queries):
    site = _client(user)
    for n in (1, 4):
        for _ in range(n):
            creator = UserFactory()
            matches.create_live_match(
                ruleset="le-dernier-peuple",
                players=[creator.username, user.username],
                options={},
                created_by=creator,
            )
            league = leagues.create_league(creator=creator, name="L", ruleset="battle-royale")
            leagues.add_member(league=league, player=user, actor=creator)
        with django_assert_max_num_queries(PAGE_QUERIES):
            r = site.get("/")
        assert _text(r).count("invites you to") >= n


# --- friendly battles: accepted with one's own gang ---------------------------------------


def _posse(owner, name):
    fighters = [
        {"name": f"{name} boss", "role": "leader", "equipment": ["revolver"]},
        {"name": f"{name} kid", "role": "ganger", "equipment": ["shotgun"]},
    ]
    return rosters.create_starting_gang(
        owner=owner, name=name, faction="sheriffs", fighters=fighters, stash=[]
    )


@pytest.fixture
def friendly(user, other_user):
    """``user`` (with the Earps) invites ``other_user`` (with the Clantons, and an empty gang)
    to a friendly Last Hope Frontier battle."""
    earps = _posse(user, "Earps")
    clantons = _posse(other_user, "Clantons")
    empty = rosters.create_gang(owner=other_user, name="Nobody Yet", faction="outlawmen")
    match = matches.create_friendly_battle(
        ruleset="last-hope-frontier",
        players=[user.username, other_user.username],
        gang=earps.pk,
        created_by=user,
        options={"turn_limit": 6},
    )
    return match, earps, clantons, empty


def test_a_friendly_invitation_offers_my_gangs_able_to_fight(user, other_user, friendly):
    match, earps, clantons, empty = friendly
    for page in (
        _text(_client(other_user).get(f"/matches/{match.pk}/")),
        _text(_client(other_user).get("/")),
    ):
        assert f'action="{_match_answer(match, "accept")}"' in page
        assert f'<option value="{clantons.pk}"' in page
        assert f'value="{empty.pk}"' not in page  # nobody able to fight: not offered
        assert f'value="{earps.pk}"' not in page  # not mine
        assert "Accept with this gang" in page
    # whose gang faces whose, once named: the creator's already is
    page = _text(_client(other_user).get(f"/matches/{match.pk}/"))
    assert f'{user.username}</b> <span class="gang">with Earps</span>' in page


def test_accepting_with_my_gang_deals_the_battle_with_both_gangs(user, other_user, friendly):
    match, _earps, clantons, _empty = friendly
    r = _client(other_user).post(
        _match_answer(match, "accept"), {"gang": str(clantons.pk)}, follow=True
    )
    assert r.status_code == 200
    assert "Everyone accepted: the cards are dealt." in _text(r)
    match.refresh_from_db()
    assert match.status == Match.Status.LIVE
    assert match.participants.get(player=other_user).gang_id == clantons.pk
    assert "Clantons" in _text(r) and "Earps" in _text(r)  # the table names both gangs


@pytest.mark.parametrize(
    "chosen, words, status",
    [
        ("", 'A friendly battle is accepted with your gang: {"gang": <your gang id>}.', 400),
        ("empty", "Nobody Yet has no fighter able to fight.", 400),
        ("earps", "Earps is not your gang: bring one of your own gangs.", 403),
        ("999999", "There is no such gang.", 400),
        ("x", "There is no such gang.", 400),
    ],
)
def test_a_refused_gang_is_said_next_to_the_select_in_the_apis_words(
    other_user, friendly, chosen, words, status
):
    match, earps, _clantons, empty = friendly
    value = {"empty": str(empty.pk), "earps": str(earps.pk)}.get(chosen, chosen)
    r = _client(other_user).post(_match_answer(match, "accept"), {"gang": value})
    assert r.status_code == status
    page = _text(r)
    assert 'id="bring-gang-errors" role="alert"' in page and words in page
    assert page.index('id="bring-gang"') < page.index(words)  # right after the select
    match.refresh_from_db()
    assert match.status == Match.Status.INVITED
    assert match.participants.get(player=other_user).gang_id is None


def test_a_player_without_a_gang_able_to_fight_is_sent_to_found_one(user):
    newcomer = UserFactory()
    rosters.create_gang(owner=newcomer, name="Empty", faction="outlawmen")
    creator = _posse(user, "Wyatts")
    other = matches.create_friendly_battle(
        ruleset="last-hope-frontier",
        players=[user.username, newcomer.username],
        gang=creator.pk,
        created_by=user,
    )
    for page in (
        _text(_client(newcomer).get(f"/matches/{other.pk}/")),
        _text(_client(newcomer).get("/")),
    ):
        assert "you have none yet." in page
        assert 'href="/gangs/new/"' in page
        assert "Accept with this gang" not in page
        assert f'action="{_match_answer(other, "decline")}"' in page


def test_a_stranger_cannot_accept_a_friendly_battle_with_a_gang(friendly):
    match, *_ = friendly
    stranger = UserFactory()
    theirs = _posse(stranger, "Daltons")
    r = _client(stranger).post(_match_answer(match, "accept"), {"gang": str(theirs.pk)})
    assert r.status_code == 403
    match.refresh_from_db()
    assert match.status == Match.Status.INVITED


def test_the_gang_accept_is_a_post_with_csrf(other_user, friendly):
    match, _earps, clantons, _empty = friendly
    site = _client(other_user, enforce_csrf_checks=True)
    assert site.post(_match_answer(match, "accept"), {"gang": clantons.pk}).status_code == 403
    match.refresh_from_db()
    assert match.status == Match.Status.INVITED


def test_a_match_that_is_not_friendly_offers_no_gang(other_user, invited_match):
    _posse(other_user, "Clantons")
    page = _text(_client(other_user).get(f"/matches/{invited_match.pk}/"))
    assert "Accept with this gang" not in page and 'name="gang"' not in page


def test_friendly_pages_keep_their_budget(user, django_assert_max_num_queries):
    site = _client(user)
    for i in range(3):
        _posse(user, f"Mine {i}")
    for n in (1, 4):
        while Match.objects.filter(participants__player=user, status="invited").count() < n:
            creator = UserFactory()
            matches.create_friendly_battle(
                ruleset="last-hope-frontier",
                players=[creator.username, user.username],
                gang=_posse(creator, "Theirs").pk,
                created_by=creator,
            )
        with django_assert_max_num_queries(PAGE_QUERIES):
            r = site.get("/")
        assert _text(r).count('name="gang"') == n
    match = Match.objects.filter(participants__player=user, status="invited").first()
    with django_assert_max_num_queries(PAGE_QUERIES):
        assert site.get(f"/matches/{match.pk}/").status_code == 200


def test_the_gang_select_speaks_french_and_dutch(other_user, friendly):
    match, *_ = friendly
    for language, words in (
        ("fr", "Accepter avec cette bande"),
        ("nl", "Accepteren met deze bende"),
    ):
        page = _text(
            _client(other_user, HTTP_ACCEPT_LANGUAGE=language).get(f"/matches/{match.pk}/")
        )
        assert words in page
