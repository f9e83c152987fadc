"""The town marketplace: buying at full market value, selling at half.

"Goods earnt in the mission can be sold to the town marketplace for 50% of full market
value." Second-hand equipment sells for 50% of its market value too (rosters issue).
Decision: credits are whole numbers and a sale rounds DOWN (the trader keeps the odd credit),
so a 25-credit beaver pelt fetches 12. Buying costs the full catalogue price. Equipment
buried with a dead fighter is gone and cannot be sold (post_game.apply_injury).
"""

from __future__ import annotations

from rulesets.core.errors import InvalidInput
from rulesets.last_hope_frontier.catalogue import Entry, Goods, catalogue


def sale_price(market_value: int) -> int:
    """50% of full market value, rounded down to whole credits."""
    if market_value < 0:
        raise ValueError("A market value is never negative.")
    return market_value * catalogue().sale_percent // 100


def _entry(slug: str, field: str) -> Entry:
    entry = catalogue().entries.get(slug) if isinstance(slug, str) else None
    if entry is None:
        raise InvalidInput(field, f"'{slug}' is not in the catalogue.")
    return entry


def goods_sale_price(slug: str, *, field: str = "goods") -> int:
    """What the marketplace pays for goods found in a mission."""
    entry = _entry(slug, field)
    if not isinstance(entry, Goods):
        raise InvalidInput(field, f"{entry.name} is not goods; sell it as equipment.")
    return sale_price(entry.market_value)


def resale_price(slug: str, *, field: str = "equipment") -> int:
    """What the marketplace pays for second-hand equipment (or goods): half its price."""
    return sale_price(_entry(slug, field).price)


def purchase_price(slug: str, *, field: str = "equipment") -> int:
    """Full market value; goods are loot and are not for sale to gangs."""
    entry = _entry(slug, field)
    if not entry.purchasable:
        raise InvalidInput(field, f"{entry.name} cannot be bought at the marketplace.")
    return entry.price
