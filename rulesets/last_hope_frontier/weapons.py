"""Weapons: range bands, how each weapon may attack, reloads, the derringer in base contact.

Range bands are printed in card lengths ("range 0", "range 0 to 1", "range 1 - 2"...). We
read band N..M as "the Nth to the Mth card length away", measured edge to edge between bases:

- range 0 is base contact (distance 0);
- a band starting at 0 includes base contact: 0 ≤ d ≤ M card lengths (pistol: 0 to 3.5");
- a band starting at N ≥ 1 starts just beyond N-1 card lengths: (N-1) x 3.5 < d ≤ M x 3.5
  (shotgun 1-2: 0 < d ≤ 7"; carbine 2-3: 3.5 < d ≤ 10.5"; scope rifle 3-4: 7 < d ≤ 14").

So neighbouring bands touch without a gap, and a long gun cannot fire at point-blank range.
"""

from __future__ import annotations

import math

from rulesets.core.errors import IllegalAction, InvalidInput
from rulesets.last_hope_frontier.catalogue import Weapon, catalogue
from rulesets.last_hope_frontier.movement import CARD_LENGTH, EPSILON

SHOT, COMBAT, THROW = "shot", "combat", "throw"


def weapon(slug: str, *, field: str = "weapon") -> Weapon:
    """The catalogue weapon for ``slug``; ``InvalidInput`` naming ``field`` if there is none."""
    entry = catalogue().entries.get(slug) if isinstance(slug, str) else None
    if not isinstance(entry, Weapon):
        names = ", ".join(w.slug for w in catalogue().weapons())
        raise InvalidInput(field, f"Unknown weapon {slug!r}; choose one of {names}.")
    return entry


def band_limits(range_min: int, range_max: int) -> tuple[float | None, float]:
    """``(lower bound, exclusive; None = from base contact, upper bound, inclusive)`` in inches."""
    lower = None if range_min == 0 else (range_min - 1) * CARD_LENGTH
    return lower, range_max * CARD_LENGTH


def in_band(range_min: int, range_max: int, distance_inches: float) -> bool:
    """Whether an edge-to-edge distance falls in the band ``range_min..range_max``."""
    if not math.isfinite(distance_inches) or distance_inches < 0:
        raise ValueError("A distance is a finite number of inches, 0 or more.")
    lower, upper = band_limits(range_min, range_max)
    above_lower = lower is None or distance_inches > lower + EPSILON
    return above_lower and distance_inches <= upper + EPSILON


def attack_modes(weapon_or_slug: Weapon | str, distance_inches: float) -> tuple[str, ...]:
    """How this weapon can attack a model at this distance: "shot", "combat" and/or "throw".

    A firearm shoots within its band (a derringer's band is base contact: "used in base to
    base combat as a shot vs defence test"). A melee weapon fights in base contact; the
    hunting knife "can be thrown in 1 distance" as a shot with the shooter's shot value.
    """
    w = weapon(weapon_or_slug) if isinstance(weapon_or_slug, str) else weapon_or_slug
    modes: list[str] = []
    if in_band(w.range_min, w.range_max, distance_inches):
        modes.append(COMBAT if w.is_melee else SHOT)
    if w.can_be_thrown and in_band(w.thrown_range_min, w.thrown_range_max, distance_inches):
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
