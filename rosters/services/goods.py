"""What a gang finds in a mission (recorded by an arbitrator or the post-game) - goods, and
the seed's "campaign findable items", which join the stash as equipment - and the sale of
goods at the town marketplace."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from rosters.errors import (
    RosterError,
)
from rosters.models import (
    CatalogueItem,
    Equipment,
    Gang,
    Goods,
    LedgerEntry,
)
from rosters.services.common import Kind, Reason, _event, _lock
from rosters.services.ledger import _post
from rosters.services.writes import _refresh_totals
from rulesets.last_hope_frontier import marketplace


@transaction.atomic
def add_goods(*, gang: Gang, item: str, actor, note: str = "", at: dict | None = None) -> Goods:
    """Goods found; ``note``: a person's words; ``at``: where (``common.where``)."""
    gang = _lock(gang)
    entry = CatalogueItem.objects.filter(slug=item, kind=CatalogueItem.Kind.GOODS).first()
    if entry is None:
        raise RosterError(
            _("'%(item)s' is not a kind of goods in the catalogue.") % {"item": item},
            field="goods",
        )
    goods = Goods.objects.create(
        gang=gang, item=entry, name=entry.name, market_value=entry.price, note=note
    )
    words = {"goods": entry.name.lower(), "worth": entry.price, "note": note, **(at or {})}
    _event(gang, Kind.GOODS, None, actor=actor, code="found_goods", params=words)
    _refresh_totals(gang)
    return goods


def findable_slugs() -> list[str]:
    """What a battle can turn up: goods, and the items the seed lists as "Other purchasable/
    campaign findable items" (every catalogue entry of kind item: whiskey, hooch, dynamite,
    rabbit's foot, horse, town map)."""
    kinds = [CatalogueItem.Kind.GOODS, CatalogueItem.Kind.ITEM]
    return sorted(CatalogueItem.objects.filter(kind__in=kinds).values_list("slug", flat=True))


@transaction.atomic
def find_item(*, gang: Gang, item: str, actor, note: str = "", at: dict | None = None) -> Equipment:
    """A findable item found in a mission: equipment in the stash, price paid 0 (nobody paid
    for it: it adds nothing to the rating, and sells at half its market value like any
    other). The carry rules apply when it is given to a fighter (equipment.move_equipment)."""
    gang = _lock(gang)
    entry = CatalogueItem.objects.filter(slug=item, kind=CatalogueItem.Kind.ITEM).first()
    if entry is None:
        raise RosterError(
            _("'%(item)s' is not a findable item of the catalogue.") % {"item": item},
            field="item",
        )
    found = Equipment.objects.create(
        gang=gang, fighter=None, item=entry, price_paid=0, catalogue_revision=entry.revision
    )
    words = {"item": entry.name.lower(), "note": note, **(at or {})}
    _event(gang, Kind.GOODS, None, actor=actor, code="found_item", params=words)
    _refresh_totals(gang)
    return found


def add_found(
    *, gang: Gang, slug: str, actor, note: str = "", at: dict | None = None
) -> Goods | Equipment:
    """Goods become goods; a findable item becomes equipment in the stash."""
    kind = CatalogueItem.objects.filter(slug=slug).values_list("kind", flat=True).first()
    if kind == CatalogueItem.Kind.ITEM:
        return find_item(gang=gang, item=slug, actor=actor, note=note, at=at)
    return add_goods(gang=gang, item=slug, actor=actor, note=note, at=at)


@transaction.atomic
def sell_goods(*, gang: Gang, goods_id: int, actor) -> LedgerEntry:
    """Rule: "Goods earnt in the mission can be sold to the town marketplace for 50% of full
    market value." (rounded down: rulesets/last_hope_frontier/marketplace.py)"""
    gang = _lock(gang)
    goods = (
        Goods.objects.filter(pk=goods_id, gang=gang).first() if isinstance(goods_id, int) else None
    )
    if goods is None:
        raise RosterError(_("No such goods in this gang."), field="goods")
    if goods.sold_at:
        raise RosterError(
            _("The %(goods)s was already sold.") % {"goods": goods.name.lower()}, field="goods"
        )
    price = marketplace.sale_price(goods.market_value)
    goods.sold_at = timezone.now()
    goods.sold_for = price
    goods.save(update_fields=["sold_at", "sold_for"])
    entry = _post(
        gang,
        amount=price,
        reason=Reason.SALE,
        actor=actor,
        note=f"Sold {goods.name.lower()} at the marketplace",
        code="sold_goods_note",
        params={"goods": goods.name.lower()},
    )
    _event(
        gang,
        Kind.SALE,
        f"Sold {goods.name.lower()} (worth {goods.market_value}) for {price} credits.",
        actor=actor,
        code="sold_goods",
        params={"goods": goods.name.lower(), "worth": goods.market_value, "price": price},
    )
    _refresh_totals(gang)
    return entry
