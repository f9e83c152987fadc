"""A starting gang in one call: founded, hired and equipped, all or nothing.

The gang is built by the very services of the one-by-one calls (``create_gang``,
``hire_fighter``, ``purchase_item``), in the order a player would click them, inside one
transaction: prices, credits, the ledger, composition and carry limits are their rules, not a
copy. Each step runs in a savepoint, so a refused step is noted at its place in the order
(``fighters.2.equipment.0``, ``stash.1``) and the next steps are still checked; at the end any
refusal rolls the whole transaction back and every one of them is reported in one 400.

The trade-off accepted: one savepoint and the service's own queries per line of the order
(tens of queries for a full gang), for rules that cannot drift from the one-by-one calls.
Nothing of a new gang is visible to another request before the commit, and every step holds
the gang lock as its one-by-one call does, so no concurrent write can overspend it.
"""

from __future__ import annotations

import uuid

from django.db import transaction
from rest_framework.exceptions import ValidationError

from config.errors import DomainError
from rosters.errors import InsufficientCredits
from rosters.models import Gang, Role
from rosters.services.common import gang_rules
from rosters.services.equipment import check_carry_limits, purchase_item, store_entry
from rosters.services.fighters import hire_fighter
from rosters.services.gangs import create_gang


class _Order:
    """The refusals of one order, by path, and what the refused purchases would have cost."""

    def __init__(self, faults: dict[str, list[str]] | None = None):
        self.errors: dict[str, list[str]] = {k: list(v) for k, v in (faults or {}).items()}
        self.unpaid = 0

    def step(self, path: str, work):
        """``work()`` in a savepoint: its result, or None with its refusal noted at ``path``."""
        try:
            with transaction.atomic():
                return work()
        except DomainError as exc:
            if isinstance(exc, InsufficientCredits):
                self.unpaid += exc.needed
            self.errors.setdefault(path, []).append(exc.detail)
            return None


@transaction.atomic
def create_starting_gang(
    *,
    owner,
    name: str,
    faction: str,
    notes: str = "",
    fighters: list[dict | None] = (),
    stash: list[str | None] = (),
    faults: dict[str, list[str]] | None = None,
) -> Gang:
    """Found a gang and buy its starting roster: ``fighters`` as ``{"name", "role",
    "equipment": [slugs]}`` (hired in order, each then equipped in order), then ``stash``.

    ``faults`` are refusals the caller already found (malformed entries, passed as None here
    so the others keep their places): they are reported with the rules' own."""
    order = _Order(faults)
    gang = order.step(
        "name", lambda: create_gang(owner=owner, name=name, faction=faction, notes=notes)
    )
    if gang is None:  # the name is taken: check the rest under a name nobody sees
        gang = create_gang(owner=owner, name=f"~{uuid.uuid4().hex}", faction=faction)
    for i, fighter in enumerate(fighters):
        if fighter is not None:
            _hire_and_equip(order, gang, fighter, path=f"fighters.{i}", actor=owner)
    for j, slug in enumerate(stash):
        if slug is not None:
            order.step(
                f"stash.{j}",
                lambda slug=slug: purchase_item(
                    gang=gang, item=slug, fighter_id=None, quantity=1, actor=owner
                ),
            )
    if order.errors:
        if order.unpaid:
            gang.refresh_from_db(fields=["credits"])
            treasury = gang_rules().starting_treasury
            total = treasury - gang.credits + order.unpaid
            order.errors["credits"] = [
                f"This gang costs {total} credits in all; the starting treasury is {treasury}."
            ]
        raise ValidationError(order.errors)  # the transaction rolls back: nothing is written
    return gang


def _hire_and_equip(order: _Order, gang: Gang, fighter: dict, *, path: str, actor) -> None:
    name, role = fighter["name"], fighter["role"]
    hired = order.step(
        f"{path}.role", lambda: hire_fighter(gang=gang, name=name, role=role, actor=actor)
    )
    kit = [(f"{path}.equipment.{j}", slug) for j, slug in enumerate(fighter.get("equipment", []))]
    if hired is not None:
        for where, slug in kit:
            order.step(
                where,
                lambda slug=slug: purchase_item(
                    gang=gang, item=slug, fighter_id=hired.pk, quantity=1, actor=actor
                ),
            )
        return
    # Not hired: the kit cannot be bought, but the store's and the carry rules still say
    # what else is wrong with it, so the player fixes everything at once.
    known_role = Role.objects.filter(slug=role).exists()
    held = []
    for where, slug in kit:

        def check(slug=slug):
            entry = store_entry(slug)
            if known_role:
                check_carry_limits(role=role, fighter_name=name, held=held, item=entry)
            held.append(entry)

        order.step(where, check)
