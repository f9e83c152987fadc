"""Every write to a gang. Each function locks the gang row, checks the rules, writes the
ledger and history, and recomputes credits, rating and wealth in the same transaction."""

from __future__ import annotations

from collections import Counter

from django.db import transaction
from django.db.models import Max, Sum
from django.utils import timezone

from rosters.errors import (
    CarryError,
    CompositionError,
    FighterUnavailable,
    InsufficientCredits,
    NotYourGang,
    RosterError,
)
from rosters.models import (
    STATS,
    Advancement,
    CatalogueItem,
    Equipment,
    Fighter,
    FlipDraw,
    FlipResolution,
    Gang,
    GangEvent,
    GangRules,
    Goods,
    Injury,
    LedgerEntry,
    PriceChange,
    Role,
)
from rulesets.core.cards import parse_card
from rulesets.core.errors import IllegalAction
from rulesets.core.rng import Rng
from rulesets.last_hope_frontier import marketplace, post_game

RULESET = "last-hope-frontier"
MAX_QUANTITY = 20
Reason = LedgerEntry.Reason
Kind = GangEvent.Kind


# --- access -----------------------------------------------------------------------------------


def can_manage_gang(*, user, gang: Gang) -> bool:
    """Owner, staff, or an arbitrator of a campaign the gang plays in."""
    if not user or not user.is_authenticated:
        return False
    if user.is_staff or gang.owner_id == user.pk:
        return True
    from campaigns.selectors import arbitrates_gang

    return arbitrates_gang(user=user, gang=gang)


def access_gang_for_change(*, user, gang_id: int) -> Gang:
    gang = Gang.objects.filter(pk=gang_id).first()
    if gang is None:
        from django.http import Http404

        raise Http404
    if not can_manage_gang(user=user, gang=gang):
        raise NotYourGang()
    return gang


def gang_rules() -> GangRules:
    return GangRules.objects.get(ruleset=RULESET)


def _lock(gang: Gang) -> Gang:
    return Gang.objects.select_for_update().get(pk=gang.pk)


# --- money and totals ---------------------------------------------------------------------------


def _post(gang: Gang, *, amount: int, reason: str, note: str, actor, field: str = "amount"):
    """Append a ledger row. ``gang`` must be locked by the caller."""
    balance = gang.credits + amount
    if balance < 0:
        raise InsufficientCredits(needed=-amount, available=gang.credits, field=field)
    entry = LedgerEntry.objects.create(
        gang=gang, amount=amount, reason=reason, balance_after=balance, note=note, actor=actor
    )
    gang.credits = balance
    return entry


def _event(gang: Gang, kind: str, text: str, *, actor=None, fighter=None) -> GangEvent:
    return GangEvent.objects.create(gang=gang, kind=kind, text=text, actor=actor, fighter=fighter)


def _refresh_totals(gang: Gang) -> None:
    """Recompute rating and wealth from the rows, never from deltas, and save the gang.

    Rating = hire cost of active fighters + price paid for equipment the gang holds.
    Wealth = rating + credits + market value of unsold goods.
    """
    fighters = (
        Fighter.objects.filter(gang=gang, status=Fighter.Status.ACTIVE).aggregate(
            t=Sum("hire_cost")
        )["t"]
        or 0
    )
    kit = Equipment.objects.filter(gang=gang, disposal="").aggregate(t=Sum("price_paid"))["t"] or 0
    goods = (
        Goods.objects.filter(gang=gang, sold_at__isnull=True).aggregate(t=Sum("market_value"))["t"]
        or 0
    )
    gang.rating = fighters + kit
    gang.wealth = gang.rating + gang.credits + goods
    gang.save(update_fields=["credits", "rating", "wealth", "updated_at"])


def ledger_balance(gang: Gang) -> int:
    return LedgerEntry.objects.filter(gang=gang).aggregate(t=Sum("amount"))["t"] or 0


