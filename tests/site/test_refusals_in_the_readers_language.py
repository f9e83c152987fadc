"""A refusal reads in the reader's language (issue #31): on the pages (next to the field, or
the page a refusal no view catches becomes) and in the API's ``detail``/``errors``, from the
request's Accept-Language. English stays the default."""

from html import unescape

import pytest
from rest_framework.test import APIClient

from rosters import services
from rosters.models import Gang

pytestmark = pytest.mark.django_db

LANGUAGES = ["en", "fr", "nl"]


def said(response) -> str:
    return unescape(response.content.decode())


def api_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


# --- rosters ---------------------------------------------------------------------------

CANNOT_AFFORD = {
    "en": "This costs 1200 credits but the gang has only 500.",
    "fr": "Cela coûte 1200 crédits mais la bande n’en a que 500.",
    "nl": "Dit kost 1200 credits maar de bende heeft er maar 500.",
}
NOT_IN_STORE = {
    "en": "Gold nugget cannot be bought at the store.",
    "fr": "« Gold nugget » ne s’achète pas au magasin.",
    "nl": "‘Gold nugget’ is niet te koop in de winkel.",
}
CANNOT_CARRY = {
    "en": "Only a leader or deputy may carry a horse; Em is a ganger.",
    "fr": "Seul un leader ou deputy peut porter l’objet « horse » ; Em est ganger.",
    "nl": "Alleen een leader of deputy mag ‘horse’ dragen; Em is een ganger.",
}
CARRIES_ENOUGH = {
    "en": "A fighter may carry at most 2 firearms; Em has 0.",
    "fr": "Un combattant peut porter au plus 2 armes à feu ; Em en a 0.",
    "nl": "Een vechter mag hoogstens 2 vuurwapens dragen; Em heeft er 0.",
}
SECOND_LEADER = {
    "en": "A gang may have at most 1 leader; this gang has 1.",
    "fr": "Une bande peut avoir au plus 1 leader ; celle-ci en a 1.",
    "nl": "Een bende mag hoogstens 1 leader hebben; deze bende heeft er 1.",
}
NOT_YOUR_GANG = {
    "en": "Only the gang's owner (or staff) may change its roster;",
    "fr": "Seul le propriétaire de la bande (ou l’équipe du site) peut modifier",
    "nl": "Alleen de eigenaar van de bende (of het beheer) mag het bendeblad wijzigen;",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_roster_pages_refuse_in_the_readers_language(site, other_site, user, gang, lang):
    services.hire_fighter(gang=gang, name="Bob", role="leader", actor=user)
    em = services.hire_fighter(gang=gang, name="Em", role="ganger", actor=user)
    Gang.objects.filter(pk=gang.pk).update(credits=500)
    page = f"/gangs/{gang.pk}"

    def post(client, path, data):
        return client.post(f"{page}/{path}/", data, HTTP_ACCEPT_LANGUAGE=lang)

    horses = {"buy-item": "horse", "buy-fighter": "", "buy-quantity": 20}
    assert CANNOT_AFFORD[lang] in said(post(site, "buy", horses))
    pistols = {"buy-item": "pistol", "buy-fighter": em.pk, "buy-quantity": 3}
    assert CARRIES_ENOUGH[lang] in said(post(site, "buy", pistols))
    horse = {"buy-item": "horse", "buy-fighter": em.pk, "buy-quantity": 1}
    assert CANNOT_CARRY[lang] in said(post(site, "buy", horse))
    leader = {"hire-name": "Bill", "hire-role": "leader"}
    assert SECOND_LEADER[lang] in said(post(site, "hire", leader))
    refused = post(other_site, "hire", leader)
    assert refused.status_code == 403 and NOT_YOUR_GANG[lang] in said(refused)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_roster_api_refuses_in_the_readers_language(user, other_user, gang, lang):
    em = services.hire_fighter(gang=gang, name="Em", role="ganger", actor=user)
    Gang.objects.filter(pk=gang.pk).update(credits=500)
    mine, theirs = api_for(user), api_for(other_user)

    def buy(client, body):
        url = f"/api/v1/gangs/{gang.pk}/purchases/"
        return client.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE=lang).json()

    body = buy(mine, {"item": "horse", "fighter": None, "quantity": 20})
    assert body["errors"]["item"] == [CANNOT_AFFORD[lang]]
    body = buy(mine, {"item": "gold-nugget", "fighter": None, "quantity": 1})
    assert body["errors"]["item"] == [NOT_IN_STORE[lang]]
    body = buy(mine, {"item": "horse", "fighter": em.pk, "quantity": 1})
    assert body["errors"]["fighter"] == [CANNOT_CARRY[lang]]
    body = buy(mine, {"item": "pistol", "fighter": em.pk, "quantity": 3})
    assert body["errors"]["quantity"] == [CARRIES_ENOUGH[lang]]
    body = buy(theirs, {"item": "whiskey", "fighter": None, "quantity": 1})
    assert body["detail"].startswith(NOT_YOUR_GANG[lang])


