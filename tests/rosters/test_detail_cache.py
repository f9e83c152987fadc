"""The gang detail is cached per gang revision (rosters/detail.py): never stale after a write.

Every public write verb of rosters.services, the campaign post-game's effects, and the
writes made outside the services (the admin's change forms, a renamed user, a catalogue
edit) must leave the next read equal to the detail built from the database now (the cache
bypassed). The list of verbs is checked against ``rosters.services.__all__``, so a new
write verb without a scenario here fails this test.
"""

from __future__ import annotations

import json
import re

import pytest
from django.core.cache import cache

from campaigns import services as campaigns
from rosters import detail, services
from rosters.models import CatalogueItem, Fighter, Gang, GangRules, Goods, Role
from tests.campaigns.conftest import World
from tests.conftest import client_for

pytestmark = pytest.mark.django_db

# What rosters.services exports that is not a write (besides its classes): reads, checks,
# constants.
NOT_WRITES = {
    "MAX_QUANTITY",
    "RULESET",
    "access_gang_for_change",
    "can_manage_gang",
    "check_affordable",
    "check_can_carry",
    "check_can_hire",
    "check_carry_limits",
    "check_purchasable",
    "findable_slugs",
    "gang_rules",
    "ledger_balance",
    "reconcile_credits",
    "session_options",
    "showing_flip",
    # A history line only: the gang detail carries no history (GET gangs/{id}/history/ does).
    "record_event",
    "where",  # the battle a line names: a parameter, no write
}


def serialized(gang_id: int) -> str:
    """The detail built from the database now, the cache bypassed."""
    return json.dumps(detail._build(gang_id))


def read(gang_id: int) -> str:
    return json.dumps(detail.gang_detail(gang_id))


def revision(gang_id: int) -> int:
    return Gang.objects.values_list("revision", flat=True).get(pk=gang_id)


class Roster:
    """A gang with a leader, a deputy and a ganger (kit on them and in the stash, goods,
    an injury, a pending flip), read once so that its detail is in the cache."""

    def __init__(self, owner, staff):
        self.owner, self.staff = owner, staff
        self.gang = services.create_gang(owner=owner, name="Cached Boys", faction="sheriffs")
        services.adjust_credits(gang=self.gang, amount=2000, note="seed", actor=staff)
        self.leader = services.hire_fighter(
            gang=self.gang, name="Wyatt", role="leader", actor=owner
        )
        self.deputy = services.hire_fighter(
            gang=self.gang, name="Virgil", role="deputy", actor=owner
        )
        self.ganger = services.hire_fighter(
            gang=self.gang, name="Morgan", role="ganger", actor=owner
        )
        self.kit = services.purchase_item(
            gang=self.gang, item="revolver", fighter_id=self.leader.pk, quantity=1, actor=owner
        )[0]
        self.whiskey = services.purchase_item(
            gang=self.gang, item="whiskey", fighter_id=self.deputy.pk, quantity=1, actor=owner
        )[0]
        self.stashed = services.purchase_item(
            gang=self.gang, item="pistol", fighter_id=None, quantity=1, actor=owner
        )[0]
        self.goods = services.add_goods(gang=self.gang, item=goods_slug(), actor=staff)
        services.take_out_of_action(fighter=self.deputy, actor=staff)
        services.award_flips(fighter=self.leader, count=3, actor=staff)

    def warm(self) -> str:
        body = read(self.gang.pk)
        assert body == serialized(self.gang.pk)
        assert read(self.gang.pk) == body  # now served from the cache
        return body


def goods_slug() -> str:
    return CatalogueItem.objects.filter(kind="goods").values_list("slug", flat=True)[0]


def _flip_and_choose(r: Roster):
    draw = services.flip_card(fighter=r.leader, actor=r.owner, action="flip")
    services.flip_card(fighter=r.leader, actor=r.owner, action="choose", stat=draw.options[0])


