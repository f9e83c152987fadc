"""The gang detail (``GET /api/v1/gangs/{id}/``): a flat builder, cached per gang revision.

Rosters are read far more often than they change (a player at the table refreshes theirs
constantly), and serialising 75 objects through nested DRF serializers cost many times a
bare request. So (docs/performance.md, "Rosters: the gang detail cached per revision"):

- **One query answers a read.** The gang's row, its owner's name and the catalogue
  revision (rosters/revisions.py) come back together (``_head``); the cached body is looked
  up under ``(gang id, gang revision, catalogue revision, language)``. Every write service
  bumps the gang's revision in its own transaction, so a committed write changes the key:
  the next read misses and builds anew. Nothing is ever deleted from the cache, and nothing
  in it can be stale under its key, so a lost cache write (Redis down: the cache fails open,
  config/settings.py) costs a rebuild, never a wrong roster. Old bodies expire after ``TTL``.
- **A miss is cheap too:** the gang's own fields come from that row, then one query per
  table with ``values()`` (fighters with their roles and the card each has showing,
  advancements, injuries, held equipment with its catalogue item, unsold goods) and plain
  dicts: no model instances, no serializer fields. The rules and roles the problems are
  checked against are cached under the catalogue revision. This builder is the
  body's one source: the OpenAPI schema is declared beside it (``SCHEMA``), from the
  serializers of the endpoints that write its parts on their own (a fighter, a piece of
  equipment, goods).
- **Nothing per viewer is cached.** The cached body holds only what every reader may see;
  the owner's username (renaming a user bumps no gang) is read with the revision and put in
  at each read, between the two halves of the cached bytes (``gang_detail_json``). Anything
  that depends on who asks (what they may do, a share token) must be added after the body
  is read, never inside ``_build``.
- **The pages read it too** (rosters/views/sheet.py): each fighter carries what a sheet
  shows (movement, advancements, injuries, the card ``showing``). A reader racing a write
  may build from rows newer than its key says, never older.
"""

from __future__ import annotations

import functools
import hashlib
from collections import Counter, defaultdict
from pathlib import Path

import orjson
from django.core.cache import cache
from django.db.models import JSONField, OuterRef, Subquery
from django.utils import translation

