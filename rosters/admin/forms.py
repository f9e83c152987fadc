"""The roster sheet's forms. Drop-downs say what a choice costs and what the gang keeps; the
checks themselves are the services' (a refusal comes back as the service's message, put next
to the field it names)."""

from __future__ import annotations

from collections import Counter

from django import forms

from rosters import services
from rosters.models import STATS, CatalogueItem, Gang, Role


def _cost_label(name: str, cost: int, credits: int) -> str:
    if cost > credits:
        return f"{name}: {cost} credits (the gang has only {credits})"
    return f"{name}: {cost} credits (leaves {credits - cost})"


def _role_label(role, credits: int, held: int | None) -> str:
    label = _cost_label(role.name, role.hire_cost, credits)
    if held is not None and held >= role.max_count:
        label += f"; the gang has its {role.max_count}"
    return label


def _who(equipment) -> str:
    return f"carried by {equipment.fighter.name}" if equipment.fighter_id else "in the stash"


class GangOperationForm(forms.Form):
    """Built for one gang; ``fields_for_errors`` maps a service's ``field`` to a form field."""

    fields_for_errors: dict[str, str] = {}

    def __init__(self, *args, gang: Gang, sheet=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.gang = gang
        self.sheet = sheet
        self.setup()

    def setup(self) -> None:
        pass

    def error_field(self, service_field: str | None) -> str | None:
        name = self.fields_for_errors.get(service_field or "", service_field)
        return name if name in self.fields else None


class HireForm(GangOperationForm):
    name = forms.CharField(max_length=80)
    role = forms.ChoiceField()

    def setup(self):
        roles = self.sheet.roles if self.sheet else Role.objects.all()
        held = Counter(
            r.fighter.role_id
            for r in (self.sheet.fighters if self.sheet else ())
            if r.fighter.is_active
        )
        self.fields["role"].choices = [
            (r.slug, _role_label(r, self.gang.credits, held[r.pk] if self.sheet else None))
            for r in roles
        ]


class PurchaseForm(GangOperationForm):
    item = forms.ChoiceField()
    fighter = forms.ChoiceField(required=False, label="For")
    quantity = forms.IntegerField(min_value=1, max_value=services.MAX_QUANTITY, initial=1)

    def setup(self):
        items = CatalogueItem.objects.filter(purchasable=True).exclude(kind="goods")
        groups: dict[str, list] = {}
        for item in items:
            groups.setdefault(item.get_kind_display().capitalize(), []).append(
                (item.slug, _cost_label(item.name, item.price, self.gang.credits))
            )
        self.fields["item"].choices = list(groups.items())
        self.fields["fighter"].choices = [("", "the stash"), *_active_fighters(self)]

    def clean_fighter(self):
        value = self.cleaned_data["fighter"]
        return int(value) if value else None


class SaleForm(GangOperationForm):
    what = forms.ChoiceField(label="Sell")
    fields_for_errors = {"equipment": "what", "goods": "what"}

    def setup(self):
        equipment = _held(self)
        goods = self.sheet.goods if self.sheet else self.gang.goods.filter(sold_at__isnull=True)
        from rulesets.last_hope_frontier import marketplace

        self.fields["what"].choices = [
            (
                f"equipment:{e.pk}",
                f"{e.item.name} ({_who(e)}): sells for "
                f"{marketplace.sale_price(e.item.price)} (paid {e.price_paid})",
            )
            for e in equipment
        ] + [
            (
                f"goods:{g.pk}",
                f"{g.name} (goods): sells for {marketplace.sale_price(g.market_value)} "
                f"(worth {g.market_value})",
            )
            for g in goods
        ]

    def clean_what(self):
        kind, _, pk = self.cleaned_data["what"].partition(":")
        return kind, int(pk)


class MoveForm(GangOperationForm):
    equipment = forms.ChoiceField()
    to = forms.ChoiceField(required=False, label="Give to")
    fields_for_errors = {"fighter": "to"}

    def setup(self):
        self.fields["equipment"].choices = [
            (str(e.pk), f"{e.item.name} ({_who(e)})") for e in _held(self)
        ]
        self.fields["to"].choices = [("", "the stash"), *_active_fighters(self)]

    def clean_equipment(self):
        return int(self.cleaned_data["equipment"])

    def clean_to(self):
        value = self.cleaned_data["to"]
        return int(value) if value else None


class AdjustForm(GangOperationForm):
    amount = forms.IntegerField(
        min_value=-100000, max_value=100000, help_text="Negative to take credits away."
    )
    note = forms.CharField(max_length=300, help_text="Why: it is written in the ledger.")


class FlipForm(forms.Form):
    action = forms.ChoiceField(
        choices=[
            ("flip", "Flip a card (spends a flip)"),
            ("reflip", "Reflip (burns another flip)"),
            ("choose", "Take +1 in a stat the card offers"),
            ("decline", "Pass on the card"),
        ]
    )
    # Every stat: whether the card showing offers it is the service's check, and message.
    stat = forms.ChoiceField(required=False, choices=[("", "-"), *[(s, s) for s in STATS]])

    def error_field(self, service_field: str | None) -> str | None:
        return service_field if service_field in self.fields else None


def _active_fighters(form) -> list[tuple[str, str]]:
    if form.sheet:
        fighters = [r.fighter for r in form.sheet.fighters if r.fighter.is_active]
    else:
        fighters = form.gang.fighters.filter(status="active").select_related("role")
    return [(str(f.pk), f"{f.name} ({f.role.name.lower()})") for f in fighters]


def _held(form) -> list:
    if form.sheet:
        return [*(e for r in form.sheet.fighters for e in r.equipment), *form.sheet.stash]
    return list(
        form.gang.equipment.filter(disposal="")
        .select_related("item", "fighter")
        .order_by("fighter_id", "id")
    )
