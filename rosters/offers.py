"""What a gang may take from the hire and buy lists, and why the rest is not offered.

Each reason is the refusal the service itself would give, from the same check functions
(``check_can_hire``, ``check_affordable``, ``check_carry_limits``): the page asks the rule
instead of copying it, so a list never offers what the service would refuse, nor hides what
it would allow. Reads only what the sheet already has (the gang detail, the roles and the
catalogue rows, the gang rules once): no query per row.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rosters.errors import RosterError
from rosters.models import CatalogueItem, GangRules, Role
from rosters.services import check_affordable, check_can_hire, check_carry_limits


@dataclass(frozen=True)
class Offer:
    slug: str
    name: str
    cost: int
    kind: str = ""  # a catalogue item's kind ("weapon"...); "" for a role
    reason: str = ""  # why it is not offered now: the service's own sentence

    @property
    def offered(self) -> bool:
        return not self.reason


def hire_offers(*, roles: list[Role], data: dict, rules: GangRules) -> list[Offer]:
    """Each role, and why it may not be hired now (limits, credits)."""
    active = Counter(f["role"] for f in data["fighters"] if f["status"] == "active")
    return [
        Offer(role.slug, role.name, role.hire_cost, reason=_hire_refusal(role, active, rules, data))
        for role in roles
    ]


def _hire_refusal(role: Role, active: Counter, rules: GangRules, data: dict) -> str:
    try:
        check_can_hire(role=role, active=active, rules=rules)
        check_affordable(cost=role.hire_cost, credits=data["credits"], field="role")
    except RosterError as exc:
        return exc.detail
    return ""


def buy_offers(
    *,
    store: list[CatalogueItem],
    data: dict,
    rules: GangRules,
    fighter_id: int | None = None,
) -> list[Offer]:
    """Each item the store sells, and why it may not be bought now: the credits, and, for
    the fighter the list is for (``fighter_id``, from a card's "Buy kit"), what they may
    carry. Without a fighter, anything affordable may go to the stash."""
    by_slug = {item.slug: item for item in store}
    fighter = next(
        (f for f in data["fighters"] if f["id"] == fighter_id and f["status"] == "active"), None
    )
    return [
        Offer(
            item.slug,
            item.name,
            item.price,
            kind=item.kind,
            reason=_buy_refusal(item, data, rules, fighter, by_slug),
        )
        for item in store
    ]


def _buy_refusal(item, data, rules, fighter, by_slug) -> str:
    try:  # in the order purchase_item asks: who may carry it, then the credits
        if fighter is not None:
            held = [by_slug[e["item"]] for e in fighter["equipment"] if e["item"] in by_slug]
            check_carry_limits(
                role=fighter["role"],
                fighter_name=fighter["name"],
                held=held,
                item=item,
                rules=rules,
            )
        check_affordable(cost=item.price, credits=data["credits"], field="item")
    except RosterError as exc:
        return exc.detail
    return ""
