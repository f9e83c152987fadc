"""Random mutations of valid exports never import a gang the API could not have built, and
never credit more than the export's history (#14).

Each example takes a real export (a fresh gang, or a veteran of a campaign battle with
injuries, an advancement, goods, rewards), changes it in one to three random ways (a value
replaced, a key or element removed, an element repeated, a number nudged; or one of the
cheats of #14: kit, advancements, flips, take-downs, goods, a fighter, a reward added), may
make its balance add up again, sometimes has this server sign the result (as if a bug had let
it through), and imports it through the API. Whatever comes back:

- a 400 names fields and writes nothing; anything else than 201 or 400 is a failure;
- a 201 is a gang that keeps every rule of the game (checked here independently of the code
  under test: composition, carry limits, store items, stat lines, the flip table (no caps: an
  imported gang is in no campaign, so house rule ``stat_caps`` is off),
  injuries, flips no more than the take-downs earn, prices and values within the catalogue,
  credits equal to the ledger);
- from a file that is not this server's signed export of the importer's own gang, it is a
  fresh build: no history at all, everything at
  catalogue price, paid from the starting treasury, with no more credits than the file said;
- from a signed file, its credits are exactly the file's ledger.

``POSSE_IMPORT_FUZZ_EXAMPLES`` raises the number of examples (default 100).
"""

from __future__ import annotations

import copy
import os
from collections import Counter

import pytest
from django.apps import apps
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rosters import exports
from rosters.models import CatalogueItem, Gang, GangRules, Role
from rulesets.last_hope_frontier import post_game
from tests.conftest import client_for
from tests.factories import UserFactory
from tests.rosters.test_import_rules import build_fresh, build_veteran, export_of, remove_gang

pytestmark = pytest.mark.django_db

EXAMPLES = int(os.environ.get("POSSE_IMPORT_FUZZ_EXAMPLES", "100"))
SLUGS = [
    "revolver", "scope-rifle", "machete", "hatchet", "fine-leather", "whiskey", "dynamite",
    "horse", "town-map", "rabbits-foot", "gold-nugget", "railroad-bond", "leader", "deputy",
    "ganger", "active", "dead",
]  # fmt: skip
CARDS = ["2S", "5H", "JOKER", "7D", "10C", "JS", "QH", "AS", "1X"]
VALUES = st.one_of(
    st.integers(min_value=-3, max_value=12),
    st.sampled_from([0, 1, 2, 30, 100, 500, 10_000, 100_000, 1_000_001]),
    st.sampled_from(SLUGS + CARDS + ["shoot", "combat", "wounds", "reward", "import"]),
    st.text(max_size=8),
    st.booleans(),
    st.none(),
)


@pytest.fixture
def owner(db):
    return UserFactory(username="bob")


@pytest.fixture
def bases(owner):
    """The two exports, their gangs removed: a signed export restores only a gang that is gone."""
    documents = {
        "fresh": export_of(build_fresh(owner, name="Fresh Boys")),
        "veteran": export_of(build_veteran(owner)),
    }
    for document in documents.values():
        remove_gang(document["origin"]["gang"])
    return documents


# --- mutations ----------------------------------------------------------------------------------


def places(node, path=()):
    """Every (container path, key) in the document, the root's keys included."""
    if isinstance(node, dict):
        items = node.items()
    elif isinstance(node, list):
        items = enumerate(node)
    else:
        return
    for key, child in items:
        yield path, key
        yield from places(child, (*path, key))


def at(document, path):
    for key in path:
        document = document[key]
    return document


def mutate(data, document: dict) -> str:
    """One change at a random place, mostly of the kind a cheat would try there: a number
    nudged, a slug or card swapped, an element removed or repeated; sometimes any value."""
    where = data.draw(st.sampled_from(sorted(places(document), key=repr)), label="where")
    path, key = where
    parent = at(document, path)
    value = parent[key]
    kinds = ["anything", "remove"] + ["remove"] * 3 * isinstance(parent, list)
    if isinstance(value, list) and value:
        kinds += ["repeat", "repeat", "clear"]
    if isinstance(value, int) and not isinstance(value, bool):
        kinds += ["nudge"] * 4 + ["number"] * 2
    if isinstance(value, str):
        kinds += ["word"] * 3
    kind = data.draw(st.sampled_from(kinds), label="kind")
    if kind == "anything":
        parent[key] = data.draw(VALUES, label="value")
    elif kind == "remove":
        del parent[key]
    elif kind == "repeat":
        index = data.draw(st.integers(0, len(value) - 1), label="index")
        times = data.draw(st.sampled_from([1, 2, 11, 30]), label="times")
        value.extend(copy.deepcopy(value[index]) for _ in range(times))
    elif kind == "clear":
        value.clear()
    elif kind == "nudge":
        parent[key] = value + data.draw(st.sampled_from([-100, -1, 1, 2, 5, 100, 99_999]))
    elif kind == "number":
        parent[key] = data.draw(st.sampled_from([0, 1, 2, 3, 6, 30, 100, 100_000]))
    else:
        parent[key] = data.draw(st.sampled_from(SLUGS + CARDS + ["shoot", "wounds", "reward"]))
    return f"{kind} {'.'.join(map(str, (*path, key)))}"


