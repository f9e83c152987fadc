"""Reporting a battle from the admin: the API's ``POST /campaigns/{id}/battles/`` as a form.

Two steps without JavaScript: choose the campaign and the two gangs, then the result, the
casualties (chosen from the two gangs' fighters, with who took them out), and the goods and
credits each side found. ``services.report_battle`` checks it all; its refusal is put on the
field it names (``casualties.2.taken_out_by`` → the third casualty row's "taken out by").
"""

from __future__ import annotations

from django import forms

from campaigns.models import Campaign, Membership
from config.admin_fields import OrderedChoiceField
from rosters import services as rosters
from rosters.models import CatalogueItem, Fighter, Gang

CASUALTY_ROWS = 8
GOODS_PLACES = 4


class ChooseGangsForm(forms.Form):
    campaign = forms.ModelChoiceField(Campaign.objects.none(), empty_label=None)
    gang_a = forms.ModelChoiceField(Gang.objects.none(), label="Gang", required=False)
    gang_b = forms.ModelChoiceField(Gang.objects.none(), label="against", required=False)

    def __init__(self, *args, campaigns, **kwargs):
        super().__init__(*args, **kwargs)
        active = campaigns.filter(status=Campaign.Status.ACTIVE)
        self.fields["campaign"].queryset = active
        campaign_id = self.data.get("campaign") or self.initial.get("campaign")
        # Only a campaign of the user's admin lists its gangs, whatever the URL says.
        members = Gang.objects.filter(
            memberships__campaign__in=active.filter(
                pk=campaign_id if str(campaign_id).isdigit() else None
            ),
            memberships__status=Membership.Status.ACTIVE,
        ).order_by("name")
        self.fields["gang_a"].queryset = members
        self.fields["gang_b"].queryset = members
        self.has_gangs = bool(campaign_id) and members.exists()


class CasualtyForm(forms.Form):
    fighter = forms.TypedChoiceField(coerce=int, required=False, label="Out of action")
    taken_out_by = forms.TypedChoiceField(
        coerce=int, required=False, empty_value=None, label="Taken out by"
    )

    def __init__(self, *args, fighters=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["fighter"].choices = [("", "—"), *fighters]
        self.fields["taken_out_by"].choices = [("", "nobody (a fall, their own blast)"), *fighters]


class CasualtyFormSet(forms.BaseFormSet):
    def __init__(self, *args, fighters=(), **kwargs):
        self.fighters = fighters
        super().__init__(*args, **kwargs)

    def get_form_kwargs(self, index):
        return {"fighters": self.fighters}


Casualties = forms.formset_factory(
    CasualtyForm, formset=CasualtyFormSet, extra=CASUALTY_ROWS, max_num=16
)


def fighter_choices(gangs: list[Gang]) -> list:
    """Both gangs' active fighters, grouped by gang (one query)."""
    fighters = Fighter.objects.filter(gang__in=gangs, status=Fighter.Status.ACTIVE).select_related(
        "role"
    )
    by_gang = {g.pk: [] for g in gangs}
    for f in fighters.order_by("role__order", "id"):
        by_gang[f.gang_id].append((f.pk, f"{f.name} ({f.role.name.lower()})"))
    return [(g.name, by_gang[g.pk]) for g in gangs]


class ResultForm(forms.Form):
    result = forms.ChoiceField(widget=forms.RadioSelect)
    credits_a = forms.IntegerField(min_value=0, initial=0, label="Credits found")
    credits_b = forms.IntegerField(min_value=0, initial=0, label="Credits found")

    def __init__(self, *args, gangs: list[Gang], **kwargs):
        super().__init__(*args, **kwargs)
        a, b = gangs
        self.gangs = gangs
        self.fields["result"].choices = [
            (str(a.pk), f"{a.name} won"),
            (str(b.pk), f"{b.name} won"),
            ("draw", "A draw"),
        ]
        # What the service accepts as found: goods, and the campaign-findable items.
        found = {"goods": [], "item": []}
        items = CatalogueItem.objects.filter(slug__in=rosters.findable_slugs())
        for item in items.order_by("kind", "name"):
            found[item.kind].append((item.slug, f"{item.name} (worth {item.price})"))
        choices = [("Goods", found["goods"]), ("Items (to the stash)", found["item"])]
        for side, gang in zip("ab", gangs, strict=True):
            self.fields[f"goods_{side}"] = OrderedChoiceField(
                choices=choices, size=GOODS_PLACES, label="Found"
            )
            self.fields[
                f"credits_{side}"
            ].help_text = f"Besides the campaign's reward, for {gang.name}."

    def side_fields(self, side: str):
        return [self[f"goods_{side}"], self[f"credits_{side}"]]

    def report(self) -> dict:
        """The service's arguments."""
        a, b = self.gangs
        data = self.cleaned_data
        winner = None if data["result"] == "draw" else int(data["result"])
        return {
            "gangs": [a.pk, b.pk],
            "winner": winner,
            "goods": {a.pk: data["goods_a"], b.pk: data["goods_b"]},
            "credits": {a.pk: data["credits_a"], b.pk: data["credits_b"]},
        }

    def field_for(self, service_field: str) -> str | None:
        """``goods.12`` → ``goods_a`` (gang 12 is side a); ``winner`` → ``result``."""
        head, _, rest = service_field.partition(".")
        if head == "winner":
            return "result"
        if head in ("goods", "credits"):
            for side, gang in zip("ab", self.gangs, strict=True):
                if rest == str(gang.pk):
                    return f"{head}_{side}"
        return None


def casualty_rows(formset) -> tuple[list[dict], list[int]]:
    """The filled-in rows as the service takes them, and each one's form index."""
    rows, indexes = [], []
    for index, form in enumerate(formset.forms):
        fighter = form.cleaned_data.get("fighter") if form.is_valid() else None
        if fighter in (None, ""):
            continue
        rows.append({"fighter": fighter, "taken_out_by": form.cleaned_data.get("taken_out_by")})
        indexes.append(index)
    return rows, indexes


def place_error(exc, *, result_form, formset, indexes) -> None:
    """Put the service's refusal on the field it names (or on top of the form)."""
    field = exc.field or ""
    if field.startswith("casualties."):
        parts = field.split(".")
        position = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None
        if position is not None and position < len(indexes):
            form = formset.forms[indexes[position]]
            name = parts[2] if len(parts) > 2 and parts[2] in form.fields else None
            form.add_error(name, exc.detail)
            return
    result_form.add_error(result_form.field_for(field), exc.detail)
