"""Campaign, league, player and home pages: the services' words, and fixed query budgets."""

from html import unescape

import pytest
from django.test import Client

from campaigns import services as campaigns
from leagues import services as leagues
from rosters import services as rosters
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PAGE_QUERIES = 30


def _gang(owner, name, fighters=3):
    gang = rosters.create_gang(owner=owner, name=name, faction="sheriffs")
    rosters.hire_fighter(gang=gang, name=f"{name} boss", role="leader", actor=owner)
    for n in range(fighters - 1):
        rosters.hire_fighter(gang=gang, name=f"{name} {n}", role="ganger", actor=owner)
    return gang


def _campaign_with(arbitrator, n_gangs: int):
    campaign = campaigns.create_campaign(creator=arbitrator, name="Tombstone")
    gangs = []
    for n in range(n_gangs):
        owner = UserFactory()
        gang = _gang(owner, f"Gang {n}")
        invited = campaigns.request_join(campaign=campaign, gang=gang, actor=arbitrator)
        campaigns.answer_invitation(membership=invited, accept=True, actor=owner)
        gangs.append(gang)
    campaigns.set_status(campaign=campaign, status="active", actor=arbitrator)
    for a, b in zip(gangs[::2], gangs[1::2], strict=False):
        battle = campaigns.report_battle(
            campaign=campaign,
            actor=arbitrator,
            gangs=[a.pk, b.pk],
            winner=a.pk,
            casualties=[{"fighter": b.fighters.first().pk, "taken_out_by": a.fighters.first().pk}],
        )
        campaigns.confirm_battle(battle=battle, actor=arbitrator)
        campaigns.run_post_game(battle_id=battle.pk)  # on_commit never fires in a db test
    return campaign, gangs


def _client(user):
    client = Client()
    client.force_login(user)
    return client


def test_campaign_page_budget_does_not_grow(user, django_assert_max_num_queries):
    small, _ = _campaign_with(user, 2)
    big, _ = _campaign_with(user, 8)
    site = _client(user)
    for campaign in (small, big):
        with django_assert_max_num_queries(PAGE_QUERIES):
            r = site.get(f"/campaigns/{campaign.pk}/")
        assert r.status_code == 200
    text = unescape(r.content.decode())
    assert "permanently loses a wound" in text and "Standings" in text
    assert big.join_code in text  # the arbitrator hands it out


def test_report_form_puts_the_services_refusal_on_the_field(user):
    campaign, (a, b) = _campaign_with(user, 2)
    campaign.max_battles_per_pairing = 2  # they fought once already
    campaign.save(update_fields=["max_battles_per_pairing"])
    site = _client(user)
    url = f"/campaigns/{campaign.pk}/report/?gangs={a.pk}&gangs={b.pk}"
    assert site.get(url).status_code == 200
    r = site.post(url, {"winner": str(a.pk), f"credits.{a.pk}": 5000})
    assert r.status_code == 400
    text = unescape(r.content.decode())
    assert "Credits earned are a whole number from 0 to 1000." in text
    # next to its field: the error list follows the credits input
    assert text.index(f'name="credits.{a.pk}"') < text.index("Credits earned are a whole")


