import pytest

from rosters import services
from rosters.models import Equipment, Fighter, Gang, GangEvent, LedgerEntry
from tests.rosters.conftest import buy

pytestmark = pytest.mark.django_db


def test_founding_a_gang_pays_the_starting_treasury_into_the_ledger(as_user):
    response = as_user.post("/api/v1/gangs/", {"name": "Earp Posse", "faction": "sheriffs"})
    assert response.status_code == 201, response.json()
    body = response.json()
    treasury = services.gang_rules().starting_treasury
    assert body["credits"] == treasury
    assert body["fighters"] == []
    gang = Gang.objects.get(pk=body["id"])
    assert list(gang.ledger.values_list("amount", "reason")) == [(treasury, "starting_treasury")]
    assert "needs at least 1 leader (has 0)" in body["problems"]


@pytest.mark.parametrize(
    "payload,field",
    [
        ({"name": "X", "faction": "cowboys"}, "faction"),
        ({"faction": "sheriffs"}, "name"),
        ({"name": "", "faction": "sheriffs"}, "name"),
        ({"name": "X" * 81, "faction": "sheriffs"}, "name"),
    ],
)
def test_bad_gang_input_names_the_field_and_writes_nothing(as_user, payload, field):
    response = as_user.post("/api/v1/gangs/", payload, format="json")
    assert response.status_code == 400
    assert field in response.json()["errors"]
    assert not Gang.objects.exists()


def test_hiring_costs_the_role_and_copies_its_stat_line(as_user, gang):
    response = as_user.post(f"/api/v1/gangs/{gang.pk}/fighters/", {"name": "Bob", "role": "leader"})
    assert response.status_code == 201, response.json()
    assert response.json()["stats"] == {
        "shoot": 3,
        "combat": 3,
        "strength": 2,
        "toughness": 2,
        "defence": 2,
        "wounds": 8,
    }
    gang.refresh_from_db()
    assert gang.credits == services.gang_rules().starting_treasury - response.json()["hire_cost"]


def test_a_second_leader_is_refused(as_user, gang, leader):
    response = as_user.post(
        f"/api/v1/gangs/{gang.pk}/fighters/", {"name": "Grat", "role": "leader"}
    )
    assert response.status_code == 400
    assert "at most 1 leader" in response.json()["errors"]["role"][0]
    assert gang.fighters.count() == 1


def test_an_unknown_role_is_refused(as_user, gang):
    response = as_user.post(f"/api/v1/gangs/{gang.pk}/fighters/", {"name": "X", "role": "mayor"})
    assert response.status_code == 400
    assert "role" in response.json()["errors"]


def test_buying_for_a_fighter_keeps_the_price_paid_and_recomputes_rating(as_user, gang, leader):
    response = buy(as_user, gang, "pistol", leader)
    assert response.status_code == 201, response.json()
    gang.refresh_from_db()
    assert gang.rating == leader.hire_cost + 15
    assert gang.wealth == gang.rating + gang.credits
    item = Equipment.objects.get(gang=gang)
    assert (item.fighter, item.price_paid) == (leader, 15)
    assert gang.ledger.last().amount == -15


def test_buying_for_the_stash(as_user, gang):
    response = buy(as_user, gang, "whiskey", quantity=3)
    assert response.status_code == 201
    assert Equipment.objects.filter(gang=gang, fighter=None).count() == 3
    assert gang.ledger.last().amount == -30


def test_an_unaffordable_purchase_is_refused_and_nothing_is_written(as_user, gang):
    ledger_before = gang.ledger.count()
    response = buy(as_user, gang, "horse", quantity=20)
    assert response.status_code == 400
    assert "credits" in response.json()["detail"]
    assert gang.ledger.count() == ledger_before
    assert not Equipment.objects.exists()


def test_a_horse_is_for_a_leader_or_deputy_only(as_user, gang, ganger):
    response = buy(as_user, gang, "horse", ganger)
    assert response.status_code == 400
    assert "fighter" in response.json()["errors"]
    assert "leader or deputy" in response.json()["errors"]["fighter"][0]


def test_a_fighter_carries_at_most_two_firearms(as_user, gang, leader):
    assert buy(as_user, gang, "pistol", leader, quantity=2).status_code == 201
    response = buy(as_user, gang, "derringer", leader)
    assert response.status_code == 400
    assert "at most 2 firearms" in response.json()["detail"]


@pytest.mark.parametrize("quantity", [0, -1, 21, 1000000, "x", None, True, 1.5])
def test_absurd_quantities_are_refused(as_user, gang, quantity):
    response = as_user.post(
        f"/api/v1/gangs/{gang.pk}/purchases/",
        {"item": "pistol", "quantity": quantity},
        format="json",
    )
    assert response.status_code == 400
    assert "quantity" in response.json()["errors"]


