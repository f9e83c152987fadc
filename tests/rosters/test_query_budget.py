"""Gang list and detail cost a fixed number of queries however big the gang is."""

import pytest

from rosters import services
from rosters.models import Gang, GangRules
from tests.rosters.conftest import buy

pytestmark = pytest.mark.django_db

# Measured with force_authenticate (no auth query): list 2 (count, page), fighters 6. The gang
# detail (rosters/detail.py): 1 query when its revision is cached (the gang's row, its owner
# and the catalogue revision), 6 when it is built (that one, then fighters with roles,
# advancements, injuries, held equipment with its items, unsold goods), and 2 more (gang
# rules, roles) for the first build after the catalogue changed.
# Token auth adds one query. The list budgets leave that one spare; the detail's are exact.
LIST_BUDGET = 3
# With no query parameter the list's first page and its count are one query
# (rosters.selectors.gang_list_first_page).
FIRST_PAGE_BUDGET = 1
DETAIL_BUILD_BUDGET = 6
RULES_QUERIES = 2
DETAIL_CACHED_BUDGET = 1
FIGHTERS_BUDGET = 7


def big_gang(owner, *, fighters: int = 15, items_per_fighter: int = 4) -> Gang:
    GangRules.objects.update(
        max_fighters=fighters + 1,
        carry_limits={"slug_weapons": 10, "melee_weapons": 10, "clothing": 10, "items": 10},
    )
    gang = services.create_gang(owner=owner, name=f"Big {fighters}", faction="sheriffs")
    services.adjust_credits(gang=gang, amount=100000, note="bench", actor=owner)
    from rosters.models import Role

    Role.objects.update(max_count=fighters)
    for n in range(fighters):
        f = services.hire_fighter(
            gang=gang, name=f"F{n}", role="deputy" if n else "leader", actor=owner
        )
        services.purchase_item(gang=gang, item="pistol", fighter_id=f.pk, quantity=2, actor=owner)
        services.purchase_item(
            gang=gang, item="whiskey", fighter_id=f.pk, quantity=items_per_fighter - 2, actor=owner
        )
        services.take_out_of_action(fighter=f, actor=owner)
    return gang


@pytest.mark.parametrize("size", [1, 15, 40])
def test_gang_detail_queries_do_not_grow_with_the_gang(
    as_user, user, size, django_assert_num_queries
):
    gang = big_gang(user, fighters=size)  # its gang rules changed: the catalogue's revision
    with django_assert_num_queries(DETAIL_BUILD_BUDGET + RULES_QUERIES):
        response = as_user.get(f"/api/v1/gangs/{gang.pk}/")
    assert len(response.json()["fighters"]) == size
    assert sum(len(f["equipment"]) for f in response.json()["fighters"]) == size * 4
    with django_assert_num_queries(DETAIL_CACHED_BUDGET):
        assert as_user.get(f"/api/v1/gangs/{gang.pk}/").json() == response.json()


def test_gang_detail_after_a_write_is_built_again_then_cached(
    as_user, user, django_assert_num_queries
):
    gang = big_gang(user, fighters=3)
    before = as_user.get(f"/api/v1/gangs/{gang.pk}/").json()["credits"]
    services.adjust_credits(gang=gang, amount=1, note="one more", actor=user)
    with django_assert_num_queries(DETAIL_BUILD_BUDGET):
        assert as_user.get(f"/api/v1/gangs/{gang.pk}/").json()["credits"] == before + 1
    with django_assert_num_queries(DETAIL_CACHED_BUDGET):
        as_user.get(f"/api/v1/gangs/{gang.pk}/")


def test_gang_detail_with_token_auth_costs_one_query_more(api, user, django_assert_num_queries):
    from rest_framework.authtoken.models import Token

    gang = big_gang(user, fighters=3)
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    api.get(f"/api/v1/gangs/{gang.pk}/")
    with django_assert_num_queries(DETAIL_CACHED_BUDGET + 1):
        assert api.get(f"/api/v1/gangs/{gang.pk}/").status_code == 200


def test_gang_list_queries_do_not_grow_with_the_number_of_gangs(
    as_user, user, django_assert_max_num_queries
):
    for n in range(10):
        services.create_gang(owner=user, name=f"G{n}", faction="townsfolk")
    with django_assert_max_num_queries(LIST_BUDGET):
        response = as_user.get("/api/v1/gangs/")
    assert response.json()["count"] == 10


def test_the_gang_lists_first_page_is_one_query(as_user, user, django_assert_max_num_queries):
    for n in range(30):
        services.create_gang(owner=user, name=f"G{n}", faction="townsfolk")
    with django_assert_max_num_queries(FIRST_PAGE_BUDGET):
        response = as_user.get("/api/v1/gangs/")
    assert response.json()["count"] == 30
    with django_assert_max_num_queries(LIST_BUDGET):
        response = as_user.get("/api/v1/gangs/?search=G1")
    assert response.json()["count"] == 11


def test_the_first_page_is_what_the_paginator_answers(as_user, user, other_user):
    """Page 1 with no query parameter (one compiled query) equals ``?page=1`` (the filter
    backends and the paginator), with fewer gangs than a page and with more."""
    for count in (0, 3, 30):
        while Gang.objects.count() < count:
            n = Gang.objects.count()
            owner = user if n % 2 else other_user
            services.create_gang(owner=owner, name=f"Gang {n % 7} {n}", faction="sheriffs")
        first = as_user.get("/api/v1/gangs/").json()
        assert first == as_user.get("/api/v1/gangs/?page=1").json()
        assert first["count"] == count
        assert (first["next"] is None) == (count <= 25)
    assert first["next"] == "http://testserver/api/v1/gangs/?page=2"