def reconcile_credits() -> list[dict]:
    """Every gang whose stored credits differ from its ledger's sum (should be none)."""
    sums = dict(
        LedgerEntry.objects.values_list("gang").annotate(t=Sum("amount")).values_list("gang", "t")
    )
    return [
        {"gang": gang_id, "credits": credits, "ledger": sums.get(gang_id, 0)}
        for gang_id, credits in Gang.objects.values_list("id", "credits")
        if credits != sums.get(gang_id, 0)
    ]


# --- gangs and fighters --------------------------------------------------------------------------


@transaction.atomic
def create_gang(*, owner, name: str, faction: str, notes: str = "") -> Gang:
    if faction not in Gang.Faction.values:
        raise RosterError(
            f"'{faction}' is not a faction: choose one of {', '.join(Gang.Faction.values)}.",
            field="faction",
        )
    if Gang.objects.filter(owner=owner, name__iexact=name).exists():
        raise RosterError("You already have a gang with this name.", field="name")
    gang = Gang.objects.create(owner=owner, name=name, faction=faction, notes=notes)
    treasury = gang_rules().starting_treasury
    _post(
        gang,
        amount=treasury,
        reason=Reason.STARTING_TREASURY,
        note="Starting treasury",
        actor=owner,
    )
    _event(
        gang,
        Kind.CREATED,
        f"{name} rode into town ({faction}) with {treasury} credits.",
        actor=owner,
    )
    _refresh_totals(gang)
    return gang


@transaction.atomic
def hire_fighter(*, gang: Gang, name: str, role: str, actor) -> Fighter:
    gang = _lock(gang)
    role_row = Role.objects.filter(slug=role).first()
    if role_row is None:
        slugs = ", ".join(Role.objects.values_list("slug", flat=True))
        raise RosterError(f"'{role}' is not a role: choose one of {slugs}.", field="role")
    rules = gang_rules()
    active = Counter(
        Fighter.objects.filter(gang=gang, status=Fighter.Status.ACTIVE).values_list(
            "role__slug", flat=True
        )
    )
    if active[role] >= role_row.max_count:
        raise CompositionError(
            f"A gang may have at most {role_row.max_count} {role_row.name.lower()}"
            f"{'' if role_row.max_count == 1 else 's'}; this gang has {active[role]}.",
            field="role",
        )
    if sum(active.values()) >= rules.max_fighters:
        raise CompositionError(
            f"A gang may have at most {rules.max_fighters} fighters.", field="role"
        )
    fighter = Fighter.objects.create(
        gang=gang, name=name, role=role_row, hire_cost=role_row.hire_cost, **role_row.stat_line()
    )
    _post(
        gang,
        amount=-role_row.hire_cost,
        reason=Reason.HIRE,
        actor=actor,
        field="role",
        note=f"Hired {role_row.name.lower()} {name}",
    )
    _event(
        gang,
        Kind.HIRED,
        f"Hired {role_row.name.lower()} {name} for {role_row.hire_cost} credits.",
        actor=actor,
        fighter=fighter,
    )
    _refresh_totals(gang)
    return fighter


def _active_fighter(
    gang: Gang, fighter_id, *, field: str = "fighter", lock: bool = False
) -> Fighter:
    query = Fighter.objects.select_related("role")
    if lock:
        query = query.select_for_update()
    fighter = (
        query.filter(pk=fighter_id, gang=gang).first() if isinstance(fighter_id, int) else None
    )
    if fighter is None:
        raise RosterError("No such fighter in this gang.", field=field)
    if not fighter.is_active:
        raise FighterUnavailable(
            f"{fighter.name} is {fighter.status} and cannot do that.", field=field
        )
    return fighter


@transaction.atomic
def retire_fighter(*, gang: Gang, fighter_id: int, actor) -> Fighter:
    """Retire a fighter. Their equipment goes to the stash.

    Refund rule (our decision, docs/rules/last-hope-frontier.md): before the gang's first
    battle the hire cost is refunded in full (fixing a roster while building it); after that
    nothing is refunded — a fighter who leaves takes their wages with them.
    """
    gang = _lock(gang)
    fighter = _active_fighter(gang, fighter_id)
    fighter.status = Fighter.Status.RETIRED
    fighter.left_at = timezone.now()
    fighter.save(update_fields=["status", "left_at"])
    Equipment.objects.filter(fighter=fighter, disposal="").update(fighter=None)
    if gang.battles == 0:
        _post(
            gang,
            amount=fighter.hire_cost,
            reason=Reason.REFUND,
            actor=actor,
            note=f"{fighter.name} removed before the gang's first battle",
        )
        text = f"{fighter.name} was removed from the roster; {fighter.hire_cost} credits refunded."
    else:
        text = f"{fighter.name} retired; their equipment went to the stash."
    _event(gang, Kind.RETIRED, text, actor=actor, fighter=fighter)
    _refresh_totals(gang)
    return fighter