KIT = ["revolver", "shotgun", "machete", "fine-leather", "whiskey", "dynamite", "horse"]
KIT += ["town-map", "rabbits-foot", "gold-nugget"]
GOODS = ["gold-nugget", "beaver-pelt", "railroad-bond"]
PRICES = st.sampled_from([0, 1, 5, 15, 40, 60, 100, 100_000])


def add(data, document: dict) -> str:
    """One of the cheats of #14, on a random fighter: kit, an advancement, flips or
    take-downs, goods, a fighter, a reward (nothing, where an earlier change broke the way)."""
    try:
        return _add(data, document)
    except (TypeError, KeyError, AttributeError, IndexError, ValueError):
        return "add: nowhere to add"


def _add(data, document: dict) -> str:
    fighters = document["fighters"]
    i = data.draw(st.integers(0, len(fighters) - 1), label="fighter")
    fighter = fighters[i]
    what = data.draw(
        st.sampled_from(["kit", "stash", "advancement", "flips", "goods", "fighter", "reward"])
    )
    if what in ("kit", "stash"):
        row = {"item": data.draw(st.sampled_from(KIT)), "price_paid": data.draw(PRICES)}
        (fighter["equipment"] if what == "kit" else document["stash"]).append(row)
    elif what == "advancement":
        stat = data.draw(st.sampled_from(["shoot", "combat", "strength", "wounds", "defence"]))
        card = data.draw(st.sampled_from(CARDS[:-1]))
        fighter["advancements"].append({"stat": stat, "amount": 1, "card": card, "note": ""})
        fighter["flips_spent"] += data.draw(st.integers(0, 1))
    elif what == "flips":
        key = data.draw(st.sampled_from(["flips", "takedowns", "killing_blows", "flips_spent"]))
        fighter[key] += data.draw(st.sampled_from([1, 2, 100]))
    elif what == "goods":
        slug = data.draw(st.sampled_from(GOODS))
        document["goods"].append({"item": slug, "name": slug, "market_value": data.draw(PRICES)})
    elif what == "fighter":
        role = Role.objects.get(slug=data.draw(st.sampled_from(["leader", "deputy", "ganger"])))
        hired = {"name": f"New {role.slug}", "role": role.slug, "hire_cost": role.hire_cost}
        fighters.append({**copy.deepcopy(fighter), **hired, "base_stats": role.stat_line()})
    else:
        document["ledger"].append({"amount": data.draw(PRICES), "reason": "reward", "note": ""})
    return f"add {what} to fighters.{i}"


def balance(document: dict) -> None:
    """Make the file add up again (credits = the ledger's sum), as a careful cheat would."""
    ledger = document.get("ledger")
    if isinstance(ledger, list) and all(
        isinstance(r, dict) and type(r.get("amount")) is int for r in ledger
    ):
        document["credits"] = sum(r["amount"] for r in ledger)


# --- what an accepted gang must be ------------------------------------------------------------


def snapshot() -> dict[str, int]:
    return {m._meta.label: m._default_manager.count() for m in apps.get_models()}


def category(item: CatalogueItem) -> str:
    if item.kind == "weapon":
        return "slug_weapons" if item.rules.get("weapon_type") == "slug" else "melee_weapons"
    return {"clothing": "clothing", "item": "items"}[item.kind]


