"""The roster pages' forms. They parse what a browser sends; the services decide."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from rosters.models import Gang
from rosters.services import MAX_QUANTITY

STASH = ""


class GangCreateForm(forms.Form):
    name = forms.CharField(label=_("Gang name"), max_length=80)
    faction = forms.ChoiceField(
        label=_("Faction"),
        choices=Gang.Faction.choices,
        help_text=_(
            "Sheriffs favour spades, Outlawmen diamonds, Townsfolk hearts, Bootleggers clubs."
        ),
    )
    notes = forms.CharField(
        label=_("Notes (optional)"),
        required=False,
        max_length=5000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )


class HireForm(forms.Form):
    prefix = "hire"
    name = forms.CharField(label=_("Fighter's name"), max_length=80)
    role = forms.ChoiceField(label=_("Role"))

    def __init__(self, *args, roles=(), credits=0, offered=None, **kwargs):
        """``offered``: the slugs the sheet offers (rosters/offers.py); None: every role (a
        posted form, so that the service's refusal is the one shown)."""
        super().__init__(*args, **kwargs)
        if offered is not None:
            roles = [r for r in roles if r.slug in offered]
        self.fields["role"].choices = [
            (
                r.slug,
                _("%(role)s — %(cost)s credits (leaves %(left)s)")
                % {"role": r.name, "cost": r.hire_cost, "left": credits - r.hire_cost},
            )
            for r in roles
        ]


class PurchaseForm(forms.Form):
    prefix = "buy"
    item = forms.ChoiceField(label=_("Item"))
    fighter = forms.ChoiceField(label=_("For"), required=False)
    quantity = forms.IntegerField(
        label=_("Quantity"), min_value=1, max_value=MAX_QUANTITY, initial=1
    )

    def __init__(self, *args, store=(), fighters=(), credits=0, offered=None, **kwargs):
        """``fighters``: (id, name) of those who may carry what is bought; ``offered``: as
        for ``HireForm``."""
        super().__init__(*args, **kwargs)
        if offered is not None:
            store = [item for item in store if item.slug in offered]
        groups: dict[str, list] = {}
        for item in store:
            label = _("%(item)s — %(price)s credits") % {"item": item.name, "price": item.price}
            groups.setdefault(item.get_kind_display().capitalize(), []).append((item.slug, label))
        self.fields["item"].choices = [("", _("Choose…")), *groups.items()]
        self.fields["fighter"].choices = [
            (STASH, _("the stash")),
            *((str(pk), name) for pk, name in fighters),
        ]

    def fighter_id(self) -> int | None:
        value = self.cleaned_data.get("fighter")
        return int(value) if value else None


class MoveForm(forms.Form):
    fighter = forms.CharField(required=False)

    def fighter_id(self) -> int | None:
        value = self.cleaned_data.get("fighter") or ""
        return int(value) if value.isdigit() else None


class SaleForm(forms.Form):
    equipment = forms.IntegerField(required=False)
    goods = forms.IntegerField(required=False)


class FlipForm(forms.Form):
    action = forms.ChoiceField(choices=[(a, a) for a in ("flip", "reflip", "choose", "decline")])
    stat = forms.CharField(required=False)
