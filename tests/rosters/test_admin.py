"""A staff user can run a whole gang from the admin, through the same services as the API."""

import pytest

from rosters.models import CatalogueItem, Equipment, Gang, LedgerEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, staff):
    client.force_login(staff)
    return client


def test_staff_runs_a_whole_gang_from_the_admin(admin_client, user):
    response = admin_client.post(
        "/admin/rosters/gang/add/",
        {"owner": user.pk, "name": "Wild Bunch", "faction": "outlawmen", "notes": ""},
    )
    assert response.status_code == 302, response.content[:2000]
    gang = Gang.objects.get(name="Wild Bunch")
    assert gang.ledger.get().reason == "starting_treasury"

    assert (
        admin_client.post(
            f"/admin/rosters/gang/{gang.pk}/hire/", {"name": "Butch", "role": "leader"}
        ).status_code
        == 302
    )
    fighter = gang.fighters.get()
    response = admin_client.post(
        f"/admin/rosters/gang/{gang.pk}/purchase/",
        {"item": "revolver", "fighter": fighter.pk, "quantity": 1},
    )
    assert response.status_code == 302
    revolver = Equipment.objects.get(gang=gang)
    assert revolver.fighter == fighter

    assert (
        admin_client.post(
            f"/admin/rosters/gang/{gang.pk}/sale/", {"what": f"equipment:{revolver.pk}"}
        ).status_code
        == 302
    )
    assert (
        admin_client.post(
            f"/admin/rosters/gang/{gang.pk}/adjust/", {"amount": 25, "note": "Bounty"}
        ).status_code
        == 302
    )

    reasons = list(gang.ledger.values_list("reason", flat=True))
    assert reasons == ["starting_treasury", "hire", "purchase", "sale", "adjustment"]
    assert all(
        e.actor_id
        for e in LedgerEntry.objects.filter(gang=gang).exclude(reason="starting_treasury")
    )
    assert admin_client.get(f"/admin/rosters/gang/{gang.pk}/change/").status_code == 200
    # Issue 31: every line the admin's forms wrote has its code, read in the reader's language
    from django.utils import translation

    from rosters.history_lines import line

    events = list(gang.events.all())
    assert all(e.code for e in events) and all(e.code for e in gang.ledger.all())
    with translation.override("fr"):
        assert "+25 crédits : Bounty" in [line(e) for e in events]


def test_an_unaffordable_admin_purchase_shows_the_error_and_writes_nothing(
    admin_client, gang, leader
):
    response = admin_client.post(
        f"/admin/rosters/gang/{gang.pk}/purchase/", {"item": "horse", "fighter": "", "quantity": 20}
    )
    assert response.status_code == 200
    assert b"credits" in response.content
    assert not Equipment.objects.exists()


def test_the_ledger_is_read_only_in_the_admin(admin_client, gang):
    entry = gang.ledger.get()
    assert admin_client.get("/admin/rosters/ledgerentry/add/").status_code == 403
    response = admin_client.post(f"/admin/rosters/ledgerentry/{entry.pk}/change/", {"amount": 1})
    assert response.status_code == 403
    assert LedgerEntry.objects.get(pk=entry.pk).amount == entry.amount


def test_a_price_edit_in_the_admin_is_versioned(admin_client, gang, leader, user):
    from rosters import services

    services.purchase_item(gang=gang, item="pistol", fighter_id=leader.pk, quantity=1, actor=user)
    pistol = CatalogueItem.objects.get(slug="pistol")
    data = {
        "slug": "pistol",
        "name": "Pistol",
        "kind": "weapon",
        "price": 20,
        "purchasable": "on",
        "allowed_roles": '["leader", "deputy", "ganger"]',
        "max_per_fighter": "",
        "description": pistol.description,
        "rules": '{"weapon_type": "slug", "range_min": 0, '
        '"range_max": 1, "damage_bonus": 1, "reload_every": null}',
    }
    assert (
        admin_client.post(f"/admin/rosters/catalogueitem/{pistol.pk}/change/", data).status_code
        == 302
    )
    pistol.refresh_from_db()
    assert (pistol.price, pistol.revision) == (20, 2)
    assert Equipment.objects.get(gang=gang).price_paid == 15


def test_admin_pages_render(admin_client, gang, leader):
    for url in [
        "/admin/rosters/gang/",
        f"/admin/rosters/gang/{gang.pk}/hire/",
        "/admin/rosters/fighter/",
        f"/admin/rosters/fighter/{leader.pk}/change/",
        "/admin/rosters/catalogueitem/",
        "/admin/rosters/ledgerentry/",
        "/admin/rosters/gangevent/",
    ]:
        assert admin_client.get(url).status_code == 200, url


def test_flips_are_spent_from_the_admin_with_server_drawn_cards(admin_client, gang, leader):
    from rosters import services

    services.award_flips(fighter=leader, count=2, actor=None)
    url = f"/admin/rosters/fighter/{leader.pk}/flips/"
    assert admin_client.get(url).status_code == 200
    assert admin_client.post(url, {"action": "flip", "stat": ""}).status_code == 302
    showing = services.showing_flip(leader)
    assert showing is not None
    assert (
        admin_client.post(url, {"action": "choose", "stat": showing.options[1]}).status_code == 302
    )
    leader.refresh_from_db()
    assert leader.flips == 1
    assert leader.advancements.get().stat == showing.options[1]
    response = admin_client.post(url, {"action": "choose", "stat": "wounds"})
    assert response.status_code == 200 and b"Flip a card before" in response.content