# --- equipment ----------------------------------------------------------------------------------


def _carry_category(item: CatalogueItem) -> str:
    if item.kind == CatalogueItem.Kind.WEAPON:
        return "slug_weapons" if item.weapon_type == "slug" else "melee_weapons"
    return {"clothing": "clothing", "item": "items"}[item.kind]


_CATEGORY_WORDS = {
    "slug_weapons": "firearms",
    "melee_weapons": "melee weapons",
    "clothing": "sets of padded clothing",
    "items": "items",
}


def check_can_carry(*, fighter: Fighter, item: CatalogueItem, quantity: int = 1) -> None:
    """Who may carry what: allowed roles, per-item limits and per-category carry limits."""
    if fighter.role.slug not in item.allowed_roles:
        allowed = " or ".join(item.allowed_roles) or "nobody"
        raise CarryError(
            f"Only a {allowed} may carry a {item.name.lower()}; {fighter.name} is a "
            f"{fighter.role.slug}.",
            field="fighter",
        )
    held = list(Equipment.objects.filter(fighter=fighter, disposal="").select_related("item"))
    same = sum(1 for e in held if e.item_id == item.pk)
    if item.max_per_fighter is not None and same + quantity > item.max_per_fighter:
        raise CarryError(
            f"A fighter may carry at most {item.max_per_fighter} {item.name.lower()}; "
            f"{fighter.name} has {same}.",
            field="quantity",
        )
    category = _carry_category(item)
    limit = gang_rules().carry_limits[category]
    in_category = sum(1 for e in held if _carry_category(e.item) == category)
    if in_category + quantity > limit:
        raise CarryError(
            f"A fighter may carry at most {limit} {_CATEGORY_WORDS[category]}; "
            f"{fighter.name} has {in_category}.",
            field="quantity",
        )


@transaction.atomic
def purchase_item(
    *, gang: Gang, item: str, fighter_id: int | None, quantity: int, actor
) -> list[Equipment]:
    gang = _lock(gang)
    if (
        not isinstance(quantity, int)
        or isinstance(quantity, bool)
        or not 1 <= quantity <= MAX_QUANTITY
    ):
        raise RosterError(
            f"Quantity must be a whole number from 1 to {MAX_QUANTITY}.", field="quantity"
        )
    entry = CatalogueItem.objects.filter(slug=item).first()
    if entry is None:
        raise RosterError(f"'{item}' is not in the catalogue.", field="item")
    if not entry.purchasable or entry.kind == CatalogueItem.Kind.GOODS:
        raise RosterError(f"{entry.name} cannot be bought at the store.", field="item")
    fighter = None
    if fighter_id is not None:
        fighter = _active_fighter(gang, fighter_id)
        check_can_carry(fighter=fighter, item=entry, quantity=quantity)
    cost = entry.price * quantity
    if cost > gang.credits:
        raise InsufficientCredits(needed=cost, available=gang.credits)
    where = f"for {fighter.name}" if fighter else "for the stash"
    label = entry.name if quantity == 1 else f"{quantity} × {entry.name}"
    _post(
        gang,
        amount=-cost,
        reason=Reason.PURCHASE,
        actor=actor,
        field="item",
        note=f"Bought {label} {where}",
    )
    bought = Equipment.objects.bulk_create(
        Equipment(
            gang=gang,
            fighter=fighter,
            item=entry,
            price_paid=entry.price,
            catalogue_revision=entry.revision,
        )
        for _ in range(quantity)
    )
    _event(
        gang,
        Kind.PURCHASE,
        f"Bought {label} {where} for {cost} credits.",
        actor=actor,
        fighter=fighter,
    )
    _refresh_totals(gang)
    return bought