def check_the_game_rules(gang: Gang) -> None:
    """Written out again here on purpose: an oracle that shares no code with the import."""
    rules = GangRules.objects.get()
    roles = {r.slug: r for r in Role.objects.all()}
    fighters = list(gang.fighters.select_related("role"))
    assert all(f.status == "active" for f in fighters)
    per_role = Counter(f.role.slug for f in fighters)
    assert all(per_role[slug] <= role.max_count for slug, role in roles.items()), per_role
    assert len(fighters) <= rules.max_fighters
    for f in fighters:
        assert f.base_stats() == f.role.stat_line()
        assert f.hire_cost <= f.role.hire_cost
        advancements = list(f.advancements.all())
        injuries = list(f.injuries.order_by("id"))
        # The flip table has no caps: one point per advancement, each a card's own offer
        # (below), and no more advancements than cards turned (further down).
        for a in advancements:
            assert a.amount == 1 and a.stat in post_game.flip_options(a.card), (a.stat, a.card)
        assert [(i.strike, i.wounds_lost, i.fatal) for i in injuries] == [
            (n, 1, False) for n in range(1, len(injuries) + 1)
        ]
        assert f.times_out_of_action == len(injuries) <= 2
        earned = post_game.flips_earned(
            taken_out=f.imported_takedowns, killing_blows=f.imported_killing_blows
        )
        assert f.flips + f.imported_flips_spent <= earned
        assert len(advancements) <= f.imported_flips_spent
        kit = [e.item for e in f.equipment.select_related("item")]
        for item, n in Counter(kit).items():
            assert f.role.slug in item.allowed_roles, (f.role.slug, item.slug)
            assert item.max_per_fighter is None or n <= item.max_per_fighter
        for name, n in Counter(category(i) for i in kit).items():
            assert n <= rules.carry_limits[name], (name, n)
    for e in gang.equipment.select_related("item"):
        assert e.item.purchasable and e.item.kind != "goods"
        assert e.price_paid <= e.item.price
    for g in gang.goods.select_related("item"):
        assert g.item is not None and g.item.kind == "goods"
        assert g.market_value <= g.item.price
    assert gang.credits == sum(gang.ledger.values_list("amount", flat=True)) >= 0


def check_a_fresh_build(gang: Gang, document: dict) -> None:
    """What the API builds from a fresh starting treasury, and no more than the file said."""
    assert gang.battles == 0 and not gang.goods.exists()
    for f in gang.fighters.select_related("role"):
        assert f.hire_cost == f.role.hire_cost
        assert not f.advancements.exists() and not f.injuries.exists()
        assert (f.flips, f.times_out_of_action) == (0, 0)
        assert (f.imported_takedowns, f.imported_killing_blows, f.imported_flips_spent) == (0, 0, 0)
    assert all(e.price_paid == e.item.price for e in gang.equipment.select_related("item"))
    treasury = GangRules.objects.get().starting_treasury
    assert gang.credits + gang.rating <= treasury
    assert gang.credits <= document["credits"]
    reasons = set(gang.ledger.values_list("reason", flat=True))
    assert reasons <= {"starting_treasury", "hire", "purchase", "import"}, reasons


# --- the property -----------------------------------------------------------------------------


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_mutated_exports_never_import_a_gang_the_api_could_not_build(owner, bases, data):
    base = data.draw(st.sampled_from(sorted(bases)), label="base")
    document = copy.deepcopy(bases[base])
    changes = [
        data.draw(st.sampled_from([mutate, add]), label="how")(data, document)
        for _ in range(data.draw(st.integers(1, 3), label="changes"))
    ]
    if data.draw(st.booleans(), label="balance"):
        balance(document)
    if data.draw(st.integers(0, 9), label="sign") < 3:
        document["signature"] = exports.sign(document)
    # Mostly the owner (whose own history a signature vouches for), under a new name; now and
    # then another player, for whom no signature brings anyone's history.
    importer = owner if data.draw(st.integers(0, 9), label="who") < 7 else UserFactory()
    if isinstance(document.get("name"), str):
        document["name"] = f"Copy {UserFactory.build().username}"
    signed = exports.restores(document, importer)
    with transaction.atomic():
        before = snapshot()
        response = client_for(importer).post("/api/v1/gangs/import/", document, format="json")
        assert response.status_code in (201, 400), (changes, response.status_code, response.content)
        event(f"{base}, {'signed' if signed else 'unsigned'}: {response.status_code}")
        if response.status_code == 400:
            errors = response.json()["errors"]
            assert errors and all(isinstance(k, str) and k for k in errors), errors
            assert snapshot() == before, changes
        else:
            gang = Gang.objects.get(pk=response.json()["id"], owner=importer)
            check_the_game_rules(gang)
            if signed:
                assert gang.credits == document["credits"], changes
            else:
                check_a_fresh_build(gang, document)
        transaction.set_rollback(True)


def test_the_bases_import_both_ways(owner, bases):
    """Each base imports as it is: signed for its owner; the fresh one for anyone else too
    (as a fresh build), the veteran for nobody else (its history is its owner's)."""
    fresh = {**bases["fresh"], "name": "Fresh copy"}
    for user in (owner, UserFactory()):
        response = client_for(user).post("/api/v1/gangs/import/", fresh, format="json")
        assert response.status_code == 201, response.content
    veteran = {**bases["veteran"], "name": "Veterans (copy)"}
    response = client_for(owner).post("/api/v1/gangs/import/", veteran, format="json")
    assert response.status_code == 201, response.content
    response = client_for(UserFactory()).post("/api/v1/gangs/import/", veteran, format="json")
    assert response.status_code == 400
    veteran["name"] = "Veterans (second copy)"  # restored once: now it is only a file
    response = client_for(owner).post("/api/v1/gangs/import/", veteran, format="json")
    assert response.status_code == 400
