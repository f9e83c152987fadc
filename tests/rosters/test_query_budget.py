"""Gang list and detail cost a fixed number of queries however big the gang is."""

import pytest

from rosters import services
from rosters.models import Gang, GangRules

pytestmark = pytest.mark.django_db

# Measured with force_authenticate (no auth query): list 2 (count, page), fighters 6. The gang
# detail (rosters/detail.py): 1 query when its revision is cached (the gang's revision, its
# owner and the catalogue revision), 9 when it is built (that one, then the gang row,
# fighters with roles, advancements, injuries, held equipment with its items, unsold goods,
# gang rules, roles).
# Token auth adds one query. The list budgets leave that one spare; the detail's are exact.
LIST_BUDGET = 3
DETAIL_BUILD_BUDGET = 9
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
    gang = big_gang(user, fighters=size)
    with django_assert_num_queries(DETAIL_BUILD_BUDGET):
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


def test_fighter_list_is_bounded_too(as_user, user, django_assert_max_num_queries):
    gang = big_gang(user, fighters=15)
    with django_assert_max_num_queries(FIGHTERS_BUDGET):
        response = as_user.get(f"/api/v1/gangs/{gang.pk}/fighters/")
    assert response.json()["count"] == 15
