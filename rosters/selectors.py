"""Reads that need care: a gang with everything on it in a fixed number of queries."""

from __future__ import annotations

import functools
from collections import Counter

from django.db.models import Count, Prefetch, QuerySet, Window

from config.renderers import iso_datetime
from rosters.models import Equipment, Fighter, Gang, GangRules, Goods, Role
from rulesets.core.words import counted


def gangs_for_list() -> QuerySet[Gang]:
    return Gang.objects.select_related("owner")


LIST_FIELDS = (
    "id",
    "name",
    "faction",
    "owner__username",
    "notes",
    "credits",
    "rating",
    "wealth",
    "battles",
    "created_at",
)


def gang_list_rows(gangs: QuerySet[Gang]) -> QuerySet:
    """The list's rows as plain values (``gang_list_item`` turns one into the body's item)."""
    return gangs.values(*LIST_FIELDS)


def gang_list_first_page(*, size: int) -> tuple[int, list[dict]]:
    """The number of gangs and the list's first page of ``size`` in its default order (by
    name, as the view's ``ordering``), each as ``gang_list_item`` writes it: what a
    ``GET gangs/`` with no query parameter returns. One query: the count as a window over
    the same rows, where the paginator sends two."""
    rows = list(_first_page()[:size])
    count = rows[0][-1] if rows else 0
    return count, [gang_list_item(dict(zip(LIST_FIELDS, row, strict=False))) for row in rows]


@functools.cache
def _first_page() -> QuerySet:
    """The list's rows with their count, built once per process (its window resolved once) and
    sliced on use: each slice is a new queryset, so this one is never evaluated."""
    return (
        gangs_for_list()
        .annotate(total=Window(Count("pk")))
        .order_by("name")
        .values_list(*LIST_FIELDS, "total")
    )


def gang_list_item(row: dict) -> dict:
    """One gang of ``GET gangs/``, from ``gang_list_rows``: plain values, no model instances
    or serializer fields per gang. The response's one writer; its OpenAPI schema is
    ``serializers.GangSchema``."""
    return {
        "id": row["id"],
        "name": row["name"],
        "faction": row["faction"],
        "faction_name": str(_FACTION_NAMES.get(row["faction"], row["faction"])),
        "owner": row["owner__username"],
        "notes": row["notes"],
        "credits": row["credits"],
        "rating": row["rating"],
        "wealth": row["wealth"],
        "battles": row["battles"],
        "created_at": iso_datetime(row["created_at"]),
    }


_FACTION_NAMES = dict(Gang.Faction.choices)  # lazy labels: written in the active language


def gang_detail_queryset() -> QuerySet[Gang]:
    held = Equipment.objects.filter(disposal="").select_related("item")
    fighters = (
        Fighter.objects.select_related("role")
        .prefetch_related("advancements", "injuries", Prefetch("equipment", queryset=held))
        .order_by("role__order", "id")
    )
    return Gang.objects.select_related("owner").prefetch_related(
        Prefetch("fighters", queryset=fighters),
        Prefetch("equipment", queryset=held.filter(fighter__isnull=True), to_attr="stash"),
        Prefetch(
            "goods", queryset=Goods.objects.filter(sold_at__isnull=True), to_attr="unsold_goods"
        ),
    )


def fighter_queryset() -> QuerySet[Fighter]:
    held = Equipment.objects.filter(disposal="").select_related("item")
    return Fighter.objects.select_related("role", "gang").prefetch_related(
        "advancements", "injuries", Prefetch("equipment", queryset=held)
    )


def gang_problems(gang: Gang, *, rules: GangRules, roles: list[Role]) -> list[str]:
    """Why the gang is not ready to fight (empty when it is). Uses prefetched fighters."""
    active = [f for f in gang.fighters.all() if f.is_active]
    counts = Counter(f.role.slug for f in active)
    problems = []
    for role in roles:
        if counts[role.slug] < role.min_count:
            problems.append(
                f"needs at least {counted(role.min_count, role.name.lower())} "
                f"(has {counts[role.slug]})"
            )
    if len(active) < rules.min_fighters:
        problems.append(
            f"needs at least {counted(rules.min_fighters, 'fighter')} (has {len(active)})"
        )
    return problems
