"""The league pages' forms: they parse; ``leagues.services`` decides."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from rulesets.registry import all_rulesets

ABSENT = ""


class LeagueCreateForm(forms.Form):
    name = forms.CharField(label=_("League name"), max_length=100)
    ruleset = forms.ChoiceField(label=_("Game"))
    description = forms.CharField(
        label=_("Description (optional)"),
        required=False,
        max_length=5000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = [(g.slug, g.name) for g in all_rulesets()]


class LeagueJoinForm(forms.Form):
    join_code = forms.CharField(
        label=_("Join code"), max_length=32, help_text=_("An organiser gives it out.")
    )


class ResultForm(forms.Form):
    """A logged result: each member's place (blank: did not play) and the game's scores.
    Field names are the service's error paths: ``placements.<player>``, ``scores.<player>.<f>``."""

    def __init__(self, *args, players=(), game=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = list(players)
        self.score_fields = list(game.score_fields) if game else []
        places = [(ABSENT, _("did not play"))] + [
            (str(n), str(n)) for n in range(1, len(self.players) + 1)
        ]
        self.rows = []
        for name in self.players:
            place = f"placements.{name}"
            self.fields[place] = forms.ChoiceField(
                label=_("Place of %(player)s") % {"player": name}, choices=places, required=False
            )
            scores = []
            for spec in self.score_fields:
                key = f"scores.{name}.{spec.name}"
                self.fields[key] = forms.IntegerField(
                    label=f"{spec.label}",
                    required=False,
                    min_value=spec.minimum,
                    max_value=spec.maximum,
                )
                scores.append(self[key])
            self.rows.append((name, self[place], scores))

    def result(self) -> dict:
        data = self.cleaned_data
        placements, scores = {}, {}
        for name in self.players:
            place = data.get(f"placements.{name}")
            if not place:
                continue
            placements[name] = int(place)
            mine = {
                spec.name: data[f"scores.{name}.{spec.name}"]
                for spec in self.score_fields
                if data.get(f"scores.{name}.{spec.name}") is not None
            }
            if mine:
                scores[name] = mine
        return {"placements": placements, "scores": scores}