from config.renderers import ORJSONRenderer, iso_datetime
from rosters.models import (
    STATS,
    Advancement,
    CatalogueRevision,
    Equipment,
    Fighter,
    FlipDraw,
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
# The body's shape is this module's code: a deploy that changes it keys every body anew.
KEY_VERSION = hashlib.blake2b(Path(__file__).read_bytes(), digest_size=6).hexdigest()

GANG_FIELDS = ("id", "name", "faction", "notes", "credits", "rating", "wealth", "battles")
FIGHTER_FIELDS = (
    "id",
    "gang_id",
    "name",
    "role__slug",
    "role__name",
    "role__movement",
    "status",
    *STATS,
    "hire_cost",
    "times_out_of_action",
    "flips",
    "hired_at",
    "left_at",
    "showing_seq",
    "showing_card",
    "showing_options",
    "showing_at",
)
SHOWING_FIELDS = ("seq", "card", "options", "at")
ADVANCEMENT_FIELDS = ("fighter_id", "stat", "amount", "card", "note", "at")
INJURY_FIELDS = ("fighter_id", "strike", "wounds_lost", "fatal", "note", "at")
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


# Every read of a gang sends this: written as SQL once, through ``raw()``, since building and
# compiling the same ORM query cost three times what running it does (docs/performance.md,
# "Hot reads").
_HEAD = (
    f"SELECT g.*, u.username AS owner_name, (SELECT c.value FROM"
    f" {CatalogueRevision._meta.db_table} c WHERE c.id = %s) AS catalogue"
    f" FROM {Gang._meta.db_table} g"
    f" JOIN {Gang._meta.get_field('owner').related_model._meta.db_table} u ON u.id = g.owner_id"
    " WHERE g.id = %s"
)


def _head(gang_id: int) -> Gang | None:
    """The gang's row (its revision, and what the body shows of the gang itself) with its
    owner's name and the catalogue revision (``owner_name``, ``catalogue``), in one query."""
    return next(iter(Gang.objects.raw(_HEAD, [CATALOGUE_ROW, gang_id])), None)


def gang_detail_json(gang_id: int) -> bytes | None:
    """The gang's detail as the API's JSON bytes, or None when there is no such gang."""
    read = _read(gang_id)
    return None if read is None else read[0]


def _read(gang_id: int) -> tuple[bytes, str] | None:
    """The detail's JSON bytes and the cache key they are valid under.

    The cache holds the rendered body (config/renderers.py) cut in two where the owner's
    name goes: a cached read is one query, one cache get and two joins of bytes, with no
    unpickling of nested dicts and no rendering."""
    gang = _head(gang_id)
    if gang is None:
        return None
    key = _key(gang_id, gang.revision, gang.catalogue)
    parts = cache.get(key)
    if parts is None:
        parts = _render(_build(gang_id, gang))
        cache.set(key, parts, TTL)
    before, after = parts
    return before + _OWNER + _renderer.render(gang.owner_name) + after, key


def gang_detail(gang_id: int) -> dict | None:
    """The same as plain data (for pages and tests), or None when there is no such gang."""
    raw = gang_detail_json(gang_id)
    return None if raw is None else orjson.loads(raw)


def gang_detail_keyed(gang_id: int) -> tuple[dict, str] | None:
    """The plain data and its cache key (gang, revisions, language): what the pages key what
    they make of it by (rosters/views/sheet.py), so it is never older than the detail."""
    read = _read(gang_id)
    return None if read is None else (orjson.loads(read[0]), read[1])


_renderer = ORJSONRenderer()
_OWNER = b'"owner":'


def _render(body: dict) -> tuple[bytes, bytes]:
    """The body's JSON, without the owner's name: the bytes before and after it. A key of the
    top level is the first ``"owner":null`` in the text (inside a string every quote is
    escaped, and no nested object has an owner)."""
    before, after = _renderer.render({**body, "owner": None}).split(_OWNER + b"null", 1)
    return before, after


@functools.cache
def _tables() -> dict:
    """``_build``'s queries, one per table, plain values, built once per process and each
    filtered by its gang column on use: resolving the fighters' showing-card subqueries and
    the joins cost more than running them (docs/performance.md, "Rosters: the gang detail
    cached per revision")."""
    return {
        "fighters": (
            Fighter.objects.annotate(**_showing())
            .order_by("role__order", "id")
            .values_list(*FIGHTER_FIELDS),
            "gang_id",
        ),
        "advancements": (
            Advancement.objects.order_by("at", "id").values_list(*ADVANCEMENT_FIELDS),
            "fighter__gang_id",
        ),
        "injuries": (
            Injury.objects.order_by("at", "id").values_list(*INJURY_FIELDS),
            "fighter__gang_id",
        ),
        "equipment": (
            Equipment.objects.filter(disposal="").order_by("id").values_list(*EQUIPMENT_FIELDS),
            "gang_id",
        ),
        "goods": (
            Goods.objects.filter(sold_at__isnull=True).order_by("id").values_list(*GOODS_FIELDS),
            "gang_id",
        ),
    }


def _queries(gang_id: int) -> dict:
    """``_build``'s queries for one gang."""
    return {name: rows.filter(**{by: gang_id}) for name, (rows, by) in _tables().items()}


def _build(gang_id: int, gang: Gang | None = None) -> dict | None:
    """The body from the rows as they are now: the gang's own row as ``_head`` read it (with
    the revision the body is keyed by), the others read after it (never older)."""
    gang = gang or _head(gang_id)
    if gang is None:
        return None
    queries = _queries(gang_id)
    fighters = list(queries["fighters"])
    gains: dict[int, list[dict]] = defaultdict(list)
    for fighter_id, stat, amount, card, note, at in queries["advancements"]:
        gains[fighter_id].append(
            {"stat": stat, "amount": amount, "card": card, "note": note, "at": iso_datetime(at)}
        )
    injuries: dict[int, list[dict]] = defaultdict(list)
    for fighter_id, strike, lost, fatal, note, at in queries["injuries"]:
        injuries[fighter_id].append(
            {
                "strike": strike,
                "wounds_lost": lost,
                "fatal": fatal,
                "note": note,
                "at": iso_datetime(at),
            }
        )
    kit: dict[int | None, list[dict]] = defaultdict(list)
    for row in queries["equipment"]:
        kit[row[4]].append(_equipment(row))
    goods = [
        {
            "id": pk,
            "item": item,
            "name": name,
            "market_value": value,
            "found_at": iso_datetime(found),
            "note": note,
            "sold_at": None,
            "sold_for": None,
        }
        for pk, item, name, value, found, note, _sold in queries["goods"]
    ]
    rows = [_fighter(row, gains, injuries, kit) for row in fighters]
    return {
        **{name: getattr(gang, name) for name in GANG_FIELDS[:3]},
        "faction_name": Gang.Faction(gang.faction).label,
        "owner": gang.owner_name,
        **{name: getattr(gang, name) for name in GANG_FIELDS[3:]},
        "created_at": iso_datetime(gang.created_at),
        "fighters": rows,
        "stash": kit[None],
        "goods": goods,
        "problems": _problems(rows, _rules(gang.catalogue)),
    }


def _rules(catalogue: int | None) -> tuple[int, list[tuple[str, str, int]]]:
    """The gang rules' least number of fighters and each role's (slug, name, least number),
    what ``_problems`` checks: cached under the catalogue revision, which every change of a
    role or a gang rule bumps (rosters/revisions.py), as the bodies are."""
    key = f"rosters:rules:{KEY_VERSION}:{catalogue}"
    found = cache.get(key)
    if found is None:
        (least,) = GangRules.objects.filter(ruleset=RULESET).values_list("min_fighters").get()
        roles = list(Role.objects.order_by("order").values_list("slug", "name", "min_count"))
        found = (least, roles)
        cache.set(key, found, TTL)
    return found


def _showing() -> dict:
    """The card each fighter has on the table (its last draw still waiting for a choice, as
    ``services.showing_flip``), as columns of the fighters' query: no query of its own."""
    waiting = FlipDraw.objects.filter(fighter=OuterRef("pk"), resolution__isnull=True).order_by(
        "-seq"
    )
    return {
        f"showing_{name}": Subquery(
            waiting.values(name)[:1], output_field=JSONField() if name == "options" else None
        )
        for name in SHOWING_FIELDS
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
        "acquired_at": iso_datetime(acquired),
        "disposal": disposal,
        "disposed_at": iso_datetime(disposed),
    }


def _fighter(row: tuple, gains: dict, injuries: dict, kit: dict) -> dict:
    pk, gang, name, role, role_name, movement, status = row[:7]
    base = dict(zip(STATS, row[7 : 7 + len(STATS)], strict=True))
    hire_cost, times_out, flips, hired_at, left_at, *showing = row[7 + len(STATS) :]
    # Fighter.current_stats: base line + advancements − injuries.
    stats = dict(base)
    for gain in gains.get(pk, ()):
        stats[gain["stat"]] += gain["amount"]
    stats["wounds"] -= sum(injury["wounds_lost"] for injury in injuries.get(pk, ()))
    seq, card, options, at = showing
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
        "hired_at": iso_datetime(hired_at),
        "left_at": iso_datetime(left_at),
        "movement": movement,
        "advancements": gains.get(pk, []),
        "injuries": injuries.get(pk, []),
        "showing": None
        if seq is None
        else {
            "seq": seq,
            "card": card,
            "options": options,
            "outcome": None,
            "stat": None,
            "at": iso_datetime(at),
        },
    }


def _problems(fighters: list[dict], rules: tuple[int, list]) -> list[str]:
    """selectors.gang_problems over the built rows (same rules, same sentences)."""
    min_fighters, roles = rules
    active = [f for f in fighters if f["status"] == Fighter.Status.ACTIVE]
    counts = Counter(f["role"] for f in active)
    problems = []
    for slug, name, min_count in roles:
        if counts[slug] < min_count:
            problems.append(
                f"needs at least {counted(min_count, name.lower())} (has {counts[slug]})"
            )
    if len(active) < min_fighters:
        problems.append(f"needs at least {counted(min_fighters, 'fighter')} (has {len(active)})")
    return problems
