"""The report page with a mission: chosen on the page, its rewards shown, its loot tokens
offered instead of free goods and credits, and the mission's rewards paid."""

from html import unescape

import pytest

from campaigns.models import Battle
from tests.site.test_campaign_league_pages import _campaign_with, _client

pytestmark = pytest.mark.django_db


def _campaign(user):
    campaign, gangs = _campaign_with(user, 2)  # a and b have fought once already
    campaign.max_battles_per_pairing = 5
    campaign.save(update_fields=["max_battles_per_pairing"])
    return campaign, gangs


def test_the_report_form_offers_the_missions_loot_and_pays_its_rewards(user):
    campaign, (a, b) = _campaign(user)
    site = _client(user)  # the arbitrator, who picks missions in this campaign
    url = f"/campaigns/{campaign.pk}/report/?gangs={a.pk}&gangs={b.pk}"
    plain = unescape(site.get(url).content.decode())
    assert "Strongbox Scramble" in plain and f'name="credits.{a.pk}"' in plain
    page = unescape(site.get(url + "&mission=strongbox-scramble").content.decode())
    assert f'name="loot.{a.pk}"' in page and f'name="credits.{a.pk}"' not in page
    assert " Railroad bond</label>" in page  # the loot by its catalogue name
    assert "Rewards (credits, goods) by side and result" in page
    r = site.post(
        url + "&mission=strongbox-scramble",
        {"winner": str(b.pk), f"loot.{a.pk}": ["box-1"], f"loot.{b.pk}": ["box-3"]},
    )
    assert r.status_code == 302, unescape(r.content.decode())
    battle = Battle.objects.filter(mission__key="strongbox-scramble").get()
    sides = {s.gang_id: s for s in battle.sides.all()}
    assert (sides[a.pk].credits_earned, sides[a.pk].goods) == (0, ["gold-nugget"])
    assert (sides[b.pk].credits_earned, sides[b.pk].goods) == (25, ["railroad-bond"])


def test_the_rewards_name_their_items_and_a_mission_without_loot_offers_none(user):
    campaign, (a, b) = _campaign(user)
    site = _client(user)
    url = f"/campaigns/{campaign.pk}/report/?gangs={a.pk}&gangs={b.pk}&mission=claim-jumpers"
    page = unescape(site.get(url).content.decode())
    table = page[page.index("<caption>") : page.index("</table>")]
    assert "<td>30, Gold nugget</td>" in table and "gold-nugget" not in table
    assert "picked up" not in page and f'name="loot.{a.pk}"' not in page  # no tokens


def test_a_token_claimed_twice_is_refused_on_the_page(user):
    campaign, (a, b) = _campaign(user)
    site = _client(user)
    url = f"/campaigns/{campaign.pk}/report/?gangs={a.pk}&gangs={b.pk}&mission=strongbox-scramble"
    r = site.post(url, {"winner": "draw", f"loot.{a.pk}": ["box-1"], f"loot.{b.pk}": ["box-1"]})
    assert r.status_code == 400
    assert "Each loot token is picked up once." in unescape(r.content.decode())


def test_the_campaign_page_shows_each_battles_mission_and_where_it_stands(
    user, django_assert_max_num_queries
):
    campaign, (a, b) = _campaign(user)
    site = _client(user)
    url = f"/campaigns/{campaign.pk}/report/?gangs={a.pk}&gangs={b.pk}&mission=crossroads"
    assert site.post(url, {"winner": "draw"}).status_code == 302
    with django_assert_max_num_queries(32):
        page = unescape(site.get(f"/campaigns/{campaign.pk}/").content.decode())
    assert "Mission: <strong>The Stagecoach Crossroads</strong>" in page
    current = [line for line in page.split("<li") if 'aria-current="step"' in line]
    assert [c.split(">", 1)[1].split("<")[0] for c in current] == ["post-battle", "confirmed"]
