"""A purchase, a sale and an adjustment write their rows and the gang's totals in one
statement on PostgreSQL (rosters/services/writes.py), the lock with what they read first in
another (rosters.revisions.lock_and_read), and ask rosters.access of the gang as locked. The
rules are the ORM path's: totals a recount gives, the balance checked, nothing written for a
refusal, and kit disposed of only while it is still held."""

import threading
import time

import pytest
from django.db import connection, transaction

from rosters import services
from rosters.errors import RosterError
from rosters.models import Equipment, Gang, LedgerEntry
from rosters.services.common import _lock
from tests.rosters.conftest import buy

pytestmark = pytest.mark.django_db


def recounted(gang: Gang) -> tuple[int, int, int]:
    """(credits, rating, wealth) as ``_refresh_totals`` computes them from the rows now."""
    fresh = Gang.objects.get(pk=gang.pk)
    stored = (fresh.credits, fresh.rating, fresh.wealth)
    with transaction.atomic():
        services._refresh_totals(fresh)
        transaction.set_rollback(True)
    assert (fresh.credits, fresh.rating, fresh.wealth) == stored
    return stored


def test_purchases_and_sales_leave_the_totals_a_recount_gives(as_user, gang, leader):
    services.adjust_credits(gang=gang, amount=500, note="bench", actor=gang.owner)
    response = buy(as_user, gang, "whiskey", quantity=3)
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["credits"], body["rating"], body["wealth"]) == recounted(gang)
    assert [e["id"] for e in body["equipment"]] == list(
        Equipment.objects.filter(gang=gang).order_by("id").values_list("id", flat=True)
    )
    assert buy(as_user, gang, "pistol", fighter=leader).status_code == 201
    sold = body["equipment"][1]["id"]
    response = as_user.post(f"/api/v1/gangs/{gang.pk}/sales/", {"equipment": sold}, format="json")
    assert response.status_code == 201, response.content
    credits, rating, _wealth = recounted(gang)
    assert response.json()["balance_after"] == credits == services.ledger_balance(gang)
    assert rating == leader.hire_cost + 15 + 2 * 10  # the pistol and two whiskeys still held
    assert Equipment.objects.get(pk=sold).disposal == Equipment.Disposal.SOLD
    assert gang.events.order_by("-id").values_list("text", flat=True)[0] == (
        "Sold a whiskey for 5 credits."
    )


def test_an_adjustment_leaves_the_totals_a_recount_gives(as_staff, gang):
    response = as_staff.post(
        f"/api/v1/gangs/{gang.pk}/adjustments/", {"amount": 25, "note": "bounty"}, format="json"
    )
    assert response.status_code == 201, response.content
    credits, _rating, _wealth = recounted(gang)
    assert response.json()["balance_after"] == credits
    assert LedgerEntry.objects.filter(gang=gang).last().pk == response.json()["id"]


def test_a_refused_caller_writes_nothing_and_bumps_no_revision(gang, as_other):
    (held,) = services.purchase_item(
        gang=gang, item="whiskey", fighter_id=None, quantity=1, actor=gang.owner
    )
    before = Gang.objects.get(pk=gang.pk)
    rows = (LedgerEntry.objects.count(), Equipment.objects.count(), gang.events.count())
    url = f"/api/v1/gangs/{gang.pk}"
    for path, payload in (
        ("purchases/", {"item": "whiskey", "fighter": None}),
        ("sales/", {"equipment": held.pk}),
        ("adjustments/", {"amount": 5, "note": "mine"}),
        # Bad input from someone who may not act is still their 403, as before.
        ("purchases/", {"item": "whiskey", "quantity": "x"}),
        ("sales/", {}),
        ("adjustments/", {"amount": "lots"}),
    ):
        assert as_other.post(f"{url}/{path}", payload, format="json").status_code == 403, path
    after = Gang.objects.get(pk=gang.pk)
    assert (after.revision, after.credits) == (before.revision, before.credits)
    assert rows == (LedgerEntry.objects.count(), Equipment.objects.count(), gang.events.count())


def test_no_gang_is_a_404_whatever_the_input(as_user, as_staff):
    assert buy(as_user, Gang(pk=10**12), "whiskey").status_code == 404
    assert as_user.post("/api/v1/gangs/999999/purchases/", {"item": 5}).status_code == 404
    assert as_user.post("/api/v1/gangs/999999/sales/", {"equipment": 1}).status_code == 404
    assert as_staff.post("/api/v1/gangs/999999/adjustments/", {}).status_code == 404


