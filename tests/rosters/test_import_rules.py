"""Imports that cannot cheat (#14).

The attack from the issue, scripted through the API: goods at 100,000, equipment at price 0,
12 revolvers on a leader, 30 shoot advancements, 100 flips, a second leader, a horse on a
ganger. Each is refused, naming the field by its dotted path, with nothing written. A file
this server signed brings its history back; one changed after signing is only a file, and may
make no more than a fresh treasury buys. The rule: rosters/import_rules.py, docs/api.md.
"""

from __future__ import annotations

import copy

import pytest
from django.apps import apps
from django.db.models import ProtectedError, RestrictedError

from campaigns import services as campaigns
from rosters import exports, services
from rosters.models import Fighter, Gang, GangEvent, LedgerEntry, Role
from tests.conftest import client_for
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

IMPORT = "/api/v1/gangs/import/"


# --- gangs to export --------------------------------------------------------------------------


def build_fresh(owner, name="The Dalton Boys") -> Gang:
    """Bob (leader, revolver), Grat (deputy), Emmett and Bill (gangers, Emmett in leather),
    whiskey in the stash: 285 of the 500 credits spent, no history."""
    gang = services.create_gang(owner=owner, name=name, faction="outlawmen")
    bob = services.hire_fighter(gang=gang, name="Bob", role="leader", actor=owner)
    services.hire_fighter(gang=gang, name="Grat", role="deputy", actor=owner)
    emmett = services.hire_fighter(gang=gang, name="Emmett", role="ganger", actor=owner)
    services.hire_fighter(gang=gang, name="Bill", role="ganger", actor=owner)
    for item, fighter in (("revolver", bob), ("light-leather", emmett), ("whiskey", None)):
        services.purchase_item(
            gang=gang,
            item=item,
            fighter_id=fighter.pk if fighter else None,
            quantity=1,
            actor=owner,
        )
    return gang


def build_veteran(owner) -> Gang:
    """A fresh gang that then fought a campaign battle: Bob took an Earp out of action (a
    flip, spent on an advancement), Emmett was taken out (an injury), the gang won a reward
    and a gold nugget, and the arbitrator granted a bounty."""
    gang = build_fresh(owner)
    arbitrator, rival = UserFactory(username="judge"), UserFactory(username="wyatt")
    earps = services.create_gang(owner=rival, name="Earp Posse", faction="sheriffs")
    wyatt = services.hire_fighter(gang=earps, name="Wyatt", role="leader", actor=rival)
    morgan = services.hire_fighter(gang=earps, name="Morgan", role="ganger", actor=rival)
    campaign = campaigns.create_campaign(creator=arbitrator, name="Deadwood Summer")
    for g in (gang, earps):
        pending = campaigns.request_join(
            campaign=campaign, gang=g, actor=g.owner, join_code=campaign.join_code
        )
        campaigns.decide_membership(membership=pending, approve=True, actor=arbitrator)
    campaigns.set_status(campaign=campaign, status="active", actor=arbitrator)
    bob, emmett = (gang.fighters.get(name=n) for n in ("Bob", "Emmett"))
    battle = campaigns.report_battle(
        campaign=campaign,
        actor=rival,
        gangs=[earps.pk, gang.pk],
        winner=gang.pk,
        casualties=[
            {"fighter": morgan.pk, "taken_out_by": bob.pk},
            {"fighter": emmett.pk, "taken_out_by": wyatt.pk},
        ],
        goods={str(gang.pk): ["gold-nugget"]},
        credits={str(gang.pk): 10},
    )
    campaigns.confirm_battle(battle=battle, actor=owner)
    assert campaigns.run_post_game(battle_id=battle.pk)
    bob.refresh_from_db()
    draw = services.flip_card(fighter=bob, actor=owner, action="flip")
    services.flip_card(fighter=bob, actor=owner, action="choose", stat=draw.options[0])
    services.adjust_credits(gang=gang, amount=25, note="Bounty on the Earps", actor=arbitrator)
    return gang


@pytest.fixture
def owner(db):
    return UserFactory(username="bob")


@pytest.fixture
def importer(db):
    return UserFactory(username="copycat")


def export_of(gang: Gang) -> dict:
    response = client_for(gang.owner).get(f"/api/v1/gangs/{gang.pk}/export/")
    assert response.status_code == 200
    return response.json()


def snapshot() -> dict[str, int]:
    return {m._meta.label: m._default_manager.count() for m in apps.get_models()}


