import pytest

from rosters import services
from rosters.models import Gang
from tests.rosters.test_import_rules import remove_gang

pytestmark = pytest.mark.django_db


def test_an_export_imports_back_as_the_same_roster(as_user, as_other, gang, leader, ganger, user):
    services.purchase_item(gang=gang, item="pistol", fighter_id=leader.pk, quantity=1, actor=user)
    services.purchase_item(gang=gang, item="whiskey", fighter_id=None, quantity=2, actor=user)
    services.take_out_of_action(fighter=ganger, actor=user)
    exported = {**as_user.get(f"/api/v1/gangs/{gang.pk}/export/").json(), "name": "Copy"}

    # The history (Emmett's injury) is the owner's: another player's copy is only a roster.
    response = as_other.post("/api/v1/gangs/import/", exported, format="json")
    assert response.status_code == 400
    assert "fighters.1.injuries.0" in response.json()["errors"]

    # Nor the owner's while the gang it was exported from exists: its credits would double.
    response = as_user.post("/api/v1/gangs/import/", exported, format="json")
    assert response.status_code == 400
    assert "fighters.1.injuries.0" in response.json()["errors"]

    original = as_user.get(f"/api/v1/gangs/{gang.pk}/").json()
    remove_gang(gang.pk)  # gone: its export restores it, history and all, once
    response = as_user.post("/api/v1/gangs/import/", exported, format="json")
    assert response.status_code == 201, response.json()
    copy = response.json()
    for key in ("faction", "credits", "rating", "wealth"):
        assert copy[key] == original[key]
    assert [(f["name"], f["stats"]) for f in copy["fighters"]] == [
        (f["name"], f["stats"]) for f in original["fighters"]
    ]
    assert len(copy["stash"]) == 2
    assert Gang.objects.get(pk=copy["id"]).name == "Copy"


def test_an_import_whose_credits_do_not_match_its_ledger_is_refused(as_user, as_other, gang):
    exported = as_user.get(f"/api/v1/gangs/{gang.pk}/export/").json()
    exported["credits"] += 1000
    response = as_other.post("/api/v1/gangs/import/", exported, format="json")
    assert response.status_code == 400
    assert "credits" in response.json()["errors"]
    assert Gang.objects.count() == 1


def test_an_import_with_boosted_stats_is_refused(as_user, as_other, gang, leader):
    exported = as_user.get(f"/api/v1/gangs/{gang.pk}/export/").json()
    exported["fighters"][0]["base_stats"]["shoot"] = 9
    response = as_other.post("/api/v1/gangs/import/", exported, format="json")
    assert response.status_code == 400
    assert "fighters.0.base_stats" in response.json()["errors"]


def test_garbage_imports_are_400s(as_user):
    for body in ([], {"format": "posse-gang"}, {"format": "other"}, "text"):
        response = as_user.post("/api/v1/gangs/import/", body, format="json")
        assert response.status_code == 400
