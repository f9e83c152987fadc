"""Building a gang from its roster sheet: hire, buy, sell, move, retire, spend card flips.

Each view parses a form, calls the same service as the API, and redirects back to the sheet
with what it cost and the credits left; a refusal re-renders the sheet with the service's
sentence next to the field (or inside the card) it concerns. Previews run the service and
roll it back (``config.pages.dry_run``), so the price and the refusal are the service's own.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from config.pages import SERVICE_ERRORS, call_service, dry_run, error_of
from rosters import access, services
from rosters.models import CatalogueItem, Equipment, Fighter, Gang, Goods, Role
from rosters.views.forms import FlipForm, HireForm, MoveForm, PurchaseForm, SaleForm
from rosters.views.gangs import sheet_page
from rosters.views.sheet import STAT_NAMES


def _gang(request, pk: int, action: access.Action) -> Gang:
    """The gang, if the signed-in player may take ``action`` on it (rosters/access.py)."""
    return access.access_gang(user=request.user, action=action, gang_id=pk)


def _back(pk: int, anchor: str = "") -> str:
    return reverse("gang-detail", args=[pk]) + (f"#{anchor}" if anchor else "")


def _credits(gang: Gang) -> int:
    return Gang.objects.values_list("credits", flat=True).get(pk=gang.pk)


def _hire_form(request, gang: Gang, data) -> HireForm:
    return HireForm(data, roles=list(Role.objects.all()), credits=gang.credits)


def _buy_form(request, gang: Gang, data) -> PurchaseForm:
    return PurchaseForm(
        data,
        store=CatalogueItem.objects.filter(purchasable=True).exclude(kind="goods"),
        fighters=gang.fighters.filter(status=Fighter.Status.ACTIVE).values_list("pk", "name"),
        credits=gang.credits,
    )


@login_required
@require_POST
def hire(request, pk: int):
    gang = _gang(request, pk, access.Action.HIRE)
    form = _hire_form(request, gang, request.POST)
    if form.is_valid():
        fighter = call_service(
            form,
            lambda: services.hire_fighter(gang=gang, actor=request.user, **form.cleaned_data),
        )
        if fighter is not None:
            messages.success(
                request,
                _("Hired %(name)s for %(cost)s credits; %(left)s credits left.")
                % {"name": fighter.name, "cost": fighter.hire_cost, "left": _credits(gang)},
            )
            return redirect(_back(pk, f"fighter-{fighter.pk}"))
    return sheet_page(request, pk, hire=form)


@login_required
@require_GET
def hire_preview(request, pk: int):
    gang = _gang(request, pk, access.Action.HIRE)
    role = Role.objects.filter(slug=request.GET.get("hire-role")).first()
    name = request.GET.get("hire-name") or _("the new fighter")
    if role is None:
        return _preview(request, None)
    try:
        left = dry_run(
            lambda: (
                services.hire_fighter(gang=gang, name=name, role=role.slug, actor=request.user),
                _credits(gang),
            )
        )[1]
    except SERVICE_ERRORS as exc:
        return _preview(request, error=error_of(exc)[1])
    return _preview(
        request,
        _("Hiring a %(role)s costs %(cost)s credits: %(left)s credits left.")
        % {"role": role.name.lower(), "cost": role.hire_cost, "left": left},
    )


@login_required
@require_POST
def buy(request, pk: int):
    gang = _gang(request, pk, access.Action.BUY)
    form = _buy_form(request, gang, request.POST)
    if form.is_valid():
        bought = call_service(
            form,
            lambda: services.purchase_item(
                gang=gang,
                item=form.cleaned_data["item"],
                fighter_id=form.fighter_id(),
                quantity=form.cleaned_data["quantity"],
                actor=request.user,
            ),
        )
        if bought:
            first = bought[0]
            cost = sum(e.price_paid for e in bought)
            where = first.fighter.name if first.fighter else _("the stash")
            messages.success(
                request,
                _("Bought %(item)s for %(where)s: %(cost)s credits; %(left)s credits left.")
                % {
                    "item": first.item.name
                    if len(bought) == 1
                    else f"{len(bought)} × {first.item.name}",
                    "where": where,
                    "cost": cost,
                    "left": _credits(gang),
                },
            )
            anchor = f"fighter-{first.fighter_id}" if first.fighter_id else "stash"
            return redirect(_back(pk, anchor))
    return sheet_page(request, pk, buy=form)


@login_required
@require_GET
def buy_preview(request, pk: int):
    gang = _gang(request, pk, access.Action.BUY)
    form = _buy_form(request, gang, request.GET)
    if not request.GET.get("buy-item"):
        return _preview(request, None)
    if not form.is_valid():
        return _preview(request, error=" ".join(e for errs in form.errors.values() for e in errs))
    item = CatalogueItem.objects.get(slug=form.cleaned_data["item"])
    quantity = form.cleaned_data["quantity"]
    try:
        left = dry_run(
            lambda: (
                services.purchase_item(
                    gang=gang,
                    item=item.slug,
                    fighter_id=form.fighter_id(),
                    quantity=quantity,
                    actor=request.user,
                ),
                _credits(gang),
            )
        )[1]
    except SERVICE_ERRORS as exc:
        return _preview(request, error=error_of(exc)[1])
    return _preview(
        request,
        _("Costs %(cost)s credits: %(left)s credits left.")
        % {"cost": item.price * quantity, "left": left},
    )


def _preview(request, text: str | None = None, *, error: str | None = None):
    return render(request, "rosters/preview.html", {"text": text, "error": error})


def _refused(request, pk: int, key: str, exc: Exception):
    _, message, status = error_of(exc)
    return sheet_page(request, pk, errors={key: message}, status=status)


def _sell(gang: Gang, equipment_id, goods_id, actor):
    if equipment_id is not None:
        return services.sell_equipment(gang=gang, equipment_id=equipment_id, actor=actor)
    return services.sell_goods(gang=gang, goods_id=goods_id, actor=actor)


@login_required
def sell(request, pk: int):
    """GET: what selling would bring (the service, dry-run), asked first; POST: sell."""
    gang = _gang(request, pk, access.Action.SELL)
    form = SaleForm(request.POST if request.method == "POST" else request.GET)
    form.is_valid()
    equipment_id, goods_id = form.cleaned_data.get("equipment"), form.cleaned_data.get("goods")
    row = f"equipment-{equipment_id}" if equipment_id else f"goods-{goods_id}"
    if request.method != "POST":
        return _confirm_sale(request, gang, equipment_id, goods_id, row)
    try:
        entry = _sell(gang, equipment_id, goods_id, request.user)
    except SERVICE_ERRORS as exc:
        return _refused(request, pk, row, exc)
    messages.success(
        request,
        _("%(note)s: +%(amount)s credits; %(left)s credits now.")
        % {"note": entry.note, "amount": entry.amount, "left": entry.balance_after},
    )
    return redirect(_back(pk))


def _confirm_sale(request, gang: Gang, equipment_id, goods_id, row: str):
    error, entry, status = None, None, 200
    try:
        entry = dry_run(lambda: _sell(gang, equipment_id, goods_id, request.user))
    except SERVICE_ERRORS as exc:
        error, status = error_of(exc)[1:]
    field = ("equipment", equipment_id) if equipment_id is not None else ("goods", goods_id)
    context = {
        "gang": gang,
        "question": _("Sell it?"),
        "error": error,
        "fields": [field],
        "cancel_url": _back(gang.pk, row),
        "cancel": _("Keep it"),
    }
    if entry is not None:
        rows, named = (
            (Equipment.objects, "item__name")
            if equipment_id is not None
            else (Goods.objects, "name")
        )
        name = rows.filter(gang=gang, pk=field[1]).values_list(named, flat=True).first()
        context["question"] = _("Sell the %(item)s?") % {"item": name}
        context["lines"] = [
            _("The marketplace pays %(amount)s credits: %(after)s credits after the sale.")
            % {"amount": entry.amount, "after": entry.balance_after}
        ]
        context["confirm"] = _("Sell for %(price)s") % {"price": entry.amount}
    return render(request, "rosters/confirm.html", context, status=status)


@login_required
@require_POST
def move(request, pk: int, equipment_id: int):
    gang = _gang(request, pk, access.Action.MOVE_EQUIPMENT)
    form = MoveForm(request.POST)
    form.is_valid()
    try:
        equipment = services.move_equipment(
            gang=gang, equipment_id=equipment_id, fighter_id=form.fighter_id(), actor=request.user
        )
    except SERVICE_ERRORS as exc:
        return _refused(request, pk, f"equipment-{equipment_id}", exc)
    where = equipment.fighter.name if equipment.fighter else _("the stash")
    messages.success(
        request,
        _("%(item)s is now with %(where)s.") % {"item": equipment.item.name, "where": where},
    )
    anchor = f"fighter-{equipment.fighter_id}" if equipment.fighter_id else "stash"
    return redirect(_back(pk, anchor))


@login_required
def retire(request, pk: int, fighter_id: int):
    """GET: what retiring would do to the credits (the service's refund rule, dry-run);
    POST: retire."""
    gang = _gang(request, pk, access.Action.RETIRE)
    fighter = get_object_or_404(Fighter.objects.select_related("role"), pk=fighter_id, gang=gang)
    if request.method == "POST":
        try:
            services.retire_fighter(gang=gang, fighter_id=fighter.pk, actor=request.user)
        except SERVICE_ERRORS as exc:
            return _refused(request, pk, f"fighter-{fighter.pk}", exc)
        messages.success(
            request,
            _("%(name)s left the gang; %(left)s credits now.")
            % {"name": fighter.name, "left": _credits(gang)},
        )
        return redirect(_back(pk))
    error, after = None, gang.credits
    try:
        after = dry_run(
            lambda: (
                services.retire_fighter(gang=gang, fighter_id=fighter.pk, actor=request.user),
                _credits(gang),
            )
        )[1]
    except SERVICE_ERRORS as exc:
        error = error_of(exc)[1]
    return render(
        request,
        "rosters/retire.html",
        {
            "gang": gang,
            "fighter": fighter,
            "after": after,
            "refund": after - gang.credits,
            "error": error,
        },
        status=409 if error else 200,
    )


@login_required
@require_POST
def flip(request, pk: int, fighter_id: int):
    gang = _gang(request, pk, access.Action.FLIP)
    fighter = get_object_or_404(Fighter, pk=fighter_id, gang=gang)
    form = FlipForm(request.POST)
    if not form.is_valid():
        return sheet_page(
            request,
            pk,
            errors={f"fighter-{fighter.pk}": _("Choose flip, reflip, a stat or pass.")},
            status=400,
        )
    action, stat = form.cleaned_data["action"], form.cleaned_data["stat"] or None
    try:
        services.flip_card(fighter=fighter, actor=request.user, action=action, stat=stat)
    except SERVICE_ERRORS as exc:
        return _refused(request, pk, f"fighter-{fighter.pk}", exc)
    if action == "choose":
        text = _("%(name)s gains +1 %(stat)s.") % {"name": fighter.name, "stat": STAT_NAMES[stat]}
    elif action == "decline":
        text = _("%(name)s passed on the card.") % {"name": fighter.name}
    else:
        text = _("%(name)s turned a card: choose one of its two stats.") % {"name": fighter.name}
    messages.success(request, text)
    return redirect(_back(pk, f"fighter-{fighter.pk}"))