def test_an_unknown_item_and_kit_of_another_gang_are_400s_naming_the_field(
    as_user, gang, other_user
):
    other_gang = services.create_gang(owner=other_user, name="Others", faction="sheriffs")
    (theirs,) = services.purchase_item(
        gang=other_gang, item="whiskey", fighter_id=None, quantity=1, actor=other_user
    )
    response = buy(as_user, gang, "moonshine-cannon")
    assert response.status_code == 400 and "item" in response.json()["errors"]
    response = as_user.post(
        f"/api/v1/gangs/{gang.pk}/sales/", {"equipment": theirs.pk}, format="json"
    )
    assert response.status_code == 400 and "equipment" in response.json()["errors"]
    assert Equipment.objects.get(pk=theirs.pk).held


@pytest.mark.django_db(transaction=True)
def test_kit_used_up_while_a_sale_waited_for_the_lock_is_not_sold(seeded_catalogue, user):
    """The sale reads its equipment once it holds the gang lock: kit used up while it waited
    is refused by name, and nothing is written."""
    gang = services.create_gang(owner=user, name="Waiters", faction="bootleggers")
    (item,) = services.purchase_item(
        gang=gang, item="whiskey", fighter_id=None, quantity=1, actor=user
    )
    ledger = LedgerEntry.objects.filter(gang=gang).count()
    outcome = []

    def sell():
        try:
            services.sell_equipment(gang=gang.pk, equipment_id=item.pk, actor=user)
            outcome.append("sold")
        except RosterError as refused:
            outcome.append(refused)
        finally:
            connection.close()

    seller = threading.Thread(target=sell)
    with transaction.atomic():
        _lock(gang)
        Equipment.objects.filter(pk=item.pk).update(disposal=Equipment.Disposal.USED)
        seller.start()
        _wait_for_a_lock_wait()
    seller.join(timeout=30)
    (refused,) = outcome
    assert isinstance(refused, RosterError) and refused.field == "equipment"
    # The write's own check, not the read's (which would have said "(used)").
    assert refused.detail == "That whiskey is no longer the gang's (used)."
    assert LedgerEntry.objects.filter(gang=gang).count() == ledger
    assert Equipment.objects.get(pk=item.pk).disposal == Equipment.Disposal.USED
    assert services.reconcile_credits() == []


def _wait_for_a_lock_wait(timeout: float = 10) -> None:
    """Until another backend of this database waits for a row lock."""
    deadline = time.monotonic() + timeout
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute("SELECT pg_stat_clear_snapshot()")
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                "AND datname = current_database()"
            )
            if cursor.fetchone()[0]:
                return
            time.sleep(0.01)
    raise AssertionError("the sale never waited for the gang's lock")


def test_the_write_responses_are_the_rows_as_stored(as_user, as_staff, gang, leader):
    from rosters.serializers import EquipmentSerializer, LedgerEntrySerializer

    services.adjust_credits(gang=gang, amount=500, note="bench", actor=gang.owner)
    services.add_goods(gang=gang, item="beaver-pelt", actor=gang.owner)
    for fighter, quantity in ((None, 2), (leader, 1)):
        response = buy(as_user, gang, "pistol", fighter=fighter, quantity=quantity)
        assert response.status_code == 201, response.content
        ids = [e["id"] for e in response.json()["equipment"]]
        rows = Equipment.objects.select_related("item").in_bulk(ids)
        assert response.json()["equipment"] == [EquipmentSerializer(rows[i]).data for i in ids]
    url = f"/api/v1/gangs/{gang.pk}"
    for client, path, payload in (
        (as_user, "sales/", {"equipment": ids[0]}),
        (as_user, "sales/", {"goods": gang.goods.get().pk}),
        (as_staff, "adjustments/", {"amount": -5, "note": "a fine"}),
    ):
        response = client.post(f"{url}/{path}", payload, format="json")
        assert response.status_code == 201, response.content
        entry = LedgerEntry.objects.select_related("actor").get(pk=response.json()["id"])
        assert response.json() == LedgerEntrySerializer(entry).data