def refused(user, document) -> dict[str, list[str]]:
    """Import ``document`` as ``user``: it must be a 400, and nothing may be written."""
    before = snapshot()
    response = client_for(user).post(IMPORT, document, format="json")
    assert response.status_code == 400, response.content
    assert snapshot() == before
    body = response.json()
    assert set(body) == {"detail", "errors"}
    return body["errors"]


def remove_gang(pk: int) -> None:
    """Delete gang ``pk`` and every row that protects it from deletion (the API deletes no
    gang; a signed export restores only a gang that is gone)."""

    def purge(queryset):
        while True:
            try:
                queryset.delete()
                return
            except ProtectedError as blocked:
                blockers = blocked.protected_objects
            except RestrictedError as blocked:
                blockers = blocked.restricted_objects
            for row in blockers:
                purge(type(row)._base_manager.filter(pk=row.pk))

    purge(Gang._base_manager.filter(pk=pk))
    assert not Gang.objects.filter(pk=pk).exists()


def signed(document: dict, name: str = "The Dalton Boys (copy)") -> dict:
    """What this server would have signed: a file that passed through a bug, or a change of
    rules since (the rules are checked all the same). Renamed, for its owner to import, and
    its gang removed, so that the file may restore it with its history."""
    remove_gang(document["origin"]["gang"])
    document = {**copy.deepcopy(document), "name": name}
    document["signature"] = exports.sign(document)
    return document


# --- the attack, scripted: each refused, nothing written -------------------------------------


def _goods_at_100000(doc):
    doc["goods"].append({"item": "gold-nugget", "name": "Gold nugget", "market_value": 100000})
    return "goods.0"


def _equipment_at_price_0(doc):
    doc["fighters"][0]["equipment"][0]["price_paid"] = 0
    return "fighters.0.equipment.0.price_paid"


def _twelve_revolvers_on_the_leader(doc):
    doc["fighters"][0]["equipment"] = [{"item": "revolver", "price_paid": 15}] * 12
    return "fighters.0.equipment.2"  # two firearms at most: the third is refused


def _thirty_shoot_advancements(doc):
    doc["fighters"][0]["advancements"] = [
        {"stat": "shoot", "amount": 1, "card": "2S", "note": ""}
    ] * 30
    return "fighters.0.advancements.0"


def _hundred_flips(doc):
    doc["fighters"][0]["flips"] = 100
    return "fighters.0.flips"


def _a_second_leader(doc):
    doc["fighters"].append({**copy.deepcopy(doc["fighters"][0]), "name": "Bill Doolin"})
    return "fighters.4.role"


def _a_horse_on_a_ganger(doc):
    doc["fighters"][2]["equipment"].append({"item": "horse", "price_paid": 60})
    return "fighters.2.equipment.1"


ATTACKS = [
    _goods_at_100000,
    _twelve_revolvers_on_the_leader,
    _equipment_at_price_0,
    _thirty_shoot_advancements,
    _hundred_flips,
    _a_second_leader,
    _a_horse_on_a_ganger,
]


@pytest.mark.parametrize("attack", ATTACKS, ids=lambda a: a.__name__.strip("_"))
def test_each_attack_is_refused_naming_the_field_with_nothing_written(owner, importer, attack):
    doc = export_of(build_fresh(owner))
    path = attack(doc)
    errors = refused(importer, doc)
    assert path in errors, errors


def test_the_whole_attack_at_once_is_refused_naming_every_field(owner, importer):
    doc = export_of(build_fresh(owner))
    paths = [attack(doc) for attack in ATTACKS]
    errors = refused(importer, doc)
    assert set(paths) <= set(errors), errors


@pytest.mark.parametrize(
    "attack,path",
    [
        (_twelve_revolvers_on_the_leader, "fighters.0.equipment.2"),
        (_a_second_leader, "fighters.4.role"),
        (_a_horse_on_a_ganger, "fighters.2.equipment.1"),
        (_hundred_flips, "fighters.0.flips"),
    ],
    ids=lambda x: x.__name__.strip("_") if callable(x) else x,
)
def test_even_a_signed_file_obeys_the_rules(owner, attack, path):
    doc = export_of(build_fresh(owner))
    attack(doc)
    errors = refused(owner, signed(doc))
    assert path in errors, errors