def test_fighter_list_is_bounded_too(as_user, user, django_assert_max_num_queries):
    gang = big_gang(user, fighters=15)
    with django_assert_max_num_queries(FIGHTERS_BUDGET):
        response = as_user.get(f"/api/v1/gangs/{gang.pk}/fighters/")
    assert response.json()["count"] == 15


# The buyers' writes (the load test's `buy` and `sell`, and the staff's adjustment), with
# force_authenticate (no auth query), in the test's transaction: the service's atomic block
# counts a SAVEPOINT and its RELEASE. Between those: the gang lock (which bumps the revision),
# what the write reads (the catalogue item, the sold item with its catalogue item), then the
# write through the ORM (rosters/services/writes.py): the ledger row, the new or sold kit, the
# history line, the three sums in one query and the gang's UPDATE. No read-back: the
# response's totals are the write's.
WRITE_BUDGETS = {
    "purchase": 9,
    "sale": 9,
    "adjustment": 7,
    # A fighter's purchase adds the fighter, what they hold and the carry limits.
    "purchase for a fighter": 12,
}


def budget(write: str) -> int:
    return WRITE_BUDGETS[write]


def test_a_purchase_for_the_stash_costs_a_fixed_number_of_queries(
    as_user, gang, django_assert_max_num_queries
):
    services.adjust_credits(gang=gang, amount=500, note="bench", actor=gang.owner)
    with django_assert_max_num_queries(budget("purchase")):
        response = buy(as_user, gang, "pistol")
    assert response.status_code == 201, response.content
    gang.refresh_from_db()
    body = response.json()
    assert (body["credits"], body["rating"], body["wealth"]) == (
        gang.credits,
        gang.rating,
        gang.wealth,
    )
    assert services.ledger_balance(gang) == gang.credits


def test_a_purchase_for_a_fighter_costs_a_fixed_number_of_queries(
    as_user, gang, leader, django_assert_max_num_queries
):
    with django_assert_max_num_queries(budget("purchase for a fighter")):
        response = buy(as_user, gang, "pistol", fighter=leader)
    assert response.status_code == 201, response.content


def test_a_sale_costs_a_fixed_number_of_queries(as_user, gang, django_assert_max_num_queries):
    services.adjust_credits(gang=gang, amount=500, note="bench", actor=gang.owner)
    (bought,) = services.purchase_item(
        gang=gang, item="pistol", fighter_id=None, quantity=1, actor=gang.owner
    )
    with django_assert_max_num_queries(budget("sale")):
        response = as_user.post(
            f"/api/v1/gangs/{gang.pk}/sales/", {"equipment": bought.pk}, format="json"
        )
    assert response.status_code == 201, response.content
    gang.refresh_from_db()
    assert response.json()["balance_after"] == gang.credits == services.ledger_balance(gang)
    assert gang.rating == sum(f.hire_cost for f in gang.fighters.all())


def test_an_adjustment_costs_a_fixed_number_of_queries(
    as_staff, gang, django_assert_max_num_queries
):
    with django_assert_max_num_queries(budget("adjustment")):
        response = as_staff.post(
            f"/api/v1/gangs/{gang.pk}/adjustments/", {"amount": 50, "note": "bounty"}, format="json"
        )
    assert response.status_code == 201, response.content
    gang.refresh_from_db()
    assert response.json()["balance_after"] == gang.credits == services.ledger_balance(gang)


def test_the_gang_lists_pages_write_the_same_items(as_user, user, other_user):
    """The first page (one query) and the paginated pages write the same items, in order."""
    services.create_gang(owner=user, name="Alpha", faction="townsfolk", notes="ours")
    services.create_gang(owner=other_user, name="Beta", faction="sheriffs")
    services.create_gang(owner=other_user, name="Aardvarks", faction="sheriffs")
    first = as_user.get("/api/v1/gangs/").json()["results"]
    assert [g["name"] for g in first] == ["Aardvarks", "Alpha", "Beta"]
    assert as_user.get("/api/v1/gangs/?page=1").json()["results"] == first
    assert as_user.get("/api/v1/gangs/?ordering=name").json()["results"] == first
    (alpha,) = as_user.get("/api/v1/gangs/?search=alp").json()["results"]
    assert alpha == first[1] and alpha["faction_name"] == "Townsfolk"
    owned = as_user.get(f"/api/v1/gangs/?owner={other_user.username}").json()["results"]
    assert owned == [first[0], first[2]]


def test_the_published_schema_names_every_key_a_gang_of_the_list_has(as_user, user):
    """The list's one writer is selectors.gang_list_item; its schema (serializers.GangSchema)
    names every key it writes, in its order."""
    from drf_spectacular.generators import SchemaGenerator

    services.create_gang(owner=user, name="Alpha", faction="townsfolk")
    (item,) = as_user.get("/api/v1/gangs/").json()["results"]
    schemas = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]
    assert list(schemas["Gang"]["properties"]) == list(item)
    listed = schemas["PaginatedGangList"]["properties"]["results"]["items"]
    assert listed == {"$ref": "#/components/schemas/Gang"}


def test_a_sale_of_an_id_no_column_holds_is_a_400_naming_the_field(as_user, gang):
    for equipment in (10**30, -(10**30), 0):
        response = as_user.post(
            f"/api/v1/gangs/{gang.pk}/sales/", {"equipment": equipment}, format="json"
        )
        assert response.status_code == 400, response.content
        assert "equipment" in response.json()["errors"]