# --- campaigns -------------------------------------------------------------------------

NOT_AN_ARBITRATOR = {
    "en": "Only an arbitrator of this campaign may do this.",
    "fr": "Seul un arbitre de cette campagne peut faire ceci.",
    "nl": "Alleen een scheidsrechter van deze campagne mag dit doen.",
}
PAIRING_LIMIT = {
    "en": "These two gangs have already fought 1 battle in round 1, and this campaign allows "
    "1 battle per pair of gangs a round.",
    "fr": "Ces deux bandes ont déjà livré 1 bataille dans la manche 1, et cette campagne permet "
    "1 bataille par paire de bandes et par manche.",
    "nl": "Deze twee bendes hebben al 1 gevecht geleverd in ronde 1, en deze campagne staat "
    "1 gevecht per paar bendes per ronde toe.",
}


@pytest.fixture
def world(db):
    from tests.campaigns.conftest import World

    return World()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_campaign_pages_refuse_in_the_readers_language(world, lang):
    from django.test import Client

    from campaigns import services as campaigns

    ann, *_ = world.players
    a, b, *_ = world.gangs
    campaigns.report_battle(
        campaign=world.campaign, actor=ann, gangs=[a.pk, b.pk], winner=a.pk, casualties=[]
    )
    site = Client()
    site.force_login(ann)
    page = f"/campaigns/{world.campaign.pk}"
    refused = site.post(f"{page}/manage/", {"action": "open_round"}, HTTP_ACCEPT_LANGUAGE=lang)
    assert refused.status_code == 403 and NOT_AN_ARBITRATOR[lang] in said(refused)
    again = site.get(
        f"{page}/report/", {"gangs": [b.pk, a.pk]}, HTTP_ACCEPT_LANGUAGE=lang, follow=True
    )
    assert PAIRING_LIMIT[lang] in said(again)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_campaign_api_refuses_in_the_readers_language(world, lang):
    ann, *_ = world.players
    a, b, *_ = world.gangs
    client = api_for(ann)

    def post(path, body):
        return client.post(world.url(path), body, format="json", HTTP_ACCEPT_LANGUAGE=lang)

    assert post("rounds/", {}).json()["detail"] == NOT_AN_ARBITRATOR[lang]
    assert post("battles/", {"gangs": [a.pk, b.pk], "winner": a.pk}).status_code == 201
    again = post("battles/", {"gangs": [b.pk, a.pk], "winner": None}).json()
    assert again["errors"]["gangs"][0].startswith(PAIRING_LIMIT[lang])


# --- leagues ---------------------------------------------------------------------------

RUNS_ROUNDS = {
    "en": "Only an organiser of this league runs its rounds.",
    "fr": "Seul un organisateur de cette ligue mène ses rondes.",
    "nl": "Alleen een organisator van deze competitie leidt haar rondes.",
}
STILL_PLAYED = {
    "en": "Round 1 is still being played: close it first.",
    "fr": "La ronde 1 est encore en cours : clôturez-la d’abord.",
    "nl": "Ronde 1 wordt nog gespeeld: sluit haar eerst.",
}
NOT_A_MEMBER = {
    "en": "'nobody' is not a member of this league.",
    "fr": "« nobody » n’est pas membre de cette ligue.",
    "nl": "‘nobody’ is geen lid van deze competitie.",
}