# Each scenario changes the warmed roster through one verb; the gang's revision must grow
# and the next read must be what the database says.
SCENARIOS = {
    "add_goods": lambda r: services.add_goods(gang=r.gang, item=goods_slug(), actor=r.staff),
    "add_found": lambda r: services.add_found(gang=r.gang, slug="whiskey", actor=r.staff),
    "find_item": lambda r: services.find_item(gang=r.gang, item="whiskey", actor=r.staff),
    "adjust_credits": lambda r: services.adjust_credits(
        gang=r.gang, amount=-5, note="fine", actor=r.staff
    ),
    "award_flips": lambda r: services.award_flips(fighter=r.ganger, count=1, actor=r.staff),
    "flip_card": _flip_and_choose,
    "flip_preferring": lambda r: services.flip_preferring(
        fighter=r.leader, actor=r.owner, stat="shoot"
    ),
    "hire_fighter": lambda r: services.hire_fighter(
        gang=r.gang, name="Doc", role="ganger", actor=r.owner
    ),
    "move_equipment": lambda r: services.move_equipment(
        gang=r.gang, equipment_id=r.stashed.pk, fighter_id=r.ganger.pk, actor=r.owner
    ),
    "purchase_item": lambda r: services.purchase_item(
        gang=r.gang, item="hatchet", fighter_id=r.ganger.pk, quantity=1, actor=r.owner
    ),
    "record_battle": lambda r: services.record_battle(gang=r.gang),
    "rename_fighter": lambda r: services.rename_fighter(
        gang=r.gang, fighter_id=r.ganger.pk, name="Morgan Earp", actor=r.owner
    ),
    "retire_fighter": lambda r: services.retire_fighter(
        gang=r.gang, fighter_id=r.leader.pk, actor=r.owner
    ),
    "sell_equipment": lambda r: services.sell_equipment(
        gang=r.gang, equipment_id=r.kit.pk, actor=r.owner
    ),
    "sell_goods": lambda r: services.sell_goods(gang=r.gang, goods_id=r.goods.pk, actor=r.owner),
    "take_out_of_action": lambda r: services.take_out_of_action(fighter=r.ganger, actor=r.staff),
    "update_gang": lambda r: services.update_gang(
        gang=r.gang, actor=r.owner, name="Renamed Boys", notes="new notes"
    ),
    "use_up": lambda r: services.use_up(fighter_id=r.deputy.pk, item="whiskey"),
}
# Verbs whose effect is not one existing gang's: scenarios of their own below.
ELSEWHERE = {"create_gang", "create_starting_gang", "change_price"}


def test_every_write_verb_of_rosters_services_has_a_scenario():
    verbs = {
        name
        for name in services.__all__
        if not name.startswith("_") and not isinstance(getattr(services, name), type)
    } - NOT_WRITES
    assert verbs == set(SCENARIOS) | ELSEWHERE


@pytest.mark.parametrize("verb", sorted(SCENARIOS))
def test_a_write_changes_the_revision_and_the_next_read_is_fresh(verb, user, staff):
    roster = Roster(user, staff)
    before_body, before = roster.warm(), revision(roster.gang.pk)
    SCENARIOS[verb](roster)
    assert revision(roster.gang.pk) > before
    after = read(roster.gang.pk)
    assert after == serialized(roster.gang.pk)
    assert after != before_body


def test_a_failed_write_leaves_the_revision_and_the_cached_body(user, staff):
    roster = Roster(user, staff)
    body, before = roster.warm(), revision(roster.gang.pk)
    with pytest.raises(services.InsufficientCredits):
        services.adjust_credits(gang=roster.gang, amount=-100000, note="too much", actor=staff)
    assert revision(roster.gang.pk) == before
    assert read(roster.gang.pk) == body


def test_a_new_gang_reads_fresh(user):
    gang = services.create_gang(owner=user, name="Fresh", faction="townsfolk")
    assert read(gang.pk) == serialized(gang.pk)


def test_a_new_starting_gang_reads_fresh(user):
    fighters = [{"name": "Hale", "role": "leader", "equipment": ["pistol"]}]
    gang = services.create_starting_gang(
        owner=user, name="Fresh Posse", faction="sheriffs", fighters=fighters, stash=["whiskey"]
    )
    assert read(gang.pk) == serialized(gang.pk)


def test_a_price_change_reaches_every_cached_roster(user, staff):
    roster = Roster(user, staff)
    roster.warm()
    item = CatalogueItem.objects.get(slug="revolver")
    services.change_price(item=item, price=item.price + 7, actor=staff)
    assert read(roster.gang.pk) == serialized(roster.gang.pk)
    assert f'"market_value": {item.price + 7}' in read(roster.gang.pk)


def test_catalogue_role_and_rule_edits_in_the_admin_reach_cached_rosters(user, staff):
    roster = Roster(user, staff)
    roster.warm()
    item = CatalogueItem.objects.get(slug="revolver")
    item.name = "Colt revolver"
    item.save()
    assert "Colt revolver" in read(roster.gang.pk)
    role = Role.objects.get(slug="ganger")
    role.min_count = 3
    role.save()
    assert read(roster.gang.pk) == serialized(roster.gang.pk)
    assert "needs at least 3 gangers" in read(roster.gang.pk)
    rules = GangRules.objects.get()
    rules.min_fighters = 9
    rules.save()
    assert "needs at least 9 fighters" in read(roster.gang.pk)


