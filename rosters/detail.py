"""The gang detail (``GET /api/v1/gangs/{id}/``): a flat builder, cached per gang revision.

Rosters are read far more often than they change (a player at the table refreshes theirs
constantly), and serialising 75 objects through nested DRF serializers cost ~20 ms of Python
per read. So (docs/performance.md, "Rosters"):

- **One query answers a read.** The gang's revision, its owner's name and the catalogue
  revision (rosters/revisions.py) come back together (SQL written once: ``_head_sql``); the
  cached body is looked up under ``(gang id, gang revision, catalogue revision, language)``.
  Every write service bumps the gang's revision in its own transaction, so a committed write
  changes the key: the next read misses and builds anew. Nothing is ever deleted from the
  cache, and nothing in it can be stale under its key, so a lost cache write (Redis down:
  config/cache.py fails open) costs a rebuild, never a wrong roster. Old bodies expire after
  ``TTL``.
- **A miss is cheap too:** one query per table with ``values()`` (the gang with its owner,
  fighters with their roles, advancements, injuries, held equipment with its catalogue item,
  unsold goods, then the rules and roles for the problems) and plain dicts: no model
  instances, no serializer fields. ``GangDetailSerializer`` still describes the body for the
  schema, and a test keeps the two equal, field for field.
- **Nothing per viewer is cached.** The cached body holds only what every reader may see;
  the owner's username (renaming a user bumps no gang) is read with the revision and put in
  at each read, between the two halves of the cached bytes (``gang_detail_json``). Anything
  that depends on who asks (what they may do, a share token) must be added after the body
  is read, never inside ``_build``.

A reader racing a write may build from rows newer than the revision it keyed the body by;
such a body is only ever newer than its key says, never older.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import datetime
from functools import cache as memoise

import orjson
from django.core.cache import cache
from django.db import connections, router
from django.utils import timezone, translation

from config.renderers import ORJSONRenderer
from rosters.models import (
    STATS,
    Advancement,
    CatalogueRevision,
    Equipment,
    Fighter,
    Gang,
    GangRules,
    Goods,
    Injury,
    Role,
)
from rosters.revisions import CATALOGUE_ROW
from rosters.services.common import RULESET
from rulesets.core.words import counted

TTL = 24 * 3600  # an unused body goes after a day; a changed gang's old ones are never read
KEY_VERSION = 3  # bump when the body's shape changes, so no old-shaped body is read

GANG_FIELDS = ("id", "name", "faction", "notes", "credits", "rating", "wealth", "battles")
FIGHTER_FIELDS = (
    "id",
    "gang_id",
    "name",
    "role__slug",
    "role__name",
    "status",
    *STATS,
    "hire_cost",
    "times_out_of_action",
    "flips",
    "hired_at",
    "left_at",
)
EQUIPMENT_FIELDS = (
    "id",
    "item__slug",
    "item__name",
    "item__kind",
    "fighter_id",
    "price_paid",
    "item__price",
    "catalogue_revision",
    "acquired_at",
    "disposal",
    "disposed_at",
)
GOODS_FIELDS = ("id", "item__slug", "name", "market_value", "found_at", "note", "sold_at")


def _key(gang_id: int, revision: int, catalogue: int | None) -> str:
    language = translation.get_language() or ""
    return f"rosters:gang:{KEY_VERSION}:{gang_id}:{revision}:{catalogue}:{language}"


@memoise
def _head_sql(alias: str) -> str:
    """The revision, the owner's name and the catalogue revision of one gang, as SQL: the
    ORM spent ~0.3 ms building this query on every read, more than the rest of a cached
    read's own work (docs/performance.md). Plain integers and text: the same on every
    database."""
    quote = connections[alias].ops.quote_name
    user = Gang._meta.get_field("owner").related_model

    def column(model, name: str) -> str:
        return quote(model._meta.get_field(name).column)

    return (
        f"SELECT g.{column(Gang, 'revision')}, u.{column(user, 'username')}, "
        f"(SELECT c.{column(CatalogueRevision, 'value')} "
        f"FROM {quote(CatalogueRevision._meta.db_table)} c "
        f"WHERE c.{column(CatalogueRevision, 'id')} = %s) "
        f"FROM {quote(Gang._meta.db_table)} g "
        f"INNER JOIN {quote(user._meta.db_table)} u "
        f"ON u.{quote(user._meta.pk.column)} = g.{column(Gang, 'owner')} "
        f"WHERE g.{column(Gang, 'id')} = %s"
    )


def gang_detail_json(gang_id: int) -> bytes | None:
    """The gang's detail as the API's JSON bytes, or None when there is no such gang.

    The cache holds the rendered body (config/renderers.py) cut in two where the owner's
    name goes: a cached read is one query, one cache get and two joins of bytes, with no
    unpickling of nested dicts and no rendering (together ~0.4 ms of a ~1.3 ms read here)."""
    alias = router.db_for_read(Gang)
    with connections[alias].cursor() as cursor:
        cursor.execute(_head_sql(alias), [CATALOGUE_ROW, gang_id])
        head = cursor.fetchone()
    if head is None:
        return None
    revision, owner, catalogue = head
    key = _key(gang_id, revision, catalogue)
    parts = cache.get(key)
    if parts is None:
        body = _build(gang_id)
        if body is None:
            return None  # deleted between the two reads
        parts = _render(body)
        cache.set(key, parts, TTL)
    before, after = parts
    return before + _OWNER + _renderer.render(owner) + after


def gang_detail(gang_id: int) -> dict | None:
    """The same as plain data (for pages and tests), or None when there is no such gang."""
    raw = gang_detail_json(gang_id)
    return None if raw is None else orjson.loads(raw)


_renderer = ORJSONRenderer()
_OWNER = b'"owner":'


def _render(body: dict) -> tuple[bytes, bytes]:
    """The body's JSON, without the owner's name: the bytes before and after it. A key of the
    top level is the first ``"owner":null`` in the text (inside a string every quote is
    escaped, and no nested object has an owner)."""
    before, after = _renderer.render({**body, "owner": None}).split(_OWNER + b"null", 1)
    return before, after


def _dt(value: datetime | None) -> str | None:
    """As DRF's DateTimeField writes it: ISO 8601 in the current time zone, UTC as ``Z``."""
    if value is None:
        return None
    text = timezone.localtime(value).isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


