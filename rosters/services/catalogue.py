"""The catalogue's market prices: a change is logged, and never reprices what was bought."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from rosters.errors import (
    RosterError,
)
from rosters.models import (
    CatalogueItem,
    PriceChange,
)


@transaction.atomic
def change_price(*, item: CatalogueItem, price: int, actor) -> CatalogueItem:
    """A new market price. What gangs already bought keeps its price paid."""
    item = CatalogueItem.objects.select_for_update().get(pk=item.pk)
    if price < 0:
        raise RosterError(_("A price cannot be negative."), field="price")
    if price == item.price:
        return item
    PriceChange.objects.create(
        item=item, old_price=item.price, new_price=price, revision=item.revision + 1, actor=actor
    )
    item.price = price
    item.revision += 1
    item.save(update_fields=["price", "revision"])
    return item