@pytest.mark.parametrize("item", ["ray-gun", "", "gold-nugget"])
def test_unknown_or_unbuyable_items_are_refused(as_user, gang, item):
    response = buy(as_user, gang, item)
    assert response.status_code == 400
    assert "item" in response.json()["errors"]


def test_nothing_can_be_bought_for_a_dead_fighter(as_user, gang, ganger, user):
    for _ in range(3):
        services.take_out_of_action(fighter=ganger, actor=user)
    response = buy(as_user, gang, "pistol", ganger)
    assert response.status_code == 409
    assert "dead" in response.json()["detail"]


def test_a_fighter_from_another_gang_is_refused(as_user, gang, other_user):
    theirs = services.create_gang(owner=other_user, name="Others", faction="townsfolk")
    stranger = services.hire_fighter(gang=theirs, name="Stranger", role="ganger", actor=other_user)
    response = buy(as_user, gang, "pistol", stranger)
    assert response.status_code == 400
    assert "fighter" in response.json()["errors"]


def test_only_the_owner_or_staff_change_a_gang(as_other, as_staff, api, gang):
    assert buy(as_other, gang, "pistol").status_code == 403
    assert buy(api, gang, "pistol").status_code == 401
    assert buy(as_staff, gang, "pistol").status_code == 201


def test_any_signed_in_player_reads_rosters(as_other, api, gang, leader):
    assert as_other.get(f"/api/v1/gangs/{gang.pk}/").status_code == 200
    assert as_other.get(f"/api/v1/gangs/{gang.pk}/ledger/").status_code == 200
    assert api.get(f"/api/v1/gangs/{gang.pk}/").status_code == 401


def test_moving_equipment_between_fighters_and_the_stash(as_user, gang, leader, ganger):
    pistol = services.purchase_item(
        gang=gang, item="pistol", fighter_id=leader.pk, quantity=1, actor=gang.owner
    )[0]
    url = f"/api/v1/gangs/{gang.pk}/equipment/{pistol.pk}/move/"
    assert as_user.post(url, {"fighter": None}, format="json").json()["fighter"] is None
    assert as_user.post(url, {"fighter": ganger.pk}, format="json").json()["fighter"] == ganger.pk
    assert GangEvent.objects.filter(gang=gang, kind="moved").count() == 2


def test_moving_a_horse_to_a_ganger_is_refused(as_user, gang, leader, ganger):
    horse = services.purchase_item(
        gang=gang, item="horse", fighter_id=None, quantity=1, actor=gang.owner
    )[0]
    url = f"/api/v1/gangs/{gang.pk}/equipment/{horse.pk}/move/"
    assert as_user.post(url, {"fighter": ganger.pk}, format="json").status_code == 400
    assert as_user.post(url, {"fighter": leader.pk}, format="json").status_code == 200


def test_selling_equipment_pays_half_its_market_value_rounded_down(as_user, gang):
    derringer = services.purchase_item(
        gang=gang, item="derringer", fighter_id=None, quantity=1, actor=gang.owner
    )[0]
    before = Gang.objects.get(pk=gang.pk).credits
    response = as_user.post(f"/api/v1/gangs/{gang.pk}/sales/", {"equipment": derringer.pk})
    assert response.status_code == 201
    assert response.json()["amount"] == 2  # 5 credits → 2.5 → 2
    assert Gang.objects.get(pk=gang.pk).credits == before + 2
    again = as_user.post(f"/api/v1/gangs/{gang.pk}/sales/", {"equipment": derringer.pk})
    assert again.status_code == 400


def test_selling_goods_at_the_marketplace(as_user, gang, staff):
    pelt = services.add_goods(gang=gang, item="beaver-pelt", actor=staff)
    response = as_user.post(f"/api/v1/gangs/{gang.pk}/sales/", {"goods": pelt.pk})
    assert response.status_code == 201
    assert response.json()["amount"] == 12  # "50% of full market value" of 25, rounded down


def test_a_sale_needs_exactly_one_thing_to_sell(as_user, gang):
    response = as_user.post(f"/api/v1/gangs/{gang.pk}/sales/", {})
    assert response.status_code == 400
    assert "equipment" in response.json()["errors"]


def test_retiring_before_the_first_battle_refunds_the_hire(as_user, gang, ganger):
    before = Gang.objects.get(pk=gang.pk).credits
    response = as_user.post(f"/api/v1/fighters/{ganger.pk}/retire/")
    assert response.status_code == 200
    assert response.json()["status"] == "retired"
    assert Gang.objects.get(pk=gang.pk).credits == before + ganger.hire_cost


