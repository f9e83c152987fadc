"""Money and state never drift: ledger sums, append-only records, prices paid, rating."""

import pytest
from django.db import IntegrityError, transaction

from rosters import services
from rosters.models import CatalogueItem, Equipment, Gang, Injury, LedgerEntry

pytestmark = pytest.mark.django_db


def test_every_gangs_credits_equal_its_ledger(gang, leader, ganger, user, staff):
    services.purchase_item(gang=gang, item="shotgun", fighter_id=leader.pk, quantity=1, actor=user)
    services.adjust_credits(gang=gang, amount=40, note="Won the pot", actor=staff)
    equipment = Equipment.objects.get(gang=gang)
    services.sell_equipment(gang=gang, equipment_id=equipment.pk, actor=user)
    services.retire_fighter(gang=gang, fighter_id=ganger.pk, actor=user)
    assert services.reconcile_credits() == []
    gang.refresh_from_db()
    assert gang.credits == services.ledger_balance(gang)
    assert gang.ledger.last().balance_after == gang.credits


def test_reconcile_finds_a_gang_whose_credits_were_tampered_with(gang):
    Gang.objects.filter(pk=gang.pk).update(credits=999)
    assert services.reconcile_credits() == [
        {"gang": gang.pk, "credits": 999, "ledger": services.gang_rules().starting_treasury}
    ]


def test_ledger_rows_cannot_be_edited_or_deleted(gang):
    row = gang.ledger.first()
    row.amount = 1_000_000
    with pytest.raises(ValueError, match="append-only"):
        row.save()
    with pytest.raises(ValueError, match="append-only"):
        row.delete()


def test_the_database_refuses_negative_credits(gang):
    with pytest.raises(IntegrityError), transaction.atomic():
        Gang.objects.filter(pk=gang.pk).update(credits=-1)


def test_a_price_change_never_reprices_what_a_gang_bought(gang, leader, user, staff):
    services.purchase_item(gang=gang, item="pistol", fighter_id=leader.pk, quantity=1, actor=user)
    rating = Gang.objects.get(pk=gang.pk).rating
    pistol = CatalogueItem.objects.get(slug="pistol")
    services.change_price(item=pistol, price=99, actor=staff)
    owned = Equipment.objects.get(gang=gang)
    assert (owned.price_paid, owned.catalogue_revision) == (15, 1)
    assert pistol.price_changes.get().new_price == 99
    services.adjust_credits(gang=gang, amount=1, note="touch", actor=staff)  # recompute totals
    assert Gang.objects.get(pk=gang.pk).rating == rating


def test_rating_counts_active_fighters_and_held_equipment_at_price_paid(gang, leader, ganger, user):
    services.purchase_item(gang=gang, item="fine-leather", fighter_id=None, quantity=1, actor=user)
    gang.refresh_from_db()
    assert gang.rating == leader.hire_cost + ganger.hire_cost + 45
    services.add_goods(gang=gang, item="gold-nugget", actor=user)
    gang.refresh_from_db()
    assert gang.wealth == gang.rating + gang.credits + 40


def test_third_time_out_of_action_kills_the_fighter_and_buries_the_kit(gang, ganger, user):
    services.purchase_item(gang=gang, item="hatchet", fighter_id=ganger.pk, quantity=1, actor=user)
    first = services.take_out_of_action(fighter=ganger, actor=user)
    second = services.take_out_of_action(fighter=ganger, actor=user)
    ganger.refresh_from_db()
    assert (first.wounds_lost, second.wounds_lost) == (1, 1)
    assert ganger.current_stats()["wounds"] == 4
    assert ganger.status == "active"
    third = services.take_out_of_action(fighter=ganger, actor=user)
    ganger.refresh_from_db()
    assert third.fatal and ganger.status == "dead"
    assert Equipment.objects.get(gang=gang).disposal == "buried"
    gang.refresh_from_db()
    assert gang.rating == 0  # a dead fighter and buried kit are worth nothing to the gang
    assert Injury.objects.filter(fighter=ganger).count() == 3


def test_a_failed_purchase_leaves_no_trace(gang, leader, user):
    counts = (LedgerEntry.objects.count(), Equipment.objects.count(), gang.events.count())
    with pytest.raises(services.RosterError):
        services.purchase_item(
            gang=gang, item="horse", fighter_id=leader.pk, quantity=2, actor=user
        )
    assert (LedgerEntry.objects.count(), Equipment.objects.count(), gang.events.count()) == counts
