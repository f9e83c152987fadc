"""Weapons: range bands, how each weapon may attack, reloads, the derringer in base contact.

Range bands are printed in card lengths ("range 0", "range 0 to 1", "range 1 - 2"...). We read
the numbers as **distances**, measured edge to edge between bases (decision 5):

- range 0 is base contact (distance 0): the derringer;
- a band N-M holds the distances from N to M card lengths: pistol 0-1 is 0 to 3.5",
  shotgun 1-2 is 3.5 to 7", carbine 2-3 is 7 to 10.5", scope rifle 3-4 is 10.5 to 14";
- neighbouring bands touch without overlap: an edge belongs to the **nearer** band (a band's
  upper edge is in it, its lower edge is not), so at exactly 3.5" the pistol fires and the
  shotgun does not, at 7" the shotgun and not the carbine;
- a band from 0 includes base contact (a pistol fires point-blank); a **throw** never does
  (the hunting knife fights in base contact; dynamite is thrown at someone across the table):
  the knife is thrown up to 3.5" and dynamite up to 7", both out of base contact.

``range_table()`` is the one table of every band, built from the catalogue; the calculator,
live play and docs/rules/last-hope-frontier.md (``range_table_markdown``) all read it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rulesets.core.errors import IllegalAction, InvalidInput
from rulesets.last_hope_frontier.catalogue import Weapon, catalogue
from rulesets.last_hope_frontier.movement import CARD_LENGTH, EPSILON, inches

SHOT, COMBAT, THROW = "shot", "combat", "throw"


def weapon(slug: str, *, field: str = "weapon") -> Weapon:
    """The catalogue weapon for ``slug``; ``InvalidInput`` naming ``field`` if there is none."""
    entry = catalogue().entries.get(slug) if isinstance(slug, str) else None
    if not isinstance(entry, Weapon):
        names = ", ".join(w.slug for w in catalogue().weapons())
        raise InvalidInput(field, f"Unknown weapon {slug!r}; choose one of {names}.")
    return entry


@dataclass(frozen=True)
class Band:
    """A range band: the distances (inches, edge to edge) at which a weapon can attack."""

    range_min: int  # card lengths, as the catalogue prints them
    range_max: int
    contact: bool  # base contact (a distance of 0) is in the band

    @property
    def low(self) -> float:
        """The lower edge in inches (not in the band itself, except a contact band's 0)."""
        return self.range_min * CARD_LENGTH

    @property
    def high(self) -> float:
        """The upper edge in inches (in the band)."""
        return self.range_max * CARD_LENGTH

    def contains(self, distance_inches: float) -> bool:
        """Whether an edge-to-edge distance falls in the band (10⁻⁶" of float noise allowed)."""
        if not math.isfinite(distance_inches) or distance_inches < 0:
            raise ValueError("A distance is a finite number of inches, 0 or more.")
        if distance_inches <= EPSILON:
            return self.contact
        return self.low + EPSILON < distance_inches <= self.high + EPSILON

    def card_lengths(self) -> str:
        """The band as the seed prints it: "0", "0 to 1", "1 to 2"."""
        if self.range_min == self.range_max:
            return str(self.range_max)
        return f"{self.range_min} to {self.range_max}"

    def text(self) -> str:
        """The band as a player reads it: "beyond 3.5 inches and up to 7 inches"."""
        if self.contact:
            if self.high == 0:
                return "in base contact"
            return f"from base contact up to {inches(self.high)}"
        if self.low == 0:
            return f"out of base contact up to {inches(self.high)}"
        return f"beyond {inches(self.low)} and up to {inches(self.high)}"


def firing_band(w: Weapon) -> Band:
    """Where a firearm shoots (or a melee weapon fights: base contact)."""
    return Band(w.range_min, w.range_max, contact=w.range_min == 0)


def thrown_band(range_min: int, range_max: int) -> Band:
    """Where a thrown knife or stick of dynamite can go: never at a model in base contact."""
    return Band(range_min, range_max, contact=False)


def knife_throw_band(w: Weapon) -> Band:
    if not w.can_be_thrown:
        raise ValueError(f"The {w.name.lower()} cannot be thrown.")
    return thrown_band(w.thrown_range_min, w.thrown_range_max)


def dynamite_band() -> Band:
    item = catalogue().entry("dynamite")
    return thrown_band(item.range_min, item.range_max)


@dataclass(frozen=True)
class RangeRow:
    """One line of the range table: what attacks, how, and the band."""

    name: str
    attack: str  # SHOT, COMBAT or THROW
    band: Band

    def as_dict(self) -> dict:
        return {
            "name": self.name,
            "attack": self.attack,
            "card_lengths": self.band.card_lengths(),
            "min_inches": self.band.low,
            "max_inches": self.band.high,
            "base_contact": self.band.contact,
            "text": self.band.text(),
        }


def range_table() -> tuple[RangeRow, ...]:
    """Every range band of the game, from the catalogue: each weapon, the thrown knife, dynamite."""
    rows = []
    for w in catalogue().weapons():
        rows.append(RangeRow(w.name, COMBAT if w.is_melee else SHOT, firing_band(w)))
        if w.can_be_thrown:
            rows.append(RangeRow(f"{w.name} (thrown)", THROW, knife_throw_band(w)))
    rows.append(RangeRow(catalogue().entry("dynamite").name, THROW, dynamite_band()))
    return tuple(rows)


def range_table_markdown() -> str:
    """The range table as docs/rules/last-hope-frontier.md prints it (a test keeps them equal)."""
    lines = [
        "| weapon | attack | card lengths | distance, edge to edge |",
        "|---|---|---|---|",
    ]
    for row in range_table():
        lines.append(
            f"| {row.name} | {row.attack} | {row.band.card_lengths()} | {row.band.text()} |"
        )
    return "\n".join(lines)


def attack_modes(weapon_or_slug: Weapon | str, distance_inches: float) -> tuple[str, ...]:
    """How this weapon can attack a model at this distance: "shot", "combat" and/or "throw".

    A firearm shoots within its band (a derringer's band is base contact: "used in base to
    base combat as a shot vs defence test"). A melee weapon fights in base contact; the
    hunting knife "can be thrown in 1 distance" as a shot with the shooter's shot value.
    """
    w = weapon(weapon_or_slug) if isinstance(weapon_or_slug, str) else weapon_or_slug
    modes: list[str] = []
    if firing_band(w).contains(distance_inches):
        modes.append(COMBAT if w.is_melee else SHOT)
    if w.can_be_thrown and knife_throw_band(w).contains(distance_inches):
        modes.append(THROW)
    return tuple(modes)


def range_ok(weapon_or_slug: Weapon | str, distance_inches: float) -> bool:
    """Whether the weapon can attack a model ``distance_inches`` away (edge to edge) at all."""
    return bool(attack_modes(weapon_or_slug, distance_inches))


def needs_reload(weapon_or_slug: Weapon | str, shots_since_reload: int) -> bool:
    """Reloads: "Shotgun ... needs reloading after every three shots"; carbine and scope
    rifle "after every shot"; every other weapon never."""
    w = weapon(weapon_or_slug) if isinstance(weapon_or_slug, str) else weapon_or_slug
    return w.reload_every is not None and shots_since_reload >= w.reload_every


def fire(weapon_or_slug: Weapon | str, shots_since_reload: int) -> int:
    """Count a shot; raise ``IllegalAction`` if the weapon must be reloaded first."""
    w = weapon(weapon_or_slug) if isinstance(weapon_or_slug, str) else weapon_or_slug
    if needs_reload(w, shots_since_reload):
        raise IllegalAction(f"The {w.name.lower()} must be reloaded before it fires again.")
    return shots_since_reload + 1


def reload(weapon_or_slug: Weapon | str) -> int:
    """Reloading sets the count of shots since the last reload back to zero."""
    w = weapon(weapon_or_slug) if isinstance(weapon_or_slug, str) else weapon_or_slug
    if w.reload_every is None:
        raise IllegalAction(f"The {w.name.lower()} never needs reloading.")
    return 0


def derringer_usable(carried: list[str] | tuple[str, ...]) -> bool:
    """The derringer "can be used in base to base combat as a shot vs defence test if a melee
    weapon isn't on models profiles": it fires only for a model carrying no melee weapon."""
    has_melee = any(weapon(slug).is_melee for slug in carried if _is_weapon(slug))
    return "derringer" in carried and not has_melee


def _is_weapon(slug: str) -> bool:
    return isinstance(catalogue().entries.get(slug), Weapon)