def test_edits_outside_the_services_still_reach_the_next_read(user, staff):
    """The admin's change forms save whole rows; a renamed owner changes no gang row."""
    roster = Roster(user, staff)
    roster.warm()
    gang = Gang.objects.get(pk=roster.gang.pk)
    gang.notes = "edited in the admin"
    gang.save()
    assert gang.revision > 0  # read back, not left as an F() expression
    assert read(roster.gang.pk) == serialized(roster.gang.pk)
    fighter = Fighter.objects.get(pk=roster.ganger.pk)
    fighter.name = "Renamed in the admin"
    fighter.save()
    assert "Renamed in the admin" in read(roster.gang.pk)
    goods = Goods.objects.get(pk=roster.goods.pk)
    goods.note = "noted in the admin"
    goods.save()
    assert "noted in the admin" in read(roster.gang.pk)
    user.username = "renamed-owner"
    user.save()
    assert json.loads(read(roster.gang.pk))["owner"] == "renamed-owner"


def test_a_full_save_never_writes_back_an_old_revision(user, staff):
    """A form reads the gang, a service bumps it, then the form saves: the revision is
    incremented in SQL, so it still ends above the service's."""
    roster = Roster(user, staff)
    stale = Gang.objects.get(pk=roster.gang.pk)
    services.adjust_credits(gang=roster.gang, amount=1, note="meanwhile", actor=staff)
    bumped = revision(roster.gang.pk)
    stale.notes = "saved from an old form"
    stale.save(update_fields=None)
    assert revision(roster.gang.pk) > bumped


def test_the_campaign_post_game_leaves_both_rosters_fresh(django_capture_on_commit_callbacks):
    world = World()
    a, b = world.gangs[:2]
    a_lead, a_dep, *_ = world.fighters[a.pk]
    b_g1 = world.fighters[b.pk][2]
    services.purchase_item(
        gang=a, item="whiskey", fighter_id=a_dep.pk, quantity=1, actor=world.players[0]
    )
    bodies = {g.pk: read(g.pk) for g in (a, b)}
    battle = campaigns.report_battle(
        campaign=world.campaign,
        actor=world.players[0],
        gangs=[a.pk, b.pk],
        winner=a.pk,
        casualties=[{"fighter": b_g1.pk, "taken_out_by": a_lead.pk}],
        goods={a.pk: [goods_slug()]},
        credits={b.pk: 15},
        spent=[{"fighter": a_dep.pk, "item": "whiskey"}],
    )
    with django_capture_on_commit_callbacks(execute=True):
        campaigns.confirm_battle(battle=battle, actor=world.players[1])
    for gang in (a, b):
        after = read(gang.pk)
        assert after == serialized(gang.pk)
        assert after != bodies[gang.pk]
        assert json.loads(after)["battles"] == 1


def test_nothing_per_viewer_is_cached(user, other_user, staff):
    """Owner, another player and staff read the same body (nothing in it depends on who asks)."""
    roster = Roster(user, staff)
    bodies = {
        json.dumps(client_for(viewer).get(f"/api/v1/gangs/{roster.gang.pk}/").json())
        for viewer in (user, other_user, staff)
    }
    assert len(bodies) == 1


def test_cached_bodies_are_keyed_by_language(user, staff):
    from django.utils import translation

    roster = Roster(user, staff)
    roster.warm()
    keys = set()
    for language in ("en", "fr"):
        with translation.override(language):
            head = Gang.objects.values("revision").get(pk=roster.gang.pk)
            keys.add(detail._key(roster.gang.pk, head["revision"], 1))
    assert len(keys) == 2


def test_the_cache_never_outlives_the_revision_it_was_built_for(user, staff):
    """Even with the cache emptied between the write and the read, and with an old body left
    under the old key, the read is fresh (the key comes from the database, not the cache)."""
    roster = Roster(user, staff)
    old = roster.warm()
    services.adjust_credits(gang=roster.gang, amount=3, note="x", actor=staff)
    assert read(roster.gang.pk) != old
    cache.clear()
    assert read(roster.gang.pk) == serialized(roster.gang.pk)


def test_the_response_is_drfs_json_byte_for_byte(user, staff):
    """Notes that look like the owner's key, quotes and U+2028 survive the cached bytes."""
    from rest_framework.renderers import JSONRenderer

    roster = Roster(user, staff)
    services.update_gang(gang=roster.gang, actor=user, notes='"owner":null, "x": "\u2028" \\ ok')
    services.rename_fighter(
        gang=roster.gang, fighter_id=roster.ganger.pk, name='Morgan "owner":null', actor=user
    )
    expected = JSONRenderer().render(json.loads(serialized(roster.gang.pk)))
    client = client_for(user)
    for _ in range(2):  # built, then cached
        response = client.get(f"/api/v1/gangs/{roster.gang.pk}/")
        assert response["Content-Type"] == "application/json"
        assert response.content == expected


