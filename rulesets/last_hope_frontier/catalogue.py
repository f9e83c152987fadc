"""The catalogue: stat lines, hire costs, gang limits, weapons, clothing, items and goods.

The seed prints the stat lines and every rule number (ranges, damage, defence, heals) but no
prices, hire costs, starting treasury or gang limits; those are the product's design and live
in ``data/catalogue.json`` (reasoning in docs/rules/last-hope-frontier.md). The rosters app
seeds its database from the same file, so this loader checks it strictly: a typo in the data
fails loudly here rather than as a wrong ruling in a game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

CATALOGUE_PATH = Path(__file__).parent / "data" / "catalogue.json"

STATS = ("shoot", "combat", "strength", "toughness", "defence", "wounds")
ROLES = ("leader", "deputy", "ganger")
KINDS = ("weapon", "clothing", "item", "goods")
WEAPON_TYPES = ("slug", "melee")
ITEM_EFFECTS = ("heal", "dynamite", "initiative", "mount", "setup")


class CatalogueError(ValueError):
    """The catalogue data is malformed (a bug in data/catalogue.json, not a player's mistake)."""


@dataclass(frozen=True)
class StatLine:
    shoot: int
    combat: int
    strength: int
    toughness: int
    defence: int
    wounds: int

    def as_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in STATS}


@dataclass(frozen=True)
class Role:
    slug: str
    name: str
    hire_cost: int
    min_count: int
    max_count: int
    movement_card_lengths: int
    stats: StatLine


@dataclass(frozen=True, kw_only=True)
class Entry:
    """Anything a gang can own or find. ``price`` is the full market value in credits."""

    slug: str
    name: str
    kind: str
    price: int
    purchasable: bool
    allowed_roles: tuple[str, ...]
    max_per_fighter: int | None
    description: str

    def allows(self, role: str) -> bool:
        return role in self.allowed_roles


@dataclass(frozen=True, kw_only=True)
class Weapon(Entry):
    weapon_type: str  # "slug" (a firearm) or "melee"
    range_min: int  # card lengths, read as distances; 0 = base contact (weapons.Band)
    range_max: int
    damage_bonus: int
    reload_every: int | None  # shots between reloads; None = never reloads
    thrown_range_min: int | None = None  # the hunting knife can be thrown, then it is lost
    thrown_range_max: int | None = None

    @property
    def is_melee(self) -> bool:
        return self.weapon_type == "melee"

    @property
    def can_be_thrown(self) -> bool:
        return self.thrown_range_max is not None


@dataclass(frozen=True, kw_only=True)
class Clothing(Entry):
    defence_bonus: int


@dataclass(frozen=True, kw_only=True)
class Item(Entry):
    effect: str
    single_use: bool
    heal: int = 0
    range_min: int | None = None
    range_max: int | None = None
    blast_radius_card_lengths: int = 0
    blast_damage_bonus: int = 0
    initiative_bonus: int = 0
    movement_card_lengths: int = 0
    shoot_modifier: int = 0
    setup_models: int = 0


@dataclass(frozen=True, kw_only=True)
class Goods(Entry):
    @property
    def market_value(self) -> int:
        return self.price


@dataclass(frozen=True)
class CarryLimits:
    slug_weapons: int
    melee_weapons: int
    clothing: int
    items: int


@dataclass(frozen=True)
class Catalogue:
    version: int
    currency: str
    starting_treasury: int
    min_fighters: int
    max_fighters: int
    roles: MappingProxyType  # slug -> Role
    carry_limits: CarryLimits
    stat_caps: StatLine
    sale_percent: int
    entries: MappingProxyType  # slug -> Entry (in file order)

    def entry(self, slug: str) -> Entry:
        try:
            return self.entries[slug]
        except KeyError:
            raise CatalogueError(f"'{slug}' is not in the catalogue.") from None

    def of_kind(self, kind: str) -> list[Entry]:
        return [e for e in self.entries.values() if e.kind == kind]

    def weapons(self) -> list[Weapon]:
        return [e for e in self.entries.values() if isinstance(e, Weapon)]

    def clothing(self) -> list[Clothing]:
        return [e for e in self.entries.values() if isinstance(e, Clothing)]

    def items(self) -> list[Item]:
        return [e for e in self.entries.values() if isinstance(e, Item)]

    def goods(self) -> list[Goods]:
        return [e for e in self.entries.values() if isinstance(e, Goods)]


@cache
def catalogue() -> Catalogue:
    """The catalogue from data/catalogue.json, read once (it is immutable)."""
    return parse_catalogue(json.loads(CATALOGUE_PATH.read_text(encoding="utf-8")))


