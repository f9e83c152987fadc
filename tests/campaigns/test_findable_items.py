"""Campaign-findable items: "Other purchasable/campaign findable items - Whiskey ... Hooch ...
Dynamite ... Rabbits foot ... Horse ... Town map" (docs/rules/last-hope-frontier.md, decision
23). Found in a battle, listed in the report's ``goods``, they join the gang's stash after
the post-game as equipment with a price paid of 0."""

import pytest

from campaigns.models import Battle
from rosters.models import Equipment, GangEvent
from tests.campaigns.test_campaign_flow import confirm, report

pytestmark = pytest.mark.django_db

FINDABLE = ["whiskey", "hooch", "dynamite", "rabbits-foot", "horse", "town-map"]


def test_a_battle_report_accepts_every_findable_item_in_its_goods(world):
    ann = world.players[0]
    a, b = world.gangs[:2]
    battle = report(world, ann, a, b, winner=a, goods={str(a.pk): [*FINDABLE, "gold-nugget"]})
    side = Battle.objects.get(pk=battle["id"]).sides.get(gang=a)
    assert side.goods == [*FINDABLE, "gold-nugget"]


def test_a_found_item_lands_in_the_stash_as_equipment_at_price_paid_0(world, run_on_commit):
    ann, bob = world.players[:2]
    a, b = world.gangs[:2]
    battle = report(world, ann, a, b, winner=a, goods={str(a.pk): ["whiskey", "gold-nugget"]})
    assert not Equipment.objects.filter(gang=a, item__slug="whiskey").exists()  # not yet
    confirm(world, run_on_commit, bob, battle)

    whiskey = Equipment.objects.get(gang=a, item__slug="whiskey")
    assert (whiskey.fighter, whiskey.price_paid, whiskey.held) == (None, 0, True)
    assert a.goods.get().name == "Gold nugget"  # goods stay goods
    assert not a.goods.filter(name="Whiskey").exists()  # a found item is not goods
    assert GangEvent.objects.filter(
        gang=a,
        kind=GangEvent.Kind.GOODS,
        text=f"Found a whiskey (into the stash, price paid 0). (battle {battle['number']})",
    ).exists()
    stash = world.client(ann).get(f"/api/v1/gangs/{a.pk}/").json()["stash"]
    assert [(e["item"], e["price_paid"]) for e in stash] == [("whiskey", 0)]


def test_carry_rules_apply_when_a_found_item_is_moved_to_a_fighter(world, run_on_commit):
    """'Horse - only usable by leader or deputy': a found horse too."""
    ann, bob = world.players[:2]
    a, b = world.gangs[:2]
    leader, _, ganger, _ = world.fighters[a.pk]
    battle = report(
        world, ann, a, b, winner=a, goods={str(a.pk): ["horse", "whiskey"] + ["whiskey"] * 2}
    )
    confirm(world, run_on_commit, bob, battle)
    client = world.client(ann)
    horse = Equipment.objects.get(gang=a, item__slug="horse")
    url = f"/api/v1/gangs/{a.pk}/equipment/{horse.pk}/move/"
    refused = client.post(url, {"fighter": ganger.pk}, format="json")
    assert refused.status_code == 400
    assert "leader or deputy" in str(refused.json()["errors"])
    assert client.post(url, {"fighter": leader.pk}, format="json").status_code == 200
    whiskies = Equipment.objects.filter(gang=a, item__slug="whiskey").order_by("id")
    for bottle in whiskies[:2]:  # "whiskey 2" per fighter (the catalogue's carry limit)
        moved = f"/api/v1/gangs/{a.pk}/equipment/{bottle.pk}/move/"
        assert client.post(moved, {"fighter": ganger.pk}, format="json").status_code == 200
    third = f"/api/v1/gangs/{a.pk}/equipment/{whiskies[2].pk}/move/"
    assert client.post(third, {"fighter": ganger.pk}, format="json").status_code == 400


def test_something_neither_goods_nor_findable_is_refused(world):
    a, b = world.gangs[:2]
    response = world.client(world.players[0]).post(
        world.url("battles/"),
        {"gangs": [a.pk, b.pk], "winner": None, "goods": {str(a.pk): ["pistol"]}},
        format="json",
    )
    assert response.status_code == 400
    message = response.json()["errors"][f"goods.{a.pk}"][0]
    assert "whiskey" in message and "gold-nugget" in message and "pistol" not in message