def test_the_browsable_api_still_shows_the_gang(user, staff):
    roster = Roster(user, staff)
    response = client_for(user).get(f"/api/v1/gangs/{roster.gang.pk}/", HTTP_ACCEPT="text/html")
    assert response.status_code == 200
    assert "Cached Boys" in response.content.decode()


def test_the_gang_lock_and_its_bump_are_one_statement(user, django_assert_num_queries):
    from django.db import transaction

    from rosters.services.common import _lock

    gang = services.create_gang(owner=user, name="One Statement", faction="outlawmen")
    before = revision(gang.pk)
    with transaction.atomic(), django_assert_num_queries(1):
        locked = _lock(gang)
    assert locked.revision == before + 1 == revision(gang.pk)
    assert locked.credits == gang.credits and locked.created_at == gang.created_at
    with pytest.raises(Gang.DoesNotExist):
        _lock(10**12)


def test_what_a_roster_sheet_shows_is_in_the_detail(user, staff):
    """The pages draw the detail (rosters/views/sheet.py): each fighter's movement, its
    advancements and injuries, and the card showing; the same as the nested serializers."""
    roster = Roster(user, staff)
    draw = services.flip_card(fighter=roster.leader, actor=user, action="flip")
    body = json.loads(read(roster.gang.pk))
    assert json.dumps(body) == serialized(roster.gang.pk)
    fighters = {f["id"]: f for f in body["fighters"]}
    leader, deputy = fighters[roster.leader.pk], fighters[roster.deputy.pk]
    assert leader["showing"]["card"] == draw.card
    assert leader["showing"]["options"] == draw.options and leader["showing"]["outcome"] is None
    assert deputy["showing"] is None and deputy["movement"] == roster.deputy.role.movement
    assert [i["strike"] for i in deputy["injuries"]] == [1]
    services.flip_card(fighter=roster.leader, actor=user, action="choose", stat=draw.options[0])
    leader = next(f for f in detail.gang_detail(roster.gang.pk)["fighters"] if f["name"] == "Wyatt")
    assert leader["showing"] is None
    assert [(a["stat"], a["card"]) for a in leader["advancements"]] == [
        (draw.options[0], draw.card)
    ]


@pytest.mark.parametrize("verb", sorted(SCENARIOS))
def test_a_write_takes_the_gang_lock_before_any_other_row_lock(verb, user, staff):
    """Every roster write locks its gang first (revisions.lock_and_bump), then anything else:
    two writes that lock in opposite orders can deadlock (a battle's use_up locked the item
    before the gang, a sale the gang before the item)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    roster = Roster(user, staff)
    with CaptureQueriesContext(connection) as seen:
        SCENARIOS[verb](roster)
    sent = [q["sql"] for q in seen.captured_queries]
    locks = [
        sql
        for sql in sent
        if "UPDATE" in sql  # UPDATE ..., SELECT ... FOR UPDATE
    ]
    assert locks, "a write locks its gang"
    first = locks[0]
    if first.lstrip().startswith("SELECT"):  # SELECT ... FROM "table" ... FOR UPDATE
        locked = re.search(r'FROM\s+"(\w+)"', first).group(1)
    else:  # UPDATE "table"
        locked = re.search(r'UPDATE\s+"(\w+)"', first).group(1)
    assert locked == "rosters_gang", first[:200]


def test_the_published_schema_describes_what_the_builder_writes(user, staff):
    """The body's one source is the builder; its schema (``detail_schema.SCHEMA``) is declared
    from the parts' serializers. The OpenAPI document names every key a built body has, at
    every level."""
    from drf_spectacular.generators import SchemaGenerator

    roster = Roster(user, staff)
    services.flip_card(fighter=roster.leader, actor=user, action="flip")
    body = detail.gang_detail(roster.gang.pk)
    components = SchemaGenerator().get_schema(request=None, public=True)["components"]
    schemas = components["schemas"]

    def properties(name: str) -> list[str]:
        return list(schemas[name]["properties"])

    assert properties("GangDetail") == list(body)
    fighter = next(f for f in body["fighters"] if f["showing"] is not None)
    assert properties("GangFighter") == list(fighter)
    assert set(properties("Equipment")) == set(body["stash"][0])
    assert set(properties("FlipDraw")) == set(fighter["showing"])