def _held_equipment(gang: Gang, equipment_id, *, field: str = "equipment") -> Equipment:
    found = (
        Equipment.objects.select_related("item", "fighter")
        .filter(pk=equipment_id, gang=gang)
        .first()
        if isinstance(equipment_id, int)
        else None
    )
    if found is None:
        raise RosterError("No such equipment in this gang.", field=field)
    if not found.held:
        raise RosterError(
            f"That {found.item.name.lower()} is no longer the gang's ({found.disposal}).",
            field=field,
        )
    return found


@transaction.atomic
def move_equipment(*, gang: Gang, equipment_id: int, fighter_id: int | None, actor) -> Equipment:
    gang = _lock(gang)
    equipment = _held_equipment(gang, equipment_id)
    source = equipment.fighter.name if equipment.fighter else "the stash"
    target = None
    if fighter_id is not None:
        target = _active_fighter(gang, fighter_id)
        if equipment.fighter_id == target.pk:
            raise RosterError(f"{target.name} already carries it.", field="fighter")
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
    )
    return equipment


@transaction.atomic
def sell_equipment(*, gang: Gang, equipment_id: int, actor) -> LedgerEntry:
    """Equipment sells at the marketplace for half its current market value (rounded down)."""
    gang = _lock(gang)
    equipment = _held_equipment(gang, equipment_id)
    price = marketplace.sale_price(equipment.item.price)
    equipment.disposal = Equipment.Disposal.SOLD
    equipment.disposed_at = timezone.now()
    equipment.save(update_fields=["disposal", "disposed_at"])
    entry = _post(
        gang,
        amount=price,
        reason=Reason.SALE,
        actor=actor,
        note=f"Sold a {equipment.item.name.lower()} at the marketplace",
    )
    _event(
        gang, Kind.SALE, f"Sold a {equipment.item.name.lower()} for {price} credits.", actor=actor
    )
    _refresh_totals(gang)
    return entry


@transaction.atomic
def sell_goods(*, gang: Gang, goods_id: int, actor) -> LedgerEntry:
    """Rule: "Goods earnt in the mission can be sold to the town marketplace for 50% of full
    market value." (rounded down: rulesets/last_hope_frontier/marketplace.py)"""
    gang = _lock(gang)
    goods = (
        Goods.objects.filter(pk=goods_id, gang=gang).first() if isinstance(goods_id, int) else None
    )
    if goods is None:
        raise RosterError("No such goods in this gang.", field="goods")
    if goods.sold_at:
        raise RosterError(f"The {goods.name.lower()} was already sold.", field="goods")
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
    )
    _event(
        gang,
        Kind.SALE,
        f"Sold {goods.name.lower()} (worth {goods.market_value}) for {price} credits.",
        actor=actor,
    )
    _refresh_totals(gang)
    return entry


# --- campaign effects (called by campaigns' post-game and arbitrators) --------------------------


@transaction.atomic
def adjust_credits(
    *, gang: Gang, amount: int, note: str, actor, reason: str = Reason.ADJUSTMENT
) -> LedgerEntry:
    gang = _lock(gang)
    if not note.strip():
        raise RosterError("Say why the credits change.", field="note")
    entry = _post(gang, amount=amount, reason=reason, note=note, actor=actor)
    kind = Kind.REWARD if reason == Reason.REWARD else Kind.ADJUSTMENT
    _event(gang, kind, f"{'+' if amount >= 0 else ''}{amount} credits: {note}", actor=actor)
    _refresh_totals(gang)
    return entry


@transaction.atomic
def add_goods(*, gang: Gang, item: str, actor, note: str = "") -> Goods:
    gang = _lock(gang)
    entry = CatalogueItem.objects.filter(slug=item, kind=CatalogueItem.Kind.GOODS).first()
    if entry is None:
        raise RosterError(f"'{item}' is not a kind of goods in the catalogue.", field="goods")
    goods = Goods.objects.create(
        gang=gang, item=entry, name=entry.name, market_value=entry.price, note=note
    )
    _event(
        gang,
        Kind.GOODS,
        f"Found {entry.name.lower()} (market value {entry.price}). {note}".strip(),
        actor=actor,
    )
    _refresh_totals(gang)
    return goods


