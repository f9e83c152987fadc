"""Equipment: who may carry what, buying it at the store, moving it between fighters and
the stash, selling it at the marketplace, and using it up in a live battle."""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.utils import timezone
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from rosters.errors import (
    CarryError,
    RosterError,
)
from rosters.models import (
    CatalogueItem,
    Equipment,
    Fighter,
    Gang,
    GangRules,
    LedgerEntry,
)
from rosters.services.common import Kind, Reason, _event, _lock, gang_rules
from rosters.services.fighters import _active_fighter
from rosters.services.writes import GangWrite, _refresh_totals, check_affordable
from rulesets.core.words import counted
from rulesets.last_hope_frontier import marketplace

MAX_QUANTITY = 20


def _carry_category(item: CatalogueItem) -> str:
    if item.kind == CatalogueItem.Kind.WEAPON:
        return "slug_weapons" if item.weapon_type == "slug" else "melee_weapons"
    return {"clothing": "clothing", "item": "items"}[item.kind]


DISPOSAL_WORDS = {
    "sold": gettext_noop("sold"),
    "buried": gettext_noop("buried"),
    "used": gettext_noop("used"),
    "lost": gettext_noop("lost"),
    "refunded": gettext_noop("refunded"),
}


def _category_limit(category: str, limit: int) -> str:
    """The carry limit of a category in a sentence whose noun agrees with the limit in each
    language (one sentence each: a translator cannot decline a noun passed in)."""
    if category == "slug_weapons":
        return ngettext(
            "A fighter may carry at most %(limit)s firearm; %(fighter)s has %(count)s.",
            "A fighter may carry at most %(limit)s firearms; %(fighter)s has %(count)s.",
            limit,
        )
    if category == "melee_weapons":
        return ngettext(
            "A fighter may carry at most %(limit)s melee weapon; %(fighter)s has %(count)s.",
            "A fighter may carry at most %(limit)s melee weapons; %(fighter)s has %(count)s.",
            limit,
        )
    if category == "clothing":
        return ngettext(
            "A fighter may carry at most %(limit)s set of padded clothing; "
            "%(fighter)s has %(count)s.",
            "A fighter may carry at most %(limit)s sets of padded clothing; "
            "%(fighter)s has %(count)s.",
            limit,
        )
    return ngettext(
        "A fighter may carry at most %(limit)s item; %(fighter)s has %(count)s.",
        "A fighter may carry at most %(limit)s items; %(fighter)s has %(count)s.",
        limit,
    )


def check_can_carry(*, fighter: Fighter, item: CatalogueItem, quantity: int = 1) -> None:
    """Who may carry what: allowed roles, per-item limits and per-category carry limits."""
    held = Equipment.objects.filter(fighter=fighter, disposal="").select_related("item")
    check_carry_limits(
        role=fighter.role.slug,
        fighter_name=fighter.name,
        held=[e.item for e in held],
        item=item,
        quantity=quantity,
    )


def check_carry_limits(
    *,
    role: str,
    fighter_name: str,
    held: list[CatalogueItem],
    item: CatalogueItem,
    quantity=1,
    rules: GangRules | None = None,
) -> None:
    """The carry rule on plain values: a fighter of ``role`` holding ``held`` takes
    ``quantity`` more ``item`` (purchases and moves ask through ``check_can_carry``; an
    import asks for each item of a fighter it has not written yet; the buy list for each
    item, with ``rules`` read once)."""
    if role not in item.allowed_roles:
        words = {"item": item.name.lower(), "fighter": fighter_name, "role": role}
        if not item.allowed_roles:
            said = _("Nobody may carry a %(item)s.") % words
        else:
            # Roles are the catalogue's words, as it spells them; "or" is the reader's
            # (Django's get_text_list and its own translations).
            said = _("Only a %(roles)s may carry a %(item)s; %(fighter)s is a %(role)s.") % {
                **words,
                "roles": get_text_list(list(item.allowed_roles)),
            }
        raise CarryError(said, field="fighter")
    same = sum(1 for h in held if h.pk == item.pk)
    if item.max_per_fighter is not None and same + quantity > item.max_per_fighter:
        most = counted(item.max_per_fighter, item.name.lower())
        raise CarryError(
            _("A fighter may carry at most %(items)s; %(fighter)s has %(count)s.")
            % {"items": most, "fighter": fighter_name, "count": same},
            field="quantity",
        )
    category = _carry_category(item)
    limit = (rules or gang_rules()).carry_limits[category]
    in_category = sum(1 for h in held if _carry_category(h) == category)
    if in_category + quantity > limit:
        raise CarryError(
            _category_limit(category, limit)
            % {"limit": limit, "fighter": fighter_name, "count": in_category},
            field="quantity",
        )