def _build(gang_id: int) -> dict | None:
    """The body from the rows as they are now (read after the revision: never older)."""
    head = (
        Gang.objects.filter(pk=gang_id)
        .values(*GANG_FIELDS, "created_at", "owner__username")
        .first()
    )
    if head is None:
        return None
    fighters = list(
        Fighter.objects.filter(gang_id=gang_id)
        .order_by("role__order", "id")
        .values_list(*FIGHTER_FIELDS)
    )
    gains: dict[int, list[tuple[str, int]]] = defaultdict(list)
    for fighter_id, stat, amount in Advancement.objects.filter(
        fighter__gang_id=gang_id
    ).values_list("fighter_id", "stat", "amount"):
        gains[fighter_id].append((stat, amount))
    wounds_lost: Counter[int] = Counter()
    for fighter_id, lost in Injury.objects.filter(fighter__gang_id=gang_id).values_list(
        "fighter_id", "wounds_lost"
    ):
        wounds_lost[fighter_id] += lost
    kit: dict[int | None, list[dict]] = defaultdict(list)
    for row in (
        Equipment.objects.filter(gang_id=gang_id, disposal="")
        .order_by("id")
        .values_list(*EQUIPMENT_FIELDS)
    ):
        kit[row[4]].append(_equipment(row))
    goods = [
        {
            "id": pk,
            "item": item,
            "name": name,
            "market_value": value,
            "found_at": _dt(found),
            "note": note,
            "sold_at": None,
            "sold_for": None,
        }
        for pk, item, name, value, found, note, _sold in Goods.objects.filter(
            gang_id=gang_id, sold_at__isnull=True
        )
        .order_by("id")
        .values_list(*GOODS_FIELDS)
    ]
    rows = [_fighter(row, gains, wounds_lost, kit) for row in fighters]
    return {
        **{name: head[name] for name in GANG_FIELDS[:3]},
        "faction_name": Gang.Faction(head["faction"]).label,
        "owner": head["owner__username"],
        **{name: head[name] for name in GANG_FIELDS[3:]},
        "created_at": _dt(head["created_at"]),
        "fighters": rows,
        "stash": kit[None],
        "goods": goods,
        "problems": _problems(rows),
    }


def _equipment(row: tuple) -> dict:
    pk, slug, name, kind, fighter, paid, value, revision, acquired, disposal, disposed = row
    return {
        "id": pk,
        "item": slug,
        "name": name,
        "kind": kind,
        "fighter": fighter,
        "price_paid": paid,
        "market_value": value,
        "catalogue_revision": revision,
        "acquired_at": _dt(acquired),
        "disposal": disposal,
        "disposed_at": _dt(disposed),
    }


def _fighter(row: tuple, gains: dict, wounds_lost: Counter, kit: dict) -> dict:
    pk, gang, name, role, role_name, status = row[:6]
    base = dict(zip(STATS, row[6 : 6 + len(STATS)], strict=True))
    hire_cost, times_out, flips, hired_at, left_at = row[6 + len(STATS) :]
    # Fighter.current_stats: base line + advancements − injuries.
    stats = dict(base)
    for stat, amount in gains.get(pk, ()):
        stats[stat] += amount
    stats["wounds"] -= wounds_lost.get(pk, 0)
    return {
        "id": pk,
        "gang": gang,
        "name": name,
        "role": role,
        "role_name": role_name,
        "status": status,
        "base_stats": base,
        "stats": stats,
        "hire_cost": hire_cost,
        "times_out_of_action": times_out,
        "flips": flips,
        "equipment": kit.get(pk, []),
        "hired_at": _dt(hired_at),
        "left_at": _dt(left_at),
    }


def _problems(fighters: list[dict]) -> list[str]:
    """selectors.gang_problems over the built rows (same rules, same sentences)."""
    min_fighters = GangRules.objects.filter(ruleset=RULESET).values_list("min_fighters", flat=True)
    min_fighters = min_fighters.get()
    active = [f for f in fighters if f["status"] == Fighter.Status.ACTIVE]
    counts = Counter(f["role"] for f in active)
    problems = []
    for slug, name, min_count in Role.objects.order_by("order").values_list(
        "slug", "name", "min_count"
    ):
        if counts[slug] < min_count:
            problems.append(
                f"needs at least {counted(min_count, name.lower())} (has {counts[slug]})"
            )
    if len(active) < min_fighters:
        problems.append(f"needs at least {counted(min_fighters, 'fighter')} (has {len(active)})")
    return problems