@transaction.atomic
def use_up(*, fighter_id: int, item: str, note: str = "") -> Equipment | None:
    """An item spent in a live battle (a drink, dynamite, a thrown knife...) leaves the gang."""
    used = (
        Equipment.objects.select_for_update()
        .select_related("item", "fighter", "gang")
        .filter(fighter_id=fighter_id, item__slug=item, disposal="")
        .order_by("id")
        .first()
    )
    if used is None:
        return None  # already gone (sold, buried): nothing to take
    used.disposal = Equipment.Disposal.USED
    used.disposed_at = timezone.now()
    used.save(update_fields=["disposal", "disposed_at"])
    gang = _lock(used.gang)
    _event(
        gang,
        Kind.BATTLE,
        f"{used.fighter.name} used up a {used.item.name.lower()}. {note}".strip(),
        fighter=used.fighter,
    )
    _refresh_totals(gang)
    return used


@transaction.atomic
def take_out_of_action(*, fighter: Fighter, actor, note: str = "") -> Injury:
    """Post-game injury: −1 wound the first and second time; the third time the fighter dies
    and its equipment is buried with it."""
    gang = _lock(fighter.gang)
    fighter = Fighter.objects.select_for_update().get(pk=fighter.pk)
    if not fighter.is_active:
        raise FighterUnavailable(f"{fighter.name} is {fighter.status}.", field="fighter")
    injury = post_game.injury_for(fighter.times_out_of_action)
    fighter.times_out_of_action = injury.times_out_of_action
    record = Injury.objects.create(
        fighter=fighter,
        strike=injury.times_out_of_action,
        wounds_lost=injury.wounds_lost,
        fatal=injury.dead,
        note=note,
    )
    if injury.dead:
        fighter.status = Fighter.Status.DEAD
        fighter.left_at = timezone.now()
        buried = Equipment.objects.filter(fighter=fighter, disposal="").update(
            disposal=Equipment.Disposal.BURIED, disposed_at=timezone.now()
        )
        _event(
            gang,
            Kind.DEATH,
            f"{fighter.name} was taken out of action a third time and is dead; "
            f"{buried} piece(s) of equipment buried with them. {note}".strip(),
            actor=actor,
            fighter=fighter,
        )
    else:
        _event(
            gang,
            Kind.INJURY,
            f"{fighter.name} was taken out of action ({injury.times_out_of_action} of 3) and "
            f"permanently loses {injury.wounds_lost} wound. {note}".strip(),
            actor=actor,
            fighter=fighter,
        )
    fighter.save(update_fields=["times_out_of_action", "status", "left_at"])
    _refresh_totals(gang)
    return record


@transaction.atomic
def change_price(*, item: CatalogueItem, price: int, actor) -> CatalogueItem:
    """A new market price. What gangs already bought keeps its price paid."""
    item = CatalogueItem.objects.select_for_update().get(pk=item.pk)
    if price < 0:
        raise RosterError("A price cannot be negative.", field="price")
    if price == item.price:
        return item
    PriceChange.objects.create(
        item=item, old_price=item.price, new_price=price, revision=item.revision + 1, actor=actor
    )
    item.price = price
    item.revision += 1
    item.save(update_fields=["price", "revision"])
    return item


# --- advancement: card flips --------------------------------------------------------------------


@transaction.atomic
def award_flips(*, fighter: Fighter, count: int, actor, note: str = "") -> Fighter:
    """Flips earned in a battle: one for taking an enemy out, two for a killing blow."""
    fighter = Fighter.objects.select_for_update().get(pk=fighter.pk)
    if count <= 0 or not fighter.is_active:
        return fighter
    fighter.flips += count
    fighter.save(update_fields=["flips"])
    _event(
        fighter.gang,
        Kind.FLIPS,
        f"{fighter.name} earned {count} card flip{'s' if count > 1 else ''}"
        f"{': ' + note if note else ''}.",
        actor=actor,
        fighter=fighter,
    )
    return fighter


