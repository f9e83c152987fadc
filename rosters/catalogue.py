"""Seeding the database catalogue from the engine's data (rulesets/last_hope_frontier/data).

Idempotent and conservative: rows that exist are left alone, so an organiser's price edits in
the admin survive a re-run; only missing roles, items and rules are added.
"""

from __future__ import annotations

import json

from rulesets.last_hope_frontier.catalogue import CATALOGUE_PATH, catalogue

RULESET = "last-hope-frontier"


def sync_catalogue(*, GangRules, Role, CatalogueItem) -> int:
    """Create what is missing. Model classes are passed in so a data migration can use its
    historical models. Returns the number of rows created."""
    data = catalogue()  # parsed and checked by the engine
    raw_rules = {e["slug"]: e["rules"] for e in json.loads(CATALOGUE_PATH.read_text())["entries"]}
    created = 0
    _, made = GangRules.objects.get_or_create(
        ruleset=RULESET,
        defaults={
            "starting_treasury": data.starting_treasury,
            "min_fighters": data.min_fighters,
            "max_fighters": data.max_fighters,
            "carry_limits": {
                "slug_weapons": data.carry_limits.slug_weapons,
                "melee_weapons": data.carry_limits.melee_weapons,
                "clothing": data.carry_limits.clothing,
                "items": data.carry_limits.items,
            },
            "stat_caps": data.stat_caps.as_dict(),
        },
    )
    created += made
    for order, role in enumerate(data.roles.values()):
        _, made = Role.objects.get_or_create(
            slug=role.slug,
            defaults={
                "name": role.name,
                "hire_cost": role.hire_cost,
                "min_count": role.min_count,
                "max_count": role.max_count,
                "movement": role.movement_card_lengths,
                "order": order,
                **role.stats.as_dict(),
            },
        )
        created += made
    for entry in data.entries.values():
        _, made = CatalogueItem.objects.get_or_create(
            slug=entry.slug,
            defaults={
                "name": entry.name,
                "kind": entry.kind,
                "price": entry.price,
                "purchasable": entry.purchasable,
                "allowed_roles": list(entry.allowed_roles),
                "max_per_fighter": entry.max_per_fighter,
                "description": entry.description,
                "rules": raw_rules[entry.slug],
            },
        )
        created += made
    return created
