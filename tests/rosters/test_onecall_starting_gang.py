"""A starting gang in one call: POST gangs/ with its fighters, their kit and the stash.

The rule (issue #21, "Fewer calls per task"): the gang, its hires and its purchases are made
in one all-or-nothing call, through the same services as the one-by-one calls (so prices,
credits, the ledger, composition and carry limits are the same rules), and a refusal names
every field at fault at once and writes nothing.
"""

import pytest

from rosters import services
from rosters.models import Equipment, Fighter, Gang, GangEvent, LedgerEntry

pytestmark = pytest.mark.django_db

TREASURY = 500  # catalogue.json starting_treasury
LEADER, DEPUTY, GANGER = 100, 70, 40  # hire costs
PRICES = {
    "revolver": 15,
    "shotgun": 30,
    "light-leather": 10,
    "whiskey": 10,
    "horse": 60,
    "switchblade": 5,
}

POSSE = {
    "name": "Earp Posse",
    "faction": "sheriffs",
    "fighters": [
        {"name": "Wyatt", "role": "leader", "equipment": ["revolver", "horse", "light-leather"]},
        {"name": "Virgil", "role": "deputy", "equipment": ["shotgun"]},
        {"name": "Morgan", "role": "ganger", "equipment": ["revolver", "whiskey"]},
        {"name": "Warren", "role": "ganger", "equipment": ["switchblade"]},
    ],
    "stash": ["whiskey", "revolver"],
}
POSSE_COST = (
    LEADER
    + DEPUTY
    + GANGER * 2
    + PRICES["switchblade"]
    + PRICES["revolver"] * 3
    + PRICES["horse"]
    + PRICES["light-leather"]
    + PRICES["shotgun"]
    + PRICES["whiskey"] * 2
)


def post(client, body):
    return client.post("/api/v1/gangs/", body, format="json")


def test_a_whole_starting_gang_is_founded_hired_and_equipped_in_one_call(as_user):
    response = post(as_user, POSSE)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["credits"] == TREASURY - POSSE_COST
    assert [(f["name"], f["role"]) for f in body["fighters"]] == [
        ("Wyatt", "leader"),
        ("Virgil", "deputy"),
        ("Morgan", "ganger"),
        ("Warren", "ganger"),
    ]
    kit = {f["name"]: sorted(e["item"] for e in f["equipment"]) for f in body["fighters"]}
    assert kit == {
        "Wyatt": ["horse", "light-leather", "revolver"],
        "Virgil": ["shotgun"],
        "Morgan": ["revolver", "whiskey"],
        "Warren": ["switchblade"],
    }
    assert sorted(e["item"] for e in body["stash"]) == ["revolver", "whiskey"]
    assert body["problems"] == []
    gang = Gang.objects.get(pk=body["id"])
    # The ledger reads as the one-by-one calls would have written it, and sums to the credits.
    assert services.ledger_balance(gang) == gang.credits == TREASURY - POSSE_COST
    reasons = list(gang.ledger.order_by("id").values_list("reason", flat=True))
    # The treasury, then each fighter's hire followed by their kit, then the stash.
    order = "T HBBB HB HBB HB BB".replace(" ", "")
    words = {"T": "starting_treasury", "H": "hire", "B": "purchase"}
    assert reasons == [words[c] for c in order]
    assert gang.rating == POSSE_COST
    assert services.reconcile_credits() == []
    assert gang.events.filter(kind=GangEvent.Kind.HIRED).count() == 4


def test_fighters_and_stash_are_optional_and_prices_are_the_stores(as_user):
    response = post(as_user, {"name": "Lone", "faction": "outlawmen", "stash": ["shotgun"]})
    assert response.status_code == 201, response.json()
    gang = Gang.objects.get(pk=response.json()["id"])
    assert gang.credits == TREASURY - PRICES["shotgun"]
    assert Equipment.objects.get(gang=gang).price_paid == PRICES["shotgun"]


def _refused(client, body):
    response = post(client, body)
    assert response.status_code == 400, response.json()
    assert not Gang.objects.exists()
    assert not Fighter.objects.exists()
    assert not Equipment.objects.exists()
    assert not LedgerEntry.objects.exists()
    assert not GangEvent.objects.exists()
    return response.json()["errors"]


def _posse(**changes):
    body = {**POSSE, "fighters": [dict(f) for f in POSSE["fighters"]]}
    body.update(changes)
    return body


def test_an_unknown_item_is_refused_at_its_place_and_nothing_is_written(as_user):
    body = _posse()
    body["fighters"][2]["equipment"] = ["revolver", "laser-gun"]
    errors = _refused(as_user, body)
    assert list(errors) == ["fighters.2.equipment.1"]
    assert "'laser-gun' is not in the catalogue" in errors["fighters.2.equipment.1"][0]