def test_the_other_side_confirms_from_the_page(
    user, other_user, django_capture_on_commit_callbacks
):
    campaign = campaigns.create_campaign(creator=UserFactory(), name="Dodge")
    mine, theirs = _gang(user, "Mine"), _gang(other_user, "Theirs")
    arbitrator = campaign.arbitrators.get()
    for g in (mine, theirs):
        invited = campaigns.request_join(campaign=campaign, gang=g, actor=arbitrator)
        campaigns.answer_invitation(membership=invited, accept=True, actor=g.owner)
    campaigns.set_status(campaign=campaign, status="active", actor=arbitrator)
    battle = campaigns.report_battle(
        campaign=campaign, actor=user, gangs=[mine.pk, theirs.pk], winner=None, casualties=[]
    )
    me = _client(user)
    r = me.post(f"/campaigns/{campaign.pk}/battles/{battle.pk}/confirm/")
    assert r.status_code == 403
    assert "not its reporter" in unescape(r.content.decode())
    them = _client(other_user)
    assert f"Battle {battle.number} in Dodge waits" in them.get("/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        r = them.post(f"/campaigns/{campaign.pk}/battles/{battle.pk}/confirm/")
    assert r.status_code == 302
    battle.refresh_from_db()
    assert battle.status == "confirmed" and battle.post_game_at is not None


def test_join_by_code(user):
    campaign = campaigns.create_campaign(creator=UserFactory(), name="Dodge")
    gang = _gang(user, "Mine")
    site = _client(user)
    r = site.post("/campaigns/join/", {"join_code": "wrong", "gang": gang.pk})
    assert r.status_code == 400 and "No campaign has this join code." in r.content.decode()
    r = site.post("/campaigns/join/", {"join_code": campaign.join_code, "gang": gang.pk})
    assert r.status_code == 302
    assert campaign.memberships.get().status == "pending"


def _league_with(organiser, n_players: int, n_results: int):
    league = leagues.create_league(creator=organiser, name="Cup", ruleset="last-one-standing")
    players = [UserFactory() for _ in range(n_players)]
    for p in [organiser, *players]:  # invited; each accepts (#14)
        invitation = leagues.add_member(league=league, player=p, actor=organiser)
        if invitation.status != "active":
            leagues.accept_membership(membership=invitation, actor=p)
    for r in range(n_results):
        names = [organiser.username, *(p.username for p in players)]
        placements = {name: (i + r) % len(names) + 1 for i, name in enumerate(names)}
        result = leagues.report_result(league=league, actor=organiser, placements=placements)
        for p in players:  # it counts once every player it names confirmed
            leagues.confirm_result(result=result, actor=p)
    return league, players


def test_league_and_player_pages_budget_does_not_grow(user, django_assert_max_num_queries):
    small, _ = _league_with(user, 2, 1)
    big, players = _league_with(user, 6, 6)
    site = _client(user)
    for league in (small, big):
        with django_assert_max_num_queries(PAGE_QUERIES):
            r = site.get(f"/leagues/{league.pk}/")
        assert r.status_code == 200
    assert r.content.decode().count('class="series"') == 7
    for username in (players[0].username, user.username):
        with django_assert_max_num_queries(PAGE_QUERIES):
            assert site.get(f"/players/{username}/").status_code == 200


def test_league_result_refusal_is_next_to_the_field(user):
    league, players = _league_with(user, 2, 0)
    site = _client(user)
    r = site.post(
        f"/leagues/{league.pk}/report/",
        {f"placements.{user.username}": "1", f"placements.{players[0].username}": "3"},
    )
    assert r.status_code == 400
    assert "A place is a whole number from 1 to 2." in unescape(r.content.decode())


def test_home_page_budget_does_not_grow(user, django_assert_max_num_queries):
    site = _client(user)
    with django_assert_max_num_queries(PAGE_QUERIES):
        assert site.get("/").status_code == 200
    _campaign_with(user, 4)
    _league_with(user, 3, 2)
    for n in range(3):
        _gang(user, f"Mine {n}")
    with django_assert_max_num_queries(PAGE_QUERIES):
        r = site.get("/")
    assert "Mine 2" in r.content.decode()


def test_signed_out_home_tells_what_posse_is(client):
    text = client.get("/").content.decode()
    for game in ("Last Hope Frontier", "Le Dernier Peuple", "Battle Royale", "Last One Standing"):
        assert game in text
    assert 'href="/accounts/signup/"' in text and 'href="/accounts/login/"' in text


def test_signup_uses_the_register_service(client):
    r = client.post("/accounts/signup/", {"username": "newbie", "password": "12345678"})
    assert r.status_code == 400 and "entirely numeric" in r.content.decode()
    r = client.post(
        "/accounts/signup/", {"username": "newbie", "password": "a-long-fresh-password-7"}
    )
    assert r.status_code == 302 and r["Location"] == "/gangs/new/"
    assert client.get("/").status_code == 200


def test_unknown_page_is_a_page_and_unknown_api_path_is_json(client):
    r = client.get("/nowhere/")
    assert r.status_code == 404 and "text/html" in r["Content-Type"]
    r = client.get("/api/v1/nowhere/")
    assert r.status_code == 404 and r.json()["detail"]
