"""Gang creation: hiring fighters and buying their gear from the starting treasury.

The seed says weapons and clothing are "Purchasable at gang creation" and names the leader,
deputy and "gang member" stat lines, but prints no prices or limits. Our design (data in
data/catalogue.json, reasoning in docs/rules/last-hope-frontier.md):
exactly one leader, 0-2 deputies, 2-7 gangers, 3-8 fighters in all; a fighter carries at
most 2 slug weapons, 1 melee weapon, 1 suit of padded clothing and 4 items; horse and town
map only for a leader or deputy, rabbit's feet only for the leader.

``check_loadout`` is the per-fighter half, reused when a fighter buys gear later on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from rulesets.core.errors import InvalidInput
from rulesets.core.words import counted
from rulesets.last_hope_frontier.catalogue import ROLES, Clothing, Item, Weapon, catalogue

KIND_WORDS = {
    "slug_weapons": "firearm",
    "melee_weapons": "melee weapon",
    "clothing": "set of padded clothing",
    "items": "item",
}


def check_loadout(role: str, equipment: Sequence[str], *, field: str = "equipment") -> int:
    """Raise ``InvalidInput`` if this fighter may not carry this gear; return its price."""
    cat = catalogue()
    if not isinstance(equipment, list | tuple) or not all(isinstance(s, str) for s in equipment):
        raise InvalidInput(field, "Equipment is a list of catalogue slugs.")
    counts = {"slug_weapons": 0, "melee_weapons": 0, "clothing": 0, "items": 0}
    for slug in equipment:
        entry = cat.entries.get(slug)
        if entry is None:
            raise InvalidInput(field, f"'{slug}' is not in the catalogue.")
        if not entry.purchasable:
            raise InvalidInput(field, f"{entry.name} is loot, not equipment a fighter carries.")
        if not entry.allows(role):
            raise InvalidInput(field, f"A {role} may not carry {entry.name.lower()}.")
        if isinstance(entry, Weapon):
            counts["melee_weapons" if entry.is_melee else "slug_weapons"] += 1
        elif isinstance(entry, Clothing):
            counts["clothing"] += 1
        elif isinstance(entry, Item):
            counts["items"] += 1
    for kind, count in counts.items():
        limit = getattr(cat.carry_limits, kind)
        if count > limit:
            raise InvalidInput(
                field,
                f"A fighter carries at most {counted(limit, KIND_WORDS[kind])}; got {count}.",
            )
    for slug, count in Counter(equipment).items():
        limit = cat.entries[slug].max_per_fighter
        if limit is not None and count > limit:
            raise InvalidInput(
                field, f"A fighter carries at most {counted(limit, slug)}; got {count}."
            )
    return sum(cat.entries[slug].price for slug in equipment)


def check_gang(fighters: Sequence[Mapping], *, treasury: int | None = None) -> int:
    """Validate a starting gang; return what it costs (hire costs + gear).

    ``fighters``: ``[{"role": "leader", "equipment": ["revolver", ...]}, ...]``;
    ``treasury`` defaults to the catalogue's starting treasury.
    """
    cat = catalogue()
    budget = cat.starting_treasury if treasury is None else treasury
    if not isinstance(fighters, list | tuple):
        raise InvalidInput("fighters", "A gang is a list of fighters.")
    if not cat.min_fighters <= len(fighters) <= cat.max_fighters:
        raise InvalidInput(
            "fighters",
            f"A gang has {cat.min_fighters} to {cat.max_fighters} fighters; got {len(fighters)}.",
        )
    cost = 0
    roles: Counter[str] = Counter()
    for i, fighter in enumerate(fighters):
        role = fighter.get("role") if isinstance(fighter, Mapping) else None
        if role not in ROLES:
            raise InvalidInput(f"fighters[{i}].role", f"Choose one of {', '.join(ROLES)}.")
        roles[role] += 1
        cost += cat.roles[role].hire_cost
        cost += check_loadout(role, fighter.get("equipment", []), field=f"fighters[{i}].equipment")
    for role in cat.roles.values():
        if not role.min_count <= roles[role.slug] <= role.max_count:
            raise InvalidInput(
                "fighters",
                f"A gang has {role.min_count} to {role.max_count} {role.slug}s; "
                f"got {roles[role.slug]}.",
            )
    if cost > budget:
        raise InvalidInput("fighters", f"This gang costs {cost} credits; the treasury is {budget}.")
    return cost