def showing_flip(fighter: Fighter) -> FlipDraw | None:
    """The card on the table for this fighter, waiting for a choice (or None)."""
    return (
        FlipDraw.objects.filter(fighter=fighter, resolution__isnull=True).order_by("-seq").first()
    )


def _spend_flip(fighter: Fighter, *, reflip: bool) -> FlipDraw:
    """Spend one flip and turn a card from the fighter's own seeded deck.

    Rule: "Shuffle your deck and flip the top card". Each draw is its own shuffle, from the
    fighter's hidden seed and the draw number: reproducible for an audit, unknowable before.
    """
    showing = showing_flip(fighter)
    session = {"flips_left": fighter.flips, "card": showing.card if showing else None}
    seq = (FlipDraw.objects.filter(fighter=fighter).aggregate(m=Max("seq"))["m"] or 0) + 1
    rng = Rng.from_seed(fighter.flip_seed + seq)
    turned = post_game.reflip(session, rng) if reflip else post_game.flip(session, rng)
    if reflip:
        FlipResolution.objects.create(draw=showing, outcome=FlipDraw.Outcome.REFLIPPED)
    fighter.flips = turned["flips_left"]
    fighter.save(update_fields=["flips"])
    card = turned["card"]
    return FlipDraw.objects.create(
        fighter=fighter, seq=seq, card=card, options=list(post_game.flip_options(card))
    )


@transaction.atomic
def flip_card(*, fighter: Fighter, actor, action: str, stat: str | None = None) -> FlipDraw | None:
    """Spend a flip (``flip``), burn another to replace the card showing (``reflip``), take +1
    in one of its two stats (``choose``), or pass on it (``decline``)."""
    fighter = Fighter.objects.select_for_update().select_related("gang").get(pk=fighter.pk)
    if not fighter.is_active:
        raise FighterUnavailable(f"{fighter.name} is {fighter.status}.", field="fighter")
    try:
        if action in ("flip", "reflip"):
            draw = _spend_flip(fighter, reflip=action == "reflip")
            verb = "reflipped and drew" if action == "reflip" else "flipped"
            _event(
                fighter.gang,
                Kind.FLIPS,
                f"{fighter.name} {verb} the {_card_name(draw.card)}: "
                f"{draw.options[0]} or {draw.options[1]}.",
                actor=actor,
                fighter=fighter,
            )
            return draw
        showing = showing_flip(fighter)
        session = {"flips_left": fighter.flips, "card": showing.card if showing else None}
        if action == "decline":
            post_game.decline(session)
            FlipResolution.objects.create(
                draw=showing, outcome=FlipDraw.Outcome.DECLINED, actor=actor
            )
            _event(
                fighter.gang,
                Kind.FLIPS,
                f"{fighter.name} passed on the {_card_name(showing.card)}.",
                actor=actor,
                fighter=fighter,
            )
            return showing
        if action != "choose":
            raise RosterError("Action must be flip, reflip, choose or decline.", field="action")
        if stat not in STATS:
            raise RosterError(
                f"Choose one of the stats the card offers: {', '.join(session_options(showing))}.",
                field="stat",
            )
        post_game.choose_upgrade(session, fighter.current_stats(), stat)
    except IllegalAction as exc:
        raise FighterUnavailable(exc.reason, field="action") from None
    FlipResolution.objects.create(
        draw=showing, outcome=FlipDraw.Outcome.TAKEN, stat=stat, actor=actor
    )
    Advancement.objects.create(
        fighter=fighter, stat=stat, amount=1, card=showing.card, note=f"Card flip {showing.seq}"
    )
    _event(
        fighter.gang,
        Kind.ADVANCEMENT,
        f"{fighter.name} gained +1 {stat} from the {_card_name(showing.card)}.",
        actor=actor,
        fighter=fighter,
    )
    return showing


def session_options(draw: FlipDraw | None) -> list[str]:
    return list(draw.options) if draw else []


def _card_name(code: str) -> str:
    return parse_card(code).name