def check_purchasable(entry: CatalogueItem) -> None:
    """The store sells equipment, never goods (found in battles) or loot."""
    if not entry.purchasable or entry.kind == CatalogueItem.Kind.GOODS:
        raise RosterError(
            _("%(item)s cannot be bought at the store.") % {"item": entry.name}, field="item"
        )


# Every purchase reads its item by slug: SQL written once, through ``raw()`` (what the ORM
# spent building and compiling the query cost more than running it; docs/performance.md).
_BY_SLUG = f"SELECT * FROM {CatalogueItem._meta.db_table} WHERE slug = %s"


def store_entry(item: str) -> CatalogueItem:
    """The catalogue entry the store sells under the slug ``item``, or the refusal."""
    entry = next(iter(CatalogueItem.objects.raw(_BY_SLUG, [str(item)])), None)
    if entry is None:
        raise RosterError(_("'%(item)s' is not in the catalogue.") % {"item": item}, field="item")
    check_purchasable(entry)
    return entry


def _quantity_checked(quantity) -> int:
    if (
        not isinstance(quantity, int)
        or isinstance(quantity, bool)
        or not 1 <= quantity <= MAX_QUANTITY
    ):
        raise RosterError(
            _("Quantity must be a whole number from 1 to %(most)s.") % {"most": MAX_QUANTITY},
            field="quantity",
        )
    return quantity


@transaction.atomic
def purchase_item(
    *,
    gang: Gang | int,
    item: str,
    fighter_id: int | None,
    quantity: int,
    actor,
    check: Callable[[Gang], None] | None = None,
) -> list[Equipment]:
    """Buy ``quantity`` of the catalogue's ``item`` for a fighter of the gang or its stash.

    ``check`` is the caller's access rule (rosters.access), asked of the gang as locked
    before anything else is refused."""
    gang = _lock(gang)
    if check is not None:
        check(gang)
    _quantity_checked(quantity)
    entry = store_entry(item)
    fighter = None
    if fighter_id is not None:
        fighter = _active_fighter(gang, fighter_id)
        check_can_carry(fighter=fighter, item=entry, quantity=quantity)
    cost = entry.price * quantity
    check_affordable(cost=cost, credits=gang.credits, field="item")
    where = f"for {fighter.name}" if fighter else "for the stash"
    label = entry.name if quantity == 1 else f"{quantity} × {entry.name}"
    write = GangWrite(gang)
    write.post(
        amount=-cost,
        reason=Reason.PURCHASE,
        actor=actor,
        field="item",
        note=f"Bought {label} {where}",
        code="bought_for_note" if fighter else "bought_note",
        params={"item": entry.name, "count": quantity, "fighter": fighter.name if fighter else ""},
    )
    bought = write.add(
        [
            Equipment(
                gang=gang,
                fighter=fighter,
                item=entry,
                price_paid=entry.price,
                catalogue_revision=entry.revision,
            )
            for _ in range(quantity)
        ]
    )
    write.event(
        Kind.PURCHASE,
        f"Bought {label} {where} for {cost} credits.",
        actor=actor,
        code="bought_for" if fighter else "bought",
        params={
            "item": entry.name,
            "count": quantity,
            "fighter": fighter.name if fighter else "",
            "cost": cost,
        },
        fighter=fighter,
    )
    write.send()
    return bought


def _held_equipment(gang: Gang, equipment_id, *, field: str = "equipment") -> Equipment:
    """The gang's piece of equipment ``equipment_id`` with its catalogue item (its fighter,
    if any, is read when asked for)."""
    found = None
    if isinstance(equipment_id, int) and not isinstance(equipment_id, bool):
        found = Equipment.objects.select_related("item").filter(pk=equipment_id).first()
    if found is None or found.gang_id != gang.pk:
        raise RosterError(_("No such equipment in this gang."), field=field)
    return _still_held(found, field)