def parse_catalogue(raw: dict[str, Any]) -> Catalogue:
    """Build a ``Catalogue`` from the JSON document; raise ``CatalogueError`` if malformed."""
    gang = _dict(raw, "gang")
    roles = [_role(r) for r in _list(raw, "roles")]
    if tuple(r.slug for r in roles) != ROLES:
        raise CatalogueError(f"roles must be exactly {ROLES} in that order.")
    entries: dict[str, Entry] = {}
    for data in _list(raw, "entries"):
        entry = _entry(data)
        if entry.slug in entries:
            raise CatalogueError(f"entry '{entry.slug}' appears twice.")
        entries[entry.slug] = entry
    limits = _dict(raw, "carry_limits")
    market = _dict(raw, "marketplace")
    if _str(market, "rounding") != "down":
        raise CatalogueError("marketplace.rounding: only 'down' is implemented.")
    return Catalogue(
        version=_int(raw, "version"),
        currency=_str(raw, "currency"),
        starting_treasury=_int(raw, "starting_treasury"),
        min_fighters=_int(gang, "min_fighters"),
        max_fighters=_int(gang, "max_fighters"),
        roles=MappingProxyType({r.slug: r for r in roles}),
        carry_limits=CarryLimits(**{k: _int(limits, k) for k in CarryLimits.__annotations__}),
        stat_caps=_stats(_dict(raw, "stat_caps")),
        sale_percent=_int(market, "sale_percent"),
        entries=MappingProxyType(entries),
    )


def _role(data: dict[str, Any]) -> Role:
    return Role(
        slug=_str(data, "slug"),
        name=_str(data, "name"),
        hire_cost=_int(data, "hire_cost"),
        min_count=_int(data, "min_count"),
        max_count=_int(data, "max_count"),
        movement_card_lengths=_int(data, "movement_card_lengths"),
        stats=_stats(_dict(data, "stats")),
    )


def _stats(data: dict[str, Any]) -> StatLine:
    if set(data) != set(STATS):
        raise CatalogueError(f"a stat line needs exactly {STATS}, got {sorted(data)}.")
    return StatLine(**{name: _int(data, name) for name in STATS})


def _entry(data: dict[str, Any]) -> Entry:
    kind = _str(data, "kind")
    if kind not in KINDS:
        raise CatalogueError(f"entry kind '{kind}' is not one of {KINDS}.")
    roles = tuple(data.get("allowed_roles", ()))
    if any(r not in ROLES for r in roles):
        raise CatalogueError(f"entry '{data.get('slug')}': unknown role in {roles}.")
    max_per_fighter = data.get("max_per_fighter")
    if max_per_fighter is not None and not _is_count(max_per_fighter):
        raise CatalogueError(f"entry '{data.get('slug')}': max_per_fighter must be a count.")
    common = {
        "slug": _str(data, "slug"),
        "name": _str(data, "name"),
        "kind": kind,
        "price": _int(data, "price"),
        "purchasable": bool(data.get("purchasable", True)),
        "allowed_roles": roles,
        "max_per_fighter": max_per_fighter,
        "description": _str(data, "description"),
    }
    rules = _dict(data, "rules")
    for key, value in rules.items():
        if not isinstance(value, int | str | None):
            raise CatalogueError(f"entry '{common['slug']}': rule '{key}' must be a number.")
    try:
        built = {"weapon": Weapon, "clothing": Clothing, "item": Item, "goods": Goods}[kind](
            **common, **rules
        )
    except TypeError as exc:  # an unknown or missing rule number
        raise CatalogueError(f"entry '{common['slug']}': {exc}") from None
    _check_rules(built)
    return built


def _check_rules(entry: Entry) -> None:
    if isinstance(entry, Weapon):
        if entry.weapon_type not in WEAPON_TYPES:
            raise CatalogueError(
                f"weapon '{entry.slug}': weapon_type must be one of {WEAPON_TYPES}."
            )
        if not 0 <= entry.range_min <= entry.range_max:
            raise CatalogueError(f"weapon '{entry.slug}': range_min must be <= range_max.")
        if entry.is_melee and entry.range_max != 0:
            raise CatalogueError(f"weapon '{entry.slug}': melee weapons fight in base contact.")
    if isinstance(entry, Item) and entry.effect not in ITEM_EFFECTS:
        raise CatalogueError(f"item '{entry.slug}': effect must be one of {ITEM_EFFECTS}.")


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _int(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if not _is_count(value):
        raise CatalogueError(f"'{key}' must be a whole number >= 0, got {value!r}.")
    return value


def _str(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise CatalogueError(f"'{key}' must be a non-empty string, got {value!r}.")
    return value


def _dict(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise CatalogueError(f"'{key}' must be an object.")
    return value


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise CatalogueError(f"'{key}' must be a list.")
    return value
