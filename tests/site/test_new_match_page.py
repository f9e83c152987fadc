"""``/matches/new/``: any of the four games against invited players and bots, with the game's
options as labelled fields (declared once: ``Ruleset.options``), through the API's service;
the home page's one-click game against a bot; a Last Hope Frontier player's own gang against a
bot's demo gang."""

from html import unescape

import pytest

from matches.models import Match
from rosters import services as rosters
from rulesets.registry import all_rulesets, get_ruleset

pytestmark = pytest.mark.django_db

URL = "/matches/new/"
LHF = "last-hope-frontier"


def _text(response) -> str:
    return unescape(response.content.decode())


def _posse(owner, name="Earps", faction="sheriffs"):
    fighters = [
        {"name": f"{name} boss", "role": "leader", "equipment": ["revolver"]},
        {"name": f"{name} kid", "role": "ganger", "equipment": ["shotgun"]},
    ]
    return rosters.create_starting_gang(
        owner=owner, name=name, faction=faction, fighters=fighters, stash=[]
    )


def _form(game: str, **fields) -> dict:
    base = {"ruleset": game, "players": "", "bots": "1", "bot_policy": "random"}
    return {**base, **fields}


def test_the_page_offers_each_game_by_name_then_its_form(site):
    page = _text(site.get(URL))
    for game in all_rulesets():
        assert f'href="?ruleset={game.slug}"' in page and game.name in page
    page = _text(site.get(URL + "?ruleset=last-one-standing"))
    assert "A new game of Last One Standing" in page
    for label in ("Mode", "Drafting Deathmatch", "Duos", "Rounds before the storm"):
        assert label in page
    assert 'name="turn_seconds"' in page and 'name="bots"' in page


def test_every_declared_option_is_a_field_and_in_the_api(site, user, api):
    _posse(user)
    for game in all_rulesets():
        page = _text(site.get(URL + f"?ruleset={game.slug}"))
        body = api.get(f"/api/v1/rulesets/{game.slug}/").json()
        assert [o["key"] for o in body["options"]] == [o.key for o in game.options]
        for option in game.options:
            assert f'name="{option.key}"' in page
            assert option.label in page


@pytest.mark.parametrize("slug", ["le-dernier-peuple", "battle-royale", "last-one-standing"])
def test_a_game_against_a_bot_starts_and_lands_on_the_table(site, user, slug):
    r = site.post(URL, _form(slug))
    match = Match.objects.get()
    assert r.status_code == 302 and r["Location"] == f"/matches/{match.pk}/"
    assert match.status == Match.Status.LIVE and match.ruleset == slug
    seats = list(match.participants.order_by("seat"))
    assert seats[0].player == user and seats[1].bot == "random"


def test_options_differing_from_the_default_reach_the_engine(site):
    site.post(
        URL,
        _form("battle-royale", talents="on", layout="full", **{"house_rules.long_reach": ""}),
    )
    match = Match.objects.get()
    assert match.options == {"layout": "full", "talents": True}
    site.post(URL, _form("last-one-standing", mode="deathmatch", rounds="10"))
    assert Match.objects.latest("id").options == {"mode": "deathmatch", "rounds": 10}


def test_a_house_rule_is_a_checkbox(site):
    game = get_ruleset("last-one-standing")
    key = game.house_rules[0].key
    site.post(URL, _form("last-one-standing", **{f"house_rules.{key}": "on"}))
    assert Match.objects.get().options == {"house_rules": {key: True}}


@pytest.mark.parametrize(
    "slug, fields, field, words",
    [
        ("last-one-standing", {"rounds": "10"}, "rounds", "Only a Drafting Deathmatch"),
        ("battle-royale", {"players": "nobody-here"}, "players", "no player called"),
        ("battle-royale", {"bots": "0"}, "players", "played by 2 to 4 players, not 1"),
        ("battle-royale", {"bots": "x"}, "bots", "Enter a whole number."),
        ("battle-royale", {"bank_seconds": "5"}, "bank_seconds", "A time bank needs"),
        ("last-hope-frontier", {"turn_limit": "99"}, "turn_limit", "less than or equal to 50"),
    ],
)
def test_bad_input_re_shows_the_form_with_the_field_named(site, user, slug, fields, field, words):
    _posse(user)
    r = site.post(URL, _form(slug, **fields))
    assert r.status_code in (400, 403)
    page = _text(r)
    assert f'id="id_{field}_error"' in page and words in page
    assert not Match.objects.exists()