def test_retiring_after_a_battle_refunds_nothing_and_stashes_the_kit(as_user, gang, ganger):
    services.purchase_item(
        gang=gang, item="pistol", fighter_id=ganger.pk, quantity=1, actor=gang.owner
    )
    Gang.objects.filter(pk=gang.pk).update(battles=1)
    before = Gang.objects.get(pk=gang.pk).credits
    as_user.post(f"/api/v1/fighters/{ganger.pk}/retire/")
    assert Gang.objects.get(pk=gang.pk).credits == before
    assert Equipment.objects.get(gang=gang).fighter is None


def test_only_staff_or_an_arbitrator_adjusts_credits(as_user, as_staff, gang):
    payload = {"amount": 50, "note": "Bounty on the Clantons"}
    assert as_user.post(f"/api/v1/gangs/{gang.pk}/adjustments/", payload).status_code == 403
    response = as_staff.post(f"/api/v1/gangs/{gang.pk}/adjustments/", payload)
    assert response.status_code == 201
    assert response.json()["reason"] == "adjustment"


def test_an_adjustment_cannot_take_credits_below_zero(as_staff, gang):
    response = as_staff.post(
        f"/api/v1/gangs/{gang.pk}/adjustments/", {"amount": -100000, "note": "fine"}
    )
    assert response.status_code == 400
    assert Gang.objects.get(pk=gang.pk).credits == services.gang_rules().starting_treasury


def test_history_reads_like_a_story(as_user, gang, leader):
    services.purchase_item(
        gang=gang, item="pistol", fighter_id=leader.pk, quantity=1, actor=gang.owner
    )
    texts = [
        row["text"] for row in as_user.get(f"/api/v1/gangs/{gang.pk}/history/").json()["results"]
    ]
    assert texts[0].startswith("The Dalton Boys rode into town")
    assert texts[1] == "Hired leader Bob Dalton for 100 credits."
    assert texts[2] == "Bought Pistol for Bob Dalton for 15 credits."


def test_ledger_can_be_filtered_by_reason(as_user, gang, leader):
    rows = as_user.get(f"/api/v1/gangs/{gang.pk}/ledger/?reason=hire").json()["results"]
    assert [r["reason"] for r in rows] == ["hire"]
    assert as_user.get(f"/api/v1/gangs/{gang.pk}/ledger/?reason=bribe").status_code == 400


def test_gang_list_filters_and_orders(as_user, gang, other_user):
    services.create_gang(owner=other_user, name="Clantons", faction="outlawmen")
    services.create_gang(owner=other_user, name="Temperance League", faction="townsfolk")
    names = [g["name"] for g in as_user.get("/api/v1/gangs/?faction=outlawmen").json()["results"]]
    assert names == ["Clantons", "The Dalton Boys"]
    mine = as_user.get(f"/api/v1/gangs/?owner={gang.owner.username}").json()["results"]
    assert [g["name"] for g in mine] == ["The Dalton Boys"]


def test_fighter_detail_shows_the_current_stat_line(as_other, gang, ganger, user):
    services.take_out_of_action(fighter=ganger, actor=user)
    body = as_other.get(f"/api/v1/fighters/{ganger.pk}/").json()
    assert body["base_stats"]["wounds"] == 6
    assert body["stats"]["wounds"] == 5
    assert body["injuries"][0]["strike"] == 1


def test_renaming_a_fighter(as_user, as_other, ganger):
    assert as_other.patch(f"/api/v1/fighters/{ganger.pk}/", {"name": "X"}).status_code == 403
    assert (
        as_user.patch(f"/api/v1/fighters/{ganger.pk}/", {"name": "Emmett D."}).json()["name"]
        == "Emmett D."
    )
    assert Fighter.objects.get(pk=ganger.pk).name == "Emmett D."


def test_the_catalogue_lists_everything_with_prices(api):
    body = api.get("/api/v1/rulesets/last-hope-frontier/catalogue/").json()
    assert {f["slug"]: f["favoured_suit"] for f in body["factions"]}["sheriffs"] == "S"
    assert {r["slug"] for r in body["roles"]} == {"leader", "deputy", "ganger"}
    assert {w["slug"] for w in body["weapons"]} >= {"derringer", "pistol", "scope-rifle", "machete"}
    assert all(isinstance(i["price"], int) for i in body["items"])


def test_ledger_rows_carry_signed_amounts_and_reasons(as_user, gang, leader):
    rows = as_user.get(f"/api/v1/gangs/{gang.pk}/ledger/").json()["results"]
    assert [(r["amount"] > 0, r["reason"]) for r in rows] == [
        (True, "starting_treasury"),
        (False, "hire"),
    ]
    assert LedgerEntry.objects.filter(gang=gang).count() == 2