def _still_held(equipment: Equipment, field: str) -> Equipment:
    if not equipment.held:
        how = _(DISPOSAL_WORDS.get(equipment.disposal, equipment.disposal))
        said = _("That %(item)s is no longer the gang's (%(how)s).")
        raise RosterError(said % {"item": equipment.item.name.lower(), "how": how}, field=field)
    return equipment


def _moved_code(from_stash: bool, to_stash: bool) -> str:
    """The history line's code for a move (rosters/history_lines.py)."""
    if from_stash:
        return "moved_from_stash"
    return "moved_to_stash" if to_stash else "moved"


@transaction.atomic
def move_equipment(*, gang: Gang, equipment_id: int, fighter_id: int | None, actor) -> Equipment:
    gang = _lock(gang)
    equipment = _held_equipment(gang, equipment_id)
    source = equipment.fighter.name if equipment.fighter else "the stash"
    from_stash, target = equipment.fighter is None, None
    if fighter_id is not None:
        target = _active_fighter(gang, fighter_id)
        if equipment.fighter_id == target.pk:
            raise RosterError(
                _("%(fighter)s already carries it.") % {"fighter": target.name}, field="fighter"
            )
        check_can_carry(fighter=target, item=equipment.item)
    equipment.fighter = target
    equipment.save(update_fields=["fighter"])
    _event(
        gang,
        Kind.MOVED,
        f"Moved a {equipment.item.name.lower()} from {source} to "
        f"{target.name if target else 'the stash'}.",
        actor=actor,
        fighter=target,
        code=_moved_code(from_stash, target is None),
        params={
            "item": equipment.item.name.lower(),
            "from": source,
            "to": target.name if target else "",
        },
    )
    return equipment


@transaction.atomic
def sell_equipment(
    *, gang: Gang | int, equipment_id: int, actor, check: Callable[[Gang], None] | None = None
) -> LedgerEntry:
    """Equipment sells at the marketplace for half its current market value (rounded down).
    ``check``: as for ``purchase_item``."""
    gang = _lock(gang)
    if check is not None:
        check(gang)
    equipment = _held_equipment(gang, equipment_id)
    price = marketplace.sale_price(equipment.item.price)
    name = equipment.item.name.lower()
    write = GangWrite(gang)
    write.dispose(equipment, Equipment.Disposal.SOLD)
    entry = write.post(
        amount=price,
        reason=Reason.SALE,
        actor=actor,
        note=f"Sold a {name} at the marketplace",
        code="sold_note",
        params={"item": name},
    )
    coded = {"code": "sold", "params": {"item": name, "price": price}}
    write.event(Kind.SALE, f"Sold a {name} for {price} credits.", actor=actor, **coded)
    write.send()
    return entry


@transaction.atomic
def use_up(
    *, fighter_id: int, item: str, note: str = "", at: dict | None = None
) -> Equipment | None:
    """An item spent in a live battle (a drink, dynamite, a thrown knife...) leaves the gang;
    ``at``: the battle (``common.where``).

    The gang is locked first, as by every other roster write (a sale of the same item takes
    the gang's lock, then the item's): locking the item first, as this did, let a sale and a
    battle each hold one lock and wait for the other, a deadlock PostgreSQL ends by failing
    one of them."""
    gang_id = Fighter.objects.filter(pk=fighter_id).values_list("gang_id", flat=True).first()
    if gang_id is None:
        return None
    gang = _lock(gang_id)
    used = (
        Equipment.objects.select_for_update(no_key=True, of=("self",))
        .select_related("item", "fighter")
        .filter(fighter_id=fighter_id, item__slug=item, disposal="")
        .order_by("id")
        .first()
    )
    if used is None:
        return None  # already gone (sold, buried): nothing to take
    used.disposal = Equipment.Disposal.USED
    used.disposed_at = timezone.now()
    used.save(update_fields=["disposal", "disposed_at"])
    words = {"fighter": used.fighter.name, "item": used.item.name.lower(), "note": note}
    words.update(at or {})
    _event(gang, Kind.BATTLE, None, fighter=used.fighter, code="used_up", params=words)
    _refresh_totals(gang)
    return used
