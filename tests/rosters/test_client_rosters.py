"""Rosters as a client meets them (issue #21): search that searches, a refused field named,
display names for factions and roles."""

import hashlib
from pathlib import Path

import pytest

from rosters import detail, services

pytestmark = pytest.mark.django_db


def test_fighters_search_filters_by_name(as_user, gang, leader, ganger):
    found = as_user.get("/api/v1/fighters/?search=emm").json()
    assert [f["name"] for f in found["results"]] == ["Emmett"]
    assert as_user.get("/api/v1/fighters/?search=zzzz").json()["count"] == 0


def test_the_schema_advertises_search_and_ordering_only_where_they_work(as_user):
    import re

    from django.urls import Resolver404, resolve

    schema = as_user.get("/api/schema/?format=json").json()
    for path, operations in schema["paths"].items():
        get = operations.get("get")
        if not get:
            continue
        names = {p["name"] for p in get.get("parameters", []) if p["in"] == "query"}
        try:
            view = resolve(re.sub(r"\{[^}]+\}", "1", path)).func
        except Resolver404:
            continue
        cls = getattr(view, "cls", None)
        if cls is None:
            continue
        if "search" in names:
            assert getattr(cls, "search_fields", None), f"{path}: search searches nothing"
        if "ordering" in names:
            assert getattr(cls, "ordering_fields", None), f"{path}: ordering orders nothing"


def test_a_field_a_fighter_patch_does_not_take_is_a_400_naming_it(as_user, leader):
    response = as_user.patch(
        f"/api/v1/fighters/{leader.pk}/", {"name": "Bob", "notes": "x"}, format="json"
    )
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert list(errors) == ["notes"] and "takes name" in errors["notes"][0]
    leader.refresh_from_db()
    assert leader.name == "Bob Dalton"


def test_a_gang_patch_naming_its_credits_is_a_400_naming_them(as_user, gang):
    response = as_user.patch(
        f"/api/v1/gangs/{gang.pk}/", {"credits": 9999, "notes": "rich"}, format="json"
    )
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["credits"]
    gang.refresh_from_db()
    assert gang.notes == "" and gang.credits != 9999


def test_a_writable_patch_still_works(as_user, gang):
    response = as_user.patch(f"/api/v1/gangs/{gang.pk}/", {"notes": "Rides at dawn"})
    assert response.status_code == 200, response.json()
    assert response.json()["notes"] == "Rides at dawn"


def test_gangs_and_fighters_carry_display_names(as_user, gang, leader):
    body = as_user.get(f"/api/v1/gangs/{gang.pk}/").json()
    assert body["faction"] == "outlawmen" and body["faction_name"] == "Outlawmen"
    assert body["fighters"][0]["role"] == "leader"
    assert body["fighters"][0]["role_name"] == "Leader"
    listed = as_user.get("/api/v1/gangs/").json()["results"][0]
    assert listed["faction_name"] == "Outlawmen"
    fighter = as_user.get(f"/api/v1/fighters/{leader.pk}/").json()
    assert fighter["role_name"] == "Leader"


def test_the_cached_detail_is_keyed_by_its_own_code(gang, leader):
    """A change of the body's code changes the key: no old-shaped body is read after a deploy."""
    source = Path(detail.__file__).read_bytes()
    assert hashlib.blake2b(source, digest_size=6).hexdigest() == detail.KEY_VERSION
    body = detail.gang_detail(gang.pk)
    assert body["faction_name"] == "Outlawmen" and body["fighters"][0]["role_name"] == "Leader"


def test_problems_count_their_nouns(user):
    gang = services.create_gang(owner=user, name="Alone", faction="sheriffs")
    problems = detail.gang_detail(gang.pk)["problems"]
    assert "needs at least 1 leader (has 0)" in problems
    assert not any("(s)" in p for p in problems)


def test_a_purchase_naming_its_price_is_a_400_naming_it(as_user, gang, leader):
    response = as_user.post(
        f"/api/v1/gangs/{gang.pk}/purchases/",
        {"item": "pistol", "fighter": leader.pk, "price_paid": 0},
        format="json",
    )
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["price_paid"]
    assert not leader.equipment.exists()
