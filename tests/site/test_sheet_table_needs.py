"""The sheet and the print carry what the table needs, offer only what the gang may take,
and ask before a sale or a revoked link (#30)."""

from html import unescape

import pytest

from rosters import services
from rosters.models import Equipment, Gang

pytestmark = pytest.mark.django_db


def _page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return unescape(response.content.decode())


def test_the_sheet_and_the_print_show_range_damage_reload_defence_and_effects(site, user, gang):
    """The catalogue's numbers: shotgun "Range 1-2. +2 damage. Needs reloading after every
    three shots"; fine leather "+3 defence"; whiskey "heals one wound"."""
    bob = services.hire_fighter(gang=gang, name="Bob", role="leader", actor=user)
    for item in ("shotgun", "fine-leather", "whiskey"):
        services.purchase_item(gang=gang, item=item, fighter_id=bob.pk, quantity=1, actor=user)
    for url in (f"/gangs/{gang.pk}/", f"/gangs/{gang.pk}/print/"):
        text = _page(site, url)
        assert "range 1 to 2 · +2 damage · reload after every 3 shots" in text
        assert "+3 defence against shots and combat" in text
        assert "heals one wound" in text


def test_the_hire_list_offers_no_second_leader_and_says_why(site, user, gang):
    services.hire_fighter(gang=gang, name="Bob", role="leader", actor=user)
    text = _page(site, f"/gangs/{gang.pk}/")
    hire = text[text.index('id="hire"') : text.index('id="buy"')]
    assert 'value="leader"' not in hire and 'value="deputy"' in hire
    assert "A gang may have at most 1 leader; this gang has 1." in hire


def test_the_buy_list_says_what_the_credits_cannot_pay_and_what_a_fighter_cannot_carry(
    site, user, gang
):
    ganger = services.hire_fighter(gang=gang, name="Em", role="ganger", actor=user)
    Gang.objects.filter(pk=gang.pk).update(credits=20)  # as if spent (the ledger aside)
    text = _page(site, f"/gangs/{gang.pk}/")
    buy = text[text.index('id="buy"') :]
    assert 'value="shotgun"' not in buy and 'value="pistol"' in buy
    assert "This costs 30 credits but the gang has only 20." in buy
    text = _page(site, f"/gangs/{gang.pk}/?fighter={ganger.pk}")
    assert "Only a leader or deputy may carry a horse; Em is a ganger." in text


def test_selling_asks_first_and_keeping_it_leaves_the_item(site, user, gang):
    bob = services.hire_fighter(gang=gang, name="Bob", role="leader", actor=user)
    (revolver,) = services.purchase_item(
        gang=gang, item="revolver", fighter_id=bob.pk, quantity=1, actor=user
    )
    sheet = _page(site, f"/gangs/{gang.pk}/")
    assert f"/gangs/{gang.pk}/sell/?equipment={revolver.pk}" in sheet  # a link, not a post
    text = _page(site, f"/gangs/{gang.pk}/sell/?equipment={revolver.pk}")
    assert "Sell the Revolver?" in text and "The marketplace pays 7 credits" in text
    revolver.refresh_from_db()
    assert revolver.disposal == ""  # asking sold nothing
    credits = Gang.objects.get(pk=gang.pk).credits
    response = site.post(f"/gangs/{gang.pk}/sell/", {"equipment": revolver.pk})
    assert response.status_code == 302
    assert Equipment.objects.get(pk=revolver.pk).disposal != ""
    assert Gang.objects.get(pk=gang.pk).credits == credits + 7


def test_asking_to_sell_what_is_not_there_names_the_refusal(site, gang):
    response = site.get(f"/gangs/{gang.pk}/sell/?equipment=999999")
    assert response.status_code == 400
    assert "No such equipment in this gang." in unescape(response.content.decode())


def test_revoking_the_share_link_asks_first(site, user, gang):
    site.post(f"/gangs/{gang.pk}/share/")
    token = Gang.objects.get(pk=gang.pk).share_token
    assert token
    text = _page(site, f"/gangs/{gang.pk}/share/revoke/")
    assert "Revoke the share link?" in text
    assert Gang.objects.get(pk=gang.pk).share_token == token  # asking revoked nothing
    assert site.post(f"/gangs/{gang.pk}/share/revoke/").status_code == 302
    assert Gang.objects.get(pk=gang.pk).share_token is None


def test_only_the_owner_is_asked(other_site, gang):
    assert other_site.get(f"/gangs/{gang.pk}/share/revoke/").status_code in (403, 404)
    assert other_site.get(f"/gangs/{gang.pk}/sell/?equipment=1").status_code in (403, 404)


def test_the_facts_read_in_the_pages_language(site, user, gang):
    bob = services.hire_fighter(gang=gang, name="Bob", role="leader", actor=user)
    services.purchase_item(gang=gang, item="shotgun", fighter_id=bob.pk, quantity=1, actor=user)
    response = site.get(f"/gangs/{gang.pk}/", HTTP_ACCEPT_LANGUAGE="fr")
    text = unescape(response.content.decode())
    assert "portée 1 à 2 · +2 dégâts · à recharger tous les 3 tirs" in text