@pytest.fixture
def league(user, other_user):
    from leagues import services as leagues

    league = leagues.create_league(creator=user, name="Cup", ruleset="last-one-standing")
    for player in (user, other_user):
        invitation = leagues.add_member(league=league, player=player, actor=user)
        if invitation.status != "active":
            leagues.accept_membership(membership=invitation, actor=player)
    return league


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_league_pages_refuse_in_the_readers_language(site, other_site, league, lang):
    def open_round(client):
        url = f"/leagues/{league.pk}/night/open/"
        return said(client.post(url, {}, HTTP_ACCEPT_LANGUAGE=lang, follow=True))

    assert STILL_PLAYED[lang] not in open_round(site)  # round 1 is paired
    assert STILL_PLAYED[lang] in open_round(site)
    assert RUNS_ROUNDS[lang] in open_round(other_site)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_league_api_refuses_in_the_readers_language(user, league, lang):
    body = {"placements": {user.username: 1, "nobody": 2}}
    response = api_for(user).post(
        f"/api/v1/leagues/{league.pk}/matches/", body, format="json", HTTP_ACCEPT_LANGUAGE=lang
    )
    assert response.json()["errors"]["placements.nobody"] == [NOT_A_MEMBER[lang]]


# --- matches (a league result's places are the match records' check) -------------------

BAD_PLACE = {
    "en": "A place is a whole number from 1 to 2.",
    "fr": "Une place est un nombre entier de 1 à 2.",
    "nl": "Een plaats is een geheel getal van 1 tot en met 2.",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bad_result_is_refused_in_the_readers_language(site, user, other_user, league, lang):
    """Three members, two placed: the page offers places 1 to 3, the rules allow 1 to 2."""
    from leagues import services as leagues
    from tests.factories import UserFactory

    third = UserFactory()
    leagues.accept_membership(
        membership=leagues.add_member(league=league, player=third, actor=user), actor=third
    )
    places = {user.username: 1, other_user.username: 3}
    page = site.post(
        f"/leagues/{league.pk}/report/",
        {f"placements.{name}": str(place) for name, place in places.items()},
        HTTP_ACCEPT_LANGUAGE=lang,
    )
    assert page.status_code == 400 and BAD_PLACE[lang] in said(page)
    response = api_for(user).post(
        f"/api/v1/leagues/{league.pk}/matches/",
        {"placements": places},
        format="json",
        HTTP_ACCEPT_LANGUAGE=lang,
    )
    assert response.json()["errors"][f"placements.{other_user.username}"] == [BAD_PLACE[lang]]


NEEDS_A_CLOCK = {
    "en": "A time bank needs a turn clock: send turn_seconds too.",
    "fr": "Une réserve de temps demande une horloge de tour : envoyez aussi turn_seconds.",
    "nl": "Een tijdbank vraagt een beurtklok: stuur ook turn_seconds mee.",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_new_match_is_refused_in_the_readers_language(site, user, lang):
    form = {"ruleset": "battle-royale", "players": "", "bots": "1", "bot_policy": "random"}
    page = site.post("/matches/new/", {**form, "bank_seconds": "5"}, HTTP_ACCEPT_LANGUAGE=lang)
    assert page.status_code == 400 and NEEDS_A_CLOCK[lang] in said(page)
    body = {"ruleset": "battle-royale", "live": True, "players": [user.username], "bots": 1}
    response = api_for(user).post(
        "/api/v1/matches/", {**body, "bank_seconds": 5}, format="json", HTTP_ACCEPT_LANGUAGE=lang
    )
    assert response.json()["errors"]["bank_seconds"] == [NEEDS_A_CLOCK[lang]]
