"""Running a gang from its roster sheet: hire, buy, sell, move, adjust credits, card flips.

Each operation is the API's: the gang is found in the organiser's scope (config/admin_scope.py),
then the API's access rule is asked for the operation's named action (``rosters.access``:
hiring, buying, selling and moving are the owner's, and staff's; adjusting credits is an
overseer's, and staff's, as ``POST /gangs/{id}/adjustments/``), then the same service runs.
A success is one sentence and a redirect to the sheet; a refusal is the service's message
next to the field it names, on a page whose breadcrumbs lead back to the gang.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext as _

from config.errors import DomainError, NotAllowed
from rosters import access, services
from rosters.admin import forms as f
from rosters.errors import InsufficientCredits
from rosters.models import Fighter, Gang
from rosters.sheet import card_name
from rulesets.core.words import counted


def _hire(request, gang, data):
    fighter = services.hire_fighter(
        gang=gang, name=data["name"], role=data["role"], actor=request.user
    )
    gang.refresh_from_db()
    return (
        f"Hired {fighter.name} ({fighter.role.name.lower()}) for {fighter.hire_cost} credits; "
        f"{gang.name} has {gang.credits} left."
    )


def _purchase(request, gang, data):
    bought = services.purchase_item(
        gang=gang,
        item=data["item"],
        fighter_id=data["fighter"],
        quantity=data["quantity"],
        actor=request.user,
    )
    gang.refresh_from_db()
    first = bought[0]
    where = first.fighter.name if first.fighter_id else "the stash"
    label = first.item.name if len(bought) == 1 else f"{len(bought)} × {first.item.name}"
    cost = sum(e.price_paid for e in bought)
    return f"Bought {label} for {where} for {cost} credits; {gang.credits} left."


def _sale(request, gang, data):
    kind, pk = data["what"]
    if kind == "goods":
        entry = services.sell_goods(gang=gang, goods_id=pk, actor=request.user)
    else:
        entry = services.sell_equipment(gang=gang, equipment_id=pk, actor=request.user)
    return f"{entry.note} for {entry.amount} credits; {gang.name} has {entry.balance_after}."


def _move(request, gang, data):
    moved = services.move_equipment(
        gang=gang, equipment_id=data["equipment"], fighter_id=data["to"], actor=request.user
    )
    where = moved.fighter.name if moved.fighter_id else "the stash"
    return f"The {moved.item.name.lower()} is now with {where}."


def _adjust(request, gang, data):
    amount = data["amount"]
    try:
        entry = services.adjust_credits(
            gang=gang, amount=amount, note=data["note"], actor=request.user
        )
    except InsufficientCredits as exc:
        # The service's sentence is about prices ("This costs..."); this is a deduction.
        said = _("Taking %(amount)s credits would leave %(gang)s below zero: it has only %(has)s.")
        raise DomainError(
            said % {"amount": -amount, "gang": gang.name, "has": exc.available}, field="amount"
        ) from None
    verb = f"Gave {amount} credits to" if amount >= 0 else f"Took {-amount} credits from"
    return f"{verb} {gang.name} ({data['note']}); it now has {entry.balance_after}."


@dataclass(frozen=True)
class Operation:
    slug: str
    title: str
    form: type
    run: Callable
    action: access.Action  # what rosters.access is asked (the roster's, or an overseer's)


OPERATIONS = {
    op.slug: op
    for op in [
        Operation("hire", "Hire a fighter", f.HireForm, _hire, access.Action.HIRE),
        Operation("purchase", "Buy equipment", f.PurchaseForm, _purchase, access.Action.BUY),
        Operation("sale", "Sell at the marketplace", f.SaleForm, _sale, access.Action.SELL),
        Operation("move", "Move equipment", f.MoveForm, _move, access.Action.MOVE_EQUIPMENT),
        Operation("adjust", "Adjust credits", f.AdjustForm, _adjust, access.Action.ADJUST_CREDITS),
    ]
}


class GangOperations:
    """Mixed into GangAdmin: the operation URLs and views."""

    def operation_urls(self):
        urls = [
            path(
                f"<int:gang_id>/{slug}/",
                self.admin_site.admin_view(self._view_for(slug)),
                name=f"rosters_gang_{slug}",
            )
            for slug in OPERATIONS
        ]
        return urls

    def _view_for(self, slug):
        def view(request, gang_id):
            return self.operation_view(request, gang_id, OPERATIONS[slug])

        return view

    def gang_for_operation(self, request, gang_id: int, *, action: access.Action) -> Gang:
        gang = get_object_or_404(self.get_queryset(request), pk=gang_id)
        access.require(user=request.user, action=action, gang=gang)
        return gang

    def operation_view(self, request, gang_id: int, op: Operation):
        try:
            gang = self.gang_for_operation(request, gang_id, action=op.action)
        except NotAllowed as exc:
            messages.error(request, exc.detail)
            return redirect(reverse("admin:rosters_gang_change", args=[gang_id]))
        form = op.form(request.POST or None, gang=gang)
        if request.method == "POST" and form.is_valid():
            try:
                text = op.run(request, gang, form.cleaned_data)
            except DomainError as exc:
                form.add_error(form.error_field(exc.field), exc.detail)
            else:
                messages.success(request, text)
                return redirect(reverse("admin:rosters_gang_change", args=[gang.pk]))
        return self.render_operation(request, gang=gang, title=op.title, form=form)

    def render_operation(self, request, *, gang, title, form, fighter=None):
        context = {
            **self.admin_site.each_context(request),
            "title": f"{title}: {fighter.name if fighter else gang.name}",
            "form": form,
            "gang": gang,
            "fighter": fighter,
            "opts": Gang._meta,
        }
        return TemplateResponse(request, "admin/rosters/gang/operation.html", context)


def flip_message(fighter: Fighter, action: str, draw, stat: str | None) -> str:
    card = card_name(draw.card) if draw else "card"
    if action in ("flip", "reflip"):
        verb = "reflipped and drew" if action == "reflip" else "flipped"
        return (
            f"{fighter.name} {verb} the {card}: take +1 {draw.options[0]} or "
            f"+1 {draw.options[1]}, or pass ({counted(fighter.flips, 'flip')} left)."
        )
    if action == "decline":
        return f"{fighter.name} passed on the {card}."
    return f"{fighter.name} gained +1 {stat} from the {card}."