def test_goods_cannot_be_bought_into_the_stash(as_user):
    errors = _refused(as_user, _posse(stash=["whiskey", "gold-nugget"]))
    assert list(errors) == ["stash.1"]
    assert "cannot be bought at the store" in errors["stash.1"][0]


def test_a_second_leader_breaks_the_composition_rule(as_user):
    body = _posse()
    body["fighters"][1] = {"name": "Doc", "role": "leader", "equipment": []}
    errors = _refused(as_user, body)
    assert list(errors) == ["fighters.1.role"]
    assert "at most 1 leader" in errors["fighters.1.role"][0]


def test_an_unknown_role_lists_the_roles(as_user):
    body = _posse()
    body["fighters"][2] = {"name": "Doc", "role": "dentist", "equipment": ["revolver"]}
    errors = _refused(as_user, body)
    assert list(errors) == ["fighters.2.role"]
    assert "'dentist' is not a role" in errors["fighters.2.role"][0]


def test_carry_limits_and_allowed_roles_are_the_stores(as_user):
    body = _posse()
    body["fighters"][2]["equipment"] = ["horse", "revolver", "revolver", "shotgun"]
    errors = _refused(as_user, body)
    assert set(errors) == {"fighters.2.equipment.0", "fighters.2.equipment.3"}
    assert "Only a leader or deputy may carry a horse" in errors["fighters.2.equipment.0"][0]
    assert "at most 2 firearms" in errors["fighters.2.equipment.3"][0]


def test_overspending_the_treasury_names_the_items_and_the_whole_bill(as_user):
    body = _posse(stash=["scope-rifle"] * 6)  # 300 more than the 500
    errors = _refused(as_user, body)
    short = [path for path in errors if path.startswith("stash.")]
    assert short and all("credits but the gang has only" in errors[p][0] for p in short)
    total = POSSE_COST - PRICES["whiskey"] - PRICES["revolver"] + 6 * 50
    assert errors["credits"] == [
        f"This gang costs {total} credits in all; the starting treasury is {TREASURY}."
    ]


def test_several_faults_are_refused_together_in_one_answer(as_user, user):
    services.create_gang(owner=user, name="earp posse", faction="sheriffs")
    body = _posse()
    body["fighters"][0]["equipment"] = ["revolver", "nothing-at-all"]
    body["fighters"][1] = {"name": "Doc", "role": "leader", "equipment": ["gold-nugget"]}
    body["fighters"][2] = {"role": "ganger", "equipment": []}  # no name
    body["stash"] = ["ray-gun"]
    response = post(as_user, body)
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert set(errors) == {
        "name",
        "fighters.0.equipment.1",
        "fighters.1.role",
        "fighters.1.equipment.0",
        "fighters.2.name",
        "stash.0",
    }
    assert "already have a gang with this name" in errors["name"][0]
    assert "cannot be bought at the store" in errors["fighters.1.equipment.0"][0]
    assert "'ray-gun' is not in the catalogue" in errors["stash.0"][0]
    assert Gang.objects.count() == 1  # only the one that was there
    assert Fighter.objects.count() == 0


@pytest.mark.parametrize(
    "body,field",
    [
        ({"name": "X", "faction": "sheriffs", "fighters": {"name": "A"}}, "fighters"),
        ({"name": "X", "faction": "sheriffs", "fighters": [{"name": "A"}]}, "fighters.0.role"),
        (
            {
                "name": "X",
                "faction": "sheriffs",
                "fighters": [{"name": "A", "role": "leader", "equipment": "pistol"}],
            },
            "fighters.0.equipment",
        ),
        ({"name": "X", "faction": "sheriffs", "stash": [3]}, "stash.0"),
        ({"name": "X", "faction": "sheriffs", "stash": ["whiskey"] * 31}, "stash"),
        (
            {
                "name": "X",
                "faction": "sheriffs",
                "fighters": [{"name": "A", "role": "ganger"}] * 13,
            },
            "fighters",
        ),
        ({"name": "X", "faction": "cowboys", "fighters": []}, "faction"),
    ],
)
def test_malformed_entries_name_their_field(as_user, body, field):
    errors = _refused(as_user, body)
    assert field in errors


# Measured: 222 queries for the 13 lines of POSSE (about 16 a line: the one-by-one service's
# lock, checks, ledger row, history line and totals, plus its savepoint), then the detail.
BASE_BUDGET = 30
LINE_BUDGET = 18


def test_one_call_costs_a_bounded_number_of_queries(as_user, django_assert_max_num_queries):
    lines = 4 + 7 + 2
    with django_assert_max_num_queries(BASE_BUDGET + LINE_BUDGET * lines):
        response = post(as_user, POSSE)
    assert response.status_code == 201


def test_the_cost_grows_with_the_lines_of_the_order_only(as_user, django_assert_max_num_queries):
    small = {"name": "Small", "faction": "sheriffs", "stash": ["whiskey"]}
    with django_assert_max_num_queries(BASE_BUDGET + LINE_BUDGET):
        assert post(as_user, small).status_code == 201
