"""The campaign pages' forms: they parse; ``campaigns.services`` decides."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from rosters.models import CatalogueItem

DRAW = "draw"
NOBODY = ""


class CampaignCreateForm(forms.Form):
    name = forms.CharField(label=_("Campaign name"), max_length=100)
    description = forms.CharField(
        label=_("Description (optional)"),
        required=False,
        max_length=5000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )


class JoinForm(forms.Form):
    join_code = forms.CharField(
        label=_("Join code"), max_length=32, help_text=_("The arbitrator gives it out.")
    )
    gang = forms.TypedChoiceField(label=_("Your gang"), coerce=int)
    arbitrators_manage_roster = forms.BooleanField(
        label=_("Let the campaign's arbitrators manage my gang's roster"),
        help_text=_(
            "They may then hire, buy, sell, move kit and spend card flips for it; the gang's "
            "history names who did each. You may change your mind at any time."
        ),
        required=False,
    )

    def __init__(self, *args, gangs=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["gang"].choices = [(g.pk, g.name) for g in gangs]


class PairForm(forms.Form):
    """Step one of a report: which two gangs fought."""

    gangs = forms.TypedMultipleChoiceField(coerce=int)

    def __init__(self, *args, members=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["gangs"].choices = [(m.gang_id, m.gang.name) for m in members]


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("What is wrong?"), max_length=1000, required=False)
    # The confirmation step's answer (void and withdraw ask first).
    confirmed = forms.CharField(required=False, max_length=3)


class ReportForm(forms.Form):
    """A post-battle report: the result, who was taken out of action and by whom, what each
    side found and earned. Field names follow the service's error paths (``credits.<gang>``,
    ``goods.<gang>``) so that a refusal lands next to its field."""

    def __init__(self, *args, gangs=(), mission=None, free=True, **kwargs):
        """``mission``: its loot tokens replace the free goods and credits (its rewards are
        paid by the outcome); ``free`` False: neither (a campaign that draws its missions)."""
        super().__init__(*args, **kwargs)
        self.gangs = list(gangs)
        self.mission = mission
        self.free = free and mission is None
        self.fields["winner"] = forms.ChoiceField(
            label=_("Result"),
            widget=forms.RadioSelect,
            choices=[
                *((str(g.pk), _("%(gang)s won") % {"gang": g.name}) for g in self.gangs),
                (DRAW, _("A draw")),
            ],
        )
        everyone = [(f, g) for g in self.gangs for f in g.fighters.all() if f.is_active]
        goods = [
            (i.slug, f"{i.name} ({i.price})") for i in CatalogueItem.objects.filter(kind="goods")
        ]
        self.casualty_rows = []
        for gang in self.gangs:
            rows = []
            for fighter in (f for f in gang.fighters.all() if f.is_active):
                out = f"out-{fighter.pk}"
                by = f"by-{fighter.pk}"
                self.fields[out] = forms.BooleanField(
                    label=_("%(name)s was taken out of action") % {"name": fighter.name},
                    required=False,
                )
                self.fields[by] = forms.ChoiceField(
                    label=_("taken out by"),
                    required=False,
                    choices=[
                        (NOBODY, _("nobody (a fall, or unknown)")),
                        *(
                            (str(o.pk), f"{o.name} ({side.name})")
                            for o, side in everyone
                            if o.pk != fighter.pk
                        ),
                    ],
                )
                rows.append((fighter, self[out], self[by]))
            self.casualty_rows.append((gang, rows, *self._earnings_fields(gang, goods)))

    def _item_name(self, slug: str) -> str:
        """A loot token's or a reward's item as the catalogue names it (its slug if the
        catalogue lost it)."""
        if not hasattr(self, "_names"):
            data = self.mission.data
            slugs = [t["item"] for t in data["loot"]] + [
                item
                for by in data["rewards"].values()
                for reward in by.values()
                for item in reward.get("goods", [])
            ]
            found = CatalogueItem.objects.filter(slug__in=slugs).values_list("slug", "name")
            self._names = dict(found)
        return self._names.get(slug, slug)

    def reward_rows(self) -> list[tuple[str, list[str]]]:
        """The mission's rewards as the page's table says them: (side, [credits and items
        by result: win, draw, loss])."""
        rows = []
        for side, by in self.mission.data["rewards"].items():
            cells = []
            for result in ("win", "draw", "loss"):
                reward = by.get(result, {})
                items = [self._item_name(slug) for slug in reward.get("goods", [])]
                cells.append(", ".join([str(reward.get("credits", 0)), *items]))
            rows.append((side, cells))
        return rows

    def _earnings_fields(self, gang, goods) -> tuple:
        """The gang's loot tokens of the mission, or its free goods and credits (or nothing)."""
        if self.mission is not None:
            if not self.mission.data["loot"]:
                return None, None  # a mission without loot tokens: nothing to tick
            self.fields[f"loot.{gang.pk}"] = forms.MultipleChoiceField(
                label=_("Loot %(gang)s picked up") % {"gang": gang.name},
                required=False,
                choices=[(t["key"], self._item_name(t["item"])) for t in self.mission.data["loot"]],
                widget=forms.CheckboxSelectMultiple,
            )
            return self[f"loot.{gang.pk}"], None
        if not self.free:
            return None, None
        self.fields[f"goods.{gang.pk}"] = forms.MultipleChoiceField(
            label=_("Goods %(gang)s found") % {"gang": gang.name},
            required=False,
            choices=goods,
            widget=forms.CheckboxSelectMultiple,
        )
        self.fields[f"credits.{gang.pk}"] = forms.IntegerField(
            label=_("Credits %(gang)s earned in the mission") % {"gang": gang.name},
            required=False,
            min_value=0,
            initial=0,
        )
        return self[f"goods.{gang.pk}"], self[f"credits.{gang.pk}"]

    def report(self) -> tuple[dict, dict[str, str]]:
        """The service's keyword arguments, and how its error paths map to this form's fields."""
        data = self.cleaned_data
        winner = data["winner"]
        casualties, paths = [], {}
        for gang in self.gangs:
            for fighter in (f for f in gang.fighters.all() if f.is_active):
                if data.get(f"out-{fighter.pk}"):
                    by = data.get(f"by-{fighter.pk}")
                    index = len(casualties)
                    paths[f"casualties.{index}.fighter"] = f"out-{fighter.pk}"
                    paths[f"casualties.{index}.taken_out_by"] = f"by-{fighter.pk}"
                    casualties.append(
                        {"fighter": fighter.pk, "taken_out_by": int(by) if by else None}
                    )
        paths["gangs"] = "winner"
        values = {
            "gangs": [g.pk for g in self.gangs],
            "winner": None if winner == DRAW else int(winner),
            "casualties": casualties,
        }
        if self.mission is not None:
            values["mission"] = self.mission.key
            values["loot"] = {g.pk: data.get(f"loot.{g.pk}") or [] for g in self.gangs}
        elif self.free:
            values["goods"] = {g.pk: data.get(f"goods.{g.pk}") or [] for g in self.gangs}
            values["credits"] = {g.pk: data.get(f"credits.{g.pk}") or 0 for g in self.gangs}
        return values, paths