def test_a_signed_file_advances_a_stat_as_far_as_its_flips_go(owner):
    """The flip table: "Joker,2,3,4,5 allows for a Shot or Combat upgrade of 1 point" — and
    names no maximum. An imported gang is in no campaign, so it plays by the text: thirty
    cards raise shoot by thirty (house rule stat_caps is a campaign's choice)."""
    doc = export_of(build_fresh(owner))
    _thirty_shoot_advancements(doc)
    bob = doc["fighters"][0]
    bob.update(flips_spent=30, takedowns=15, killing_blows=15)  # enough flips for thirty cards
    response = client_for(owner).post(IMPORT, signed(doc), format="json")
    errors = response.json().get("errors", {}) if response.status_code == 400 else {}
    assert not [path for path in errors if path.startswith("fighters.0.advancements")], errors


def test_a_signed_file_takes_only_what_the_card_offers(owner):
    doc = export_of(build_fresh(owner))
    doc["fighters"][0].update(
        flips_spent=1,
        takedowns=1,
        advancements=[{"stat": "shoot", "amount": 1, "card": "7H", "note": ""}],
    )
    errors = refused(owner, signed(doc))
    assert errors == {
        "fighters.0.advancements.0": ["The 7 of Hearts offers strength or toughness."]
    }


def test_a_signed_files_goods_are_worth_no_more_than_the_catalogue_says(owner):
    doc = export_of(build_fresh(owner))
    _goods_at_100000(doc)
    response = client_for(owner).post(IMPORT, signed(doc), format="json")
    assert response.status_code == 201, response.content
    assert [g["market_value"] for g in response.json()["goods"]] == [40]


