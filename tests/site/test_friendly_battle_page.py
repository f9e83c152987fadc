"""``/matches/new/friendly/``: a player invites another to a friendly Last Hope Frontier battle
of one of their gangs, through the API's service (``POST matches/`` with ``gang``); refusals
are the API's sentences next to their fields."""

from html import unescape

import pytest
from django.test import Client

from matches.models import Match
from rosters import services as rosters

pytestmark = pytest.mark.django_db

URL = "/matches/new/friendly/"
PAGE_QUERIES = 30


def _client(user, **kwargs):
    client = Client(**kwargs)
    client.force_login(user)
    return client


def _text(response) -> str:
    return unescape(response.content.decode())


def _posse(owner, name):
    fighters = [{"name": f"{name} boss", "role": "leader", "equipment": ["revolver"]}]
    return rosters.create_starting_gang(
        owner=owner, name=name, faction="sheriffs", fighters=fighters, stash=[]
    )


def test_home_links_to_the_page_and_it_offers_my_gangs_able_to_fight(user, other_user):
    earps = _posse(user, "Earps")
    empty = rosters.create_gang(owner=user, name="Empty", faction="outlawmen")
    theirs = _posse(other_user, "Clantons")
    site = _client(user)
    assert f'href="{URL}"' in _text(site.get("/"))
    page = _text(site.get(URL))
    assert f'<option value="{earps.pk}"' in page
    assert f'value="{empty.pk}"' not in page and f'value="{theirs.pk}"' not in page


def test_inviting_makes_a_friendly_battle_the_opponent_accepts_with_a_gang(user, other_user):
    earps = _posse(user, "Earps")
    r = _client(user).post(URL, {"gang": str(earps.pk), "opponent": other_user.username})
    match = Match.objects.get()
    assert r.status_code == 302 and r["Location"] == f"/matches/{match.pk}/"
    assert match.status == Match.Status.INVITED
    assert match.participants.get(player=user).gang_id == earps.pk
    page = _text(_client(other_user).get(f"/matches/{match.pk}/"))
    assert "Accept with this gang" in page or "you have none yet." in page
    assert f'{user.username}</b> <span class="gang">with Earps</span>' in page


@pytest.mark.parametrize(
    "gang, opponent, field, words, status",
    [
        ("mine", "nobody-here", "opponent", "There is no player called 'nobody-here'.", 400),
        ("mine", "me", "opponent", "Each player may take only one seat.", 400),
        ("theirs", "them", "gang", "Clantons is not your gang: bring one of your own gangs.", 403),
        ("empty", "them", "gang", "Empty has no fighter able to fight.", 400),
        ("x", "them", "gang", "There is no such gang.", 400),
    ],
)
def test_a_refusal_is_the_apis_sentence_next_to_its_field(
    user, other_user, gang, opponent, field, words, status
):
    ids = {
        "mine": _posse(user, "Earps").pk,
        "theirs": _posse(other_user, "Clantons").pk,
        "empty": rosters.create_gang(owner=user, name="Empty", faction="outlawmen").pk,
    }
    names = {"me": user.username, "them": other_user.username}
    r = _client(user).post(
        URL, {"gang": str(ids.get(gang, gang)), "opponent": names.get(opponent, opponent)}
    )
    assert r.status_code == status
    page = _text(r)
    assert f'id="id_{field}_error" role="alert"' in page
    assert page.index(f'id="id_{field}_error"') < page.index(words)
    assert not Match.objects.exists()


def test_without_a_gang_able_to_fight_the_page_says_found_one(user):
    rosters.create_gang(owner=user, name="Empty", faction="outlawmen")
    page = _text(_client(user).get(URL))
    assert "you have none yet." in page and 'href="/gangs/new/"' in page
    assert 'name="opponent"' not in page


def test_signed_out_goes_to_sign_in_and_the_form_needs_csrf(client, user, other_user):
    r = client.get(URL)
    assert r.status_code == 302 and "/accounts/login/" in r["Location"]
    earps = _posse(user, "Earps")
    strict = _client(user, enforce_csrf_checks=True)
    body = {"gang": str(earps.pk), "opponent": other_user.username}
    assert strict.post(URL, body).status_code == 403
    assert not Match.objects.exists()


def test_the_page_keeps_its_budget(user, django_assert_max_num_queries):
    site = _client(user)
    for n in (1, 6):
        while user.gangs.count() < n:
            _posse(user, f"Gang {user.gangs.count()}")
        with django_assert_max_num_queries(PAGE_QUERIES):
            assert site.get(URL).status_code == 200


def test_the_page_speaks_french_and_dutch(user):
    _posse(user, "Earps")
    for language, words in (("fr", "Une bataille amicale"), ("nl", "Een vriendschappelijk")):
        assert words in _text(_client(user, HTTP_ACCEPT_LANGUAGE=language).get(URL))
