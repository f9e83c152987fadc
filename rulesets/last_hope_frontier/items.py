"""Other purchasable / campaign-findable items: whiskey, hooch, rabbit's foot, horse, town map.

Dynamite has its own procedure (dynamite.py). Who may carry what, and how many, is checked
at gang creation (gang_creation.py) from the catalogue's ``allowed_roles``/``max_per_fighter``.
"""

from __future__ import annotations

from rulesets.core.errors import IllegalAction
from rulesets.last_hope_frontier.catalogue import Item, catalogue
from rulesets.last_hope_frontier.wounds import heal


def _item(slug: str) -> Item:
    entry = catalogue().entries.get(slug)
    if not isinstance(entry, Item):
        raise IllegalAction(f"'{slug}' is not an item.")
    return entry


def drink(slug: str, *, wounds_left: int, max_wounds: int) -> int:
    """Whiskey ("heals one wound") or hooch ("heals two wounds"): a free action during the
    movement phase, used up. Returns the new wounds left, never above the current maximum.

    Decisions: the carrier drinks it itself; a fighter already at full wounds may not waste it.
    """
    item = _item(slug)
    if item.effect != "heal":
        raise IllegalAction(f"{item.name} cannot be drunk to heal.")
    if wounds_left >= max_wounds:
        raise IllegalAction("The fighter is already at full wounds.")
    return heal(wounds_left, max_wounds, item.heal)


def can_ride(role: str) -> bool:
    """Rule: "Horse - only usable by leader or deputy"."""
    return catalogue().entry("horse").allows(role)


def can_hold_town_map(role: str) -> bool:
    """Rule: "Town map - held by leader/deputy"."""
    return catalogue().entry("town-map").allows(role)


def initiative_bonus(feet_spent: int, feet_held: int) -> int:
    """Rule: "Rabbits foot - held by leader, can spend 1 per rabbits foot to increase value
    of high card draw card for first turn initiative": +1 per foot spent (decision), used up.
    """
    if feet_spent < 0:
        raise IllegalAction("You cannot spend a negative number of rabbit's feet.")
    if feet_spent > feet_held:
        raise IllegalAction(f"You hold only {feet_held} rabbit's feet.")
    return feet_spent * catalogue().entry("rabbits-foot").initiative_bonus


def models_to_set_up(*, spend_map: bool, models_left: int) -> int:
    """Setup: players take turns setting up one model; "Spend the map and two models can set
    up on a players turn". Spending it with a single model left to place is not allowed."""
    if models_left < 1:
        raise IllegalAction("You have no models left to set up.")
    if not spend_map:
        return 1
    if models_left < 2:
        raise IllegalAction("A town map needs two models left to set up.")
    return catalogue().entry("town-map").setup_models