def test_an_unsigned_ledger_credits_no_more_than_a_fresh_treasury_leaves(owner, importer):
    doc = export_of(build_fresh(owner))
    doc["ledger"].append({"amount": 100000, "reason": "reward", "note": "Minted"})
    doc["credits"] += 100000  # the file adds up: it is just not ours
    response = client_for(importer).post(IMPORT, doc, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["credits"] == 500 - 285
    copy_ = Gang.objects.get(pk=response.json()["id"])
    assert services.reconcile_credits() == []
    reasons = list(copy_.ledger.values_list("reason", flat=True))
    assert reasons[0] == "starting_treasury" and "reward" not in reasons


def test_an_unsigned_file_keeps_its_own_lower_balance(owner, importer):
    gang = build_fresh(owner)
    whiskey = gang.equipment.get(item__slug="whiskey")
    services.sell_equipment(gang=gang, equipment_id=whiskey.pk, actor=owner)  # 10 paid, 5 back
    doc = export_of(gang)
    doc["notes"] = "changed"  # no longer signed
    response = client_for(importer).post(IMPORT, doc, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["credits"] == doc["credits"] == 500 - 285 + 5


def test_an_unsigned_file_that_a_fresh_treasury_cannot_buy_is_refused(owner, importer):
    doc = export_of(build_fresh(owner))
    rifle = {"item": "scope-rifle", "price_paid": 50}
    for fighter in doc["fighters"]:
        fighter["equipment"] = [rifle, rifle]
    errors = refused(importer, doc)  # bought in order, 500 - 200 - 170 - 40 - 50 = 40 < 50
    assert errors == {
        "fighters.2.equipment.1": [
            "This costs 50 credits but only 40 are left of the starting treasury (500)."
        ]
    }


def test_an_unsigned_file_claiming_a_bargain_is_refused_and_a_dearer_price_is_lowered(
    owner, importer
):
    doc = export_of(build_fresh(owner))
    doc["fighters"][0]["hire_cost"] = 50
    assert "fighters.0.hire_cost" in refused(importer, doc)
    doc = export_of(build_fresh(owner, name="Other Boys"))
    doc["fighters"][0]["equipment"][0]["price_paid"] = 999
    response = client_for(importer).post(IMPORT, doc, format="json")
    assert response.status_code == 201, response.content
    bob = next(f for f in response.json()["fighters"] if f["name"] == "Bob")
    assert [e["price_paid"] for e in bob["equipment"]] == [15]


def test_goods_not_in_the_catalogue_are_refused(owner):
    doc = export_of(build_fresh(owner))
    doc["goods"].append({"item": None, "name": "Fool's gold", "market_value": 1})
    assert "goods.0.item" in refused(owner, signed(doc))


# --- signed exports ---------------------------------------------------------------------------


def comparable(document: dict) -> dict:
    return {k: v for k, v in document.items() if k not in ("origin", "signature", "name")}


def test_a_signed_export_round_trips_with_its_history(owner):
    veteran = build_veteran(owner)
    doc = export_of(veteran)
    bob = doc["fighters"][0]
    assert (bob["takedowns"], bob["flips_spent"], len(bob["advancements"])) == (1, 1, 1)
    assert doc["battles"] == 1 and len(doc["goods"]) == 1
    assert {row["reason"] for row in doc["ledger"]} >= {"reward", "adjustment"}

    original = client_for(owner).get(f"/api/v1/gangs/{veteran.pk}/").json()
    remove_gang(veteran.pk)
    response = client_for(owner).post(IMPORT, {**doc, "name": "Dalton Boys II"}, format="json")
    assert response.status_code == 201, response.content
    copy_ = Gang.objects.get(pk=response.json()["id"])
    assert (copy_.owner, copy_.name, copy_.restored_from) == (owner, "Dalton Boys II", veteran.pk)
    for key in ("faction", "credits", "rating", "wealth", "battles"):
        assert response.json()[key] == original[key], key
    assert [(f["name"], f["stats"]) for f in response.json()["fighters"]] == [
        (f["name"], f["stats"]) for f in original["fighters"]
    ]
    assert copy_.ledger.count() == len(doc["ledger"])
    assert services.reconcile_credits() == []
    event = copy_.events.get(kind=GangEvent.Kind.IMPORT)
    assert f"signed export of gang {veteran.pk}" in event.text

    again = export_of(copy_)  # the copy's history is its own now: it exports the same
    assert comparable(again) == comparable(doc)
    remove_gang(copy_.pk)
    response = client_for(owner).post(IMPORT, {**again, "name": "Dalton Boys III"}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["battles"] == 1


def test_a_signed_export_of_a_gang_that_still_exists_brings_no_history(owner):
    """Else every import would mint its credits and goods again next to the original's."""
    veteran = build_veteran(owner)
    doc = {**export_of(veteran), "name": "Dalton Boys II"}
    errors = refused(owner, doc)
    assert {"battles", "goods.0", "fighters.0.flips_spent", "fighters.2.injuries.0"} <= set(errors)
    assert "still exists" in errors["battles"][0]
    fresh = export_of(build_fresh(owner, name="Fresh Boys"))
    credits = sum(Gang.objects.values_list("credits", flat=True))
    response = client_for(owner).post(IMPORT, {**fresh, "name": "Fresh II"}, format="json")
    assert response.status_code == 201, response.content  # the roster alone: a fresh build
    copy_ = Gang.objects.get(pk=response.json()["id"])
    assert copy_.restored_from is None
    assert "did not sign" in copy_.events.get(kind=GangEvent.Kind.IMPORT).text
    assert not copy_.ledger.exclude(reason__in=["starting_treasury", "hire", "purchase"]).exists()
    assert sum(Gang.objects.values_list("credits", flat=True)) == credits + copy_.credits


def test_a_signed_export_restores_its_gang_once(owner):
    veteran = build_veteran(owner)
    doc = export_of(veteran)
    remove_gang(veteran.pk)
    response = client_for(owner).post(IMPORT, {**doc, "name": "Dalton Boys II"}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["credits"] == doc["credits"]
    errors = refused(owner, {**doc, "name": "Dalton Boys III"})  # once is all
    assert {"battles", "goods.0", "fighters.0.flips_spent"} <= set(errors)
    assert Gang.objects.filter(restored_from=veteran.pk).count() == 1


def test_two_restores_racing_past_the_check_are_one_409_naming_the_field(owner, monkeypatch):
    """The unique ``restored_from`` is the last word: the loser writes nothing."""
    veteran = build_veteran(owner)
    doc = export_of(veteran)
    remove_gang(veteran.pk)
    response = client_for(owner).post(IMPORT, {**doc, "name": "Dalton Boys II"}, format="json")
    assert response.status_code == 201, response.content
    monkeypatch.setattr(exports, "restores", exports.signed_for)  # as if it raced the first
    before = snapshot()
    response = client_for(owner).post(IMPORT, {**doc, "name": "Dalton Boys III"}, format="json")
    assert response.status_code == 409, response.content
    assert "restored_from" in response.json()["errors"], response.json()
    assert snapshot() == before


def test_another_players_signed_export_brings_none_of_their_history(owner, importer):
    """Rosters are public and anyone may export anyone's gang: its history stays its owner's."""
    doc = export_of(build_veteran(owner))
    assert exports.verify(doc)
    errors = refused(importer, doc)
    assert {"battles", "goods.0", "fighters.0.flips_spent", "fighters.2.injuries.0"} <= set(errors)
    assert "another player's" in errors["battles"][0]
    fresh = export_of(build_fresh(owner, name="Fresh Boys"))
    response = client_for(importer).post(IMPORT, fresh, format="json")
    assert response.status_code == 201, response.content  # the roster alone: a fresh build
    assert "did not sign" in Gang.objects.get(pk=response.json()["id"]).events.last().text


def test_a_new_name_keeps_the_signature_and_the_old_one_is_refused(owner):
    veteran = build_veteran(owner)
    doc = export_of(veteran)
    errors = refused(owner, doc)  # your own export, as it is: you have a gang of that name
    assert "name" in errors and "battles" in errors  # (and it still exists: no history)
    errors = refused(owner, {**doc, "name": veteran.name.upper()})  # in any case
    assert "name" in errors
    remove_gang(veteran.pk)
    response = client_for(owner).post(IMPORT, {**doc, "name": "Dalton Boys (copy)"}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["credits"] == doc["credits"]
    assert response.json()["battles"] == 1


def test_an_altered_signed_export_is_treated_as_unsigned(owner):
    doc = export_of(build_veteran(owner))
    doc.update(name="Dalton Boys II", notes="Just the notes.")  # anything but the name counts
    assert not exports.verify(doc)
    errors = refused(owner, doc)
    assert {"battles", "goods.0", "fighters.0.advancements.0", "fighters.0.flips_spent"} <= set(
        errors
    )
    assert "changed after signing" in errors["battles"][0]


def test_an_altered_history_free_export_imports_as_a_fresh_build(owner, importer):
    doc = export_of(build_fresh(owner))
    doc["notes"] = "Wanted in three territories."
    response = client_for(importer).post(IMPORT, doc, format="json")
    assert response.status_code == 201, response.content
    copy_ = Gang.objects.get(pk=response.json()["id"])
    assert list(copy_.ledger.values_list("reason", flat=True)) == [
        "starting_treasury",
        *("hire", "purchase"),  # Bob and his revolver
        "hire",  # Grat
        *("hire", "purchase"),  # Emmett and his leather
        "hire",  # Bill
        "purchase",  # whiskey for the stash
    ]
    assert "did not sign" in copy_.events.get(kind=GangEvent.Kind.IMPORT).text


def test_a_signature_from_another_key_is_no_signature(owner, settings):
    doc = {**export_of(build_veteran(owner)), "name": "Dalton Boys II"}
    settings.SECRET_KEY = "another-server-" + "k" * 50
    assert not exports.verify(doc)
    assert "battles" in refused(owner, doc)
    settings.SECRET_KEY_FALLBACKS = [settings.SECRET_KEY]
    settings.SECRET_KEY = "a-rotated-key-" + "r" * 50
    assert not exports.verify(doc)  # the old key was never the one that signed it


def test_a_retired_key_still_verifies_after_rotation(owner, settings):
    doc = export_of(build_veteran(owner))
    settings.SECRET_KEY_FALLBACKS = [settings.SECRET_KEY]
    settings.SECRET_KEY = "a-rotated-key-" + "r" * 50
    assert exports.verify(doc)


def test_the_export_names_what_only_a_signature_can_bring(owner):
    doc = export_of(build_veteran(owner))
    assert doc["signature"].startswith("hmac-sha256:")
    assert doc["origin"]["gang"] == Gang.objects.get(name="The Dalton Boys").pk
    assert exports.verify(doc) and exports.verify({**doc, "name": "Anything"})
    assert not exports.verify({**doc, "credits": doc["credits"] + 1})


def test_the_imported_history_is_kept_on_the_fighters(owner):
    doc = {**export_of(build_veteran(owner)), "name": "Dalton Boys II"}
    remove_gang(doc["origin"]["gang"])
    response = client_for(owner).post(IMPORT, doc, format="json")
    bob = Fighter.objects.get(gang_id=response.json()["id"], name="Bob")
    assert (bob.imported_takedowns, bob.imported_killing_blows, bob.imported_flips_spent) == (
        1,
        0,
        1,
    )
    assert LedgerEntry.objects.filter(gang_id=response.json()["id"], reason="reward").exists()
    assert Role.objects.get(slug="leader").stat_line() == doc["fighters"][0]["base_stats"]