def test_an_unknown_game_is_a_404_page_not_a_500(site):
    assert site.get(URL + "?ruleset=chess").status_code == 404
    assert site.post(URL, {"ruleset": "chess"}).status_code == 404


def test_two_players_are_invited_from_the_form(site, other_user):
    site.post(URL, _form("battle-royale", players=other_user.username, bots="0"))
    match = Match.objects.get()
    assert match.status == Match.Status.INVITED
    assert [p.player.username for p in match.participants.order_by("seat")][1] == (
        other_user.username
    )


def test_last_hope_frontier_brings_my_gang_against_a_bots_demo_gang(site, user):
    earps = _posse(user)
    r = site.post(URL, _form(LHF, gang=str(earps.pk)))
    match = Match.objects.get()
    assert r.status_code == 302 and match.status == Match.Status.LIVE
    gangs = match.state["gangs"]
    assert gangs["s1"]["name"] == "Earps" and gangs["s1"]["gang_id"] == earps.pk
    assert gangs["s2"]["gang_id"] == 0 and gangs["s2"]["faction"] != "sheriffs"
    assert match.participants.get(seat="s1").gang_id == earps.pk


def test_last_hope_frontier_without_a_gang_says_so(site):
    page = _text(site.get(URL + f"?ruleset={LHF}"))
    assert "you have none yet" in page and 'name="gang"' not in page


def test_the_home_page_plays_a_bot_in_one_click(site, user):
    page = _text(site.get("/"))
    for game in all_rulesets():
        assert f'action="/matches/new/{game.slug}/bot/"' in page
    r = site.post("/matches/new/le-dernier-peuple/bot/")
    match = Match.objects.get()
    assert r["Location"] == f"/matches/{match.pk}/" and match.status == Match.Status.LIVE
    assert match.participants.get(seat="s2").bot == "greedy"


def test_one_click_last_hope_frontier_takes_my_first_gang_or_sends_me_to_the_form(site, user):
    r = site.post(f"/matches/new/{LHF}/bot/")
    assert r.status_code == 302 and r["Location"] == f"{URL}?ruleset={LHF}"
    assert not Match.objects.exists()
    earps = _posse(user)
    r = site.post(f"/matches/new/{LHF}/bot/")
    match = Match.objects.get()
    assert r["Location"] == f"/matches/{match.pk}/"
    assert match.state["gangs"]["s1"]["gang_id"] == earps.pk


def test_the_api_seats_my_gang_against_a_bot_too(as_user, user):
    earps = _posse(user)
    body = {"ruleset": LHF, "live": True, "players": [user.username], "gang": earps.pk, "bots": 1}
    r = as_user.post("/api/v1/matches/", body, format="json")
    assert r.status_code == 201, r.json()
    match = Match.objects.get()
    assert match.state["gangs"]["s1"]["gang_id"] == earps.pk


def test_signed_out_nobody_starts_a_game(client):
    r = client.post(URL, _form("battle-royale"))
    assert r.status_code == 302 and r["Location"].startswith("/accounts/login/")
    r = client.post("/matches/new/battle-royale/bot/")
    assert r.status_code == 302 and not Match.objects.exists()


def test_the_form_keeps_its_query_budget(site, user, django_assert_max_num_queries):
    _posse(user)
    for slug in ("last-hope-frontier", "last-one-standing"):
        with django_assert_max_num_queries(12):
            assert site.get(URL + f"?ruleset={slug}").status_code == 200


def test_a_battle_against_a_bot_is_a_line_in_my_gangs_history(site, user):
    from matches import services
    from rosters.models import GangEvent

    earps = _posse(user)
    site.post(URL, _form(LHF, gang=str(earps.pk)))
    match = Match.objects.get()
    Match.objects.filter(pk=match.pk).update(
        status=Match.Status.FINISHED, outcome={"winners": ["s1"], "placements": {}}
    )
    assert services.collect_friendly_battle(match_id=match.pk) == 1
    line = GangEvent.objects.filter(gang=earps).latest("id").text
    bot_gang = match.state["gangs"]["s2"]["name"]
    assert f"against {bot_gang} of Bot #1: won" in line


def test_the_form_speaks_french_and_dutch(site):
    page = _text(site.get(URL + "?ruleset=last-one-standing", HTTP_ACCEPT_LANGUAGE="fr"))
    assert "Manches avant la tempête" in page and "Commencer la partie" in page
    page = _text(site.get(URL + "?ruleset=battle-royale", HTTP_ACCEPT_LANGUAGE="nl"))
    assert "Speciale acties" in page and "Andere spelers" in page
