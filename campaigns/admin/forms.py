"""Campaign settings as a form that validates exactly like the API.

The checks are the services' own: ``clean`` asks ``services.check_settings`` (which founding
and updating ask too), and a refusal becomes one error on the field the service names. The
write happens once, in ``CampaignAdmin.save_model``, through ``create_campaign`` /
``update_campaign``.
"""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.forms.models import construct_instance

from campaigns import services
from campaigns.dashboard import TIE_BREAKER_NAMES
from campaigns.models import Campaign, Mission
from config.admin_fields import HouseRulesField, OrderedChoiceField
from config.errors import DomainError
from rulesets.registry import get_ruleset

SETTINGS = [s for s in services.SETTINGS if s != "tie_breakers"]


def ruleset_choices() -> list[tuple[str, str]]:
    """The registry's games that campaigns follow (their gangs live in rosters)."""
    return [(slug, get_ruleset(slug).name) for slug in services.RULESETS if get_ruleset(slug)]


class CampaignForm(forms.ModelForm):
    ruleset = forms.ChoiceField(choices=ruleset_choices, initial="last-hope-frontier")
    tie_breakers = OrderedChoiceField(
        choices=list(TIE_BREAKER_NAMES.items()),
        label="Tie-breakers",
        help_text="In order: when gangs are level on points, the first one that separates "
        "them decides. Left empty for a new campaign: head-to-head, wins, enemies taken out.",
    )
    new_arbitrator = forms.CharField(
        required=False,
        max_length=150,
        label="Add an arbitrator",
        help_text="Their username; they will see this campaign in their admin.",
    )
    max_battles_per_pairing = forms.IntegerField(
        min_value=1,
        max_value=20,
        required=False,
        initial=1,
        help_text="How many battles the same two gangs may fight in one round (empty: as is).",
    )
    house_rules = HouseRulesField()
    mission_choice = forms.ChoiceField(
        choices=Mission.Choice.choices,
        required=False,
        help_text="Who chooses each battle's mission (empty: as is).",
    )
    underdog_bonus = forms.IntegerField(
        min_value=0,
        required=False,
        help_text="Credits for the lower-rated gang of a battle with a mission (empty: as is).",
    )
    actor = None  # set by CampaignAdmin.get_form: who is saving

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        game = get_ruleset(self.instance.ruleset or "last-hope-frontier")
        self.fields["house_rules"].for_games([game] if game else [])

    class Meta:
        model = Campaign
        fields = ["name", "ruleset", "description", *SETTINGS[2:], "tie_breakers"]

    def clean_max_battles_per_pairing(self):
        value = self.cleaned_data["max_battles_per_pairing"]
        return self.instance.max_battles_per_pairing if value is None else value

    def clean_mission_choice(self):
        return self.cleaned_data["mission_choice"] or self.instance.mission_choice

    def clean_underdog_bonus(self):
        value = self.cleaned_data["underdog_bonus"]
        return self.instance.underdog_bonus if value is None else value

    def clean_new_arbitrator(self):
        name = self.cleaned_data["new_arbitrator"].strip()
        if not name:
            return None
        user = get_user_model().objects.filter(username=name).first()
        if user is None:
            raise forms.ValidationError("No player has this username.")
        return user

    def settings(self) -> dict:
        names = services.SETTINGS if not self.instance.pk else self.changed_data
        if self.cleaned_data.get("max_battles_per_pairing") == self.initial.get(
            "max_battles_per_pairing"
        ):  # left empty: unchanged, not a change to log
            names = [n for n in names if n != "max_battles_per_pairing" or not self.instance.pk]
        if self.instance.pk:  # left empty (as is): not a change to log
            names = [
                n
                for n in names
                if n not in ("mission_choice", "underdog_bonus")
                or self.cleaned_data[n] != self.initial.get(n)
            ]
        values = {k: self.cleaned_data[k] for k in names if k in services.SETTINGS}
        if not self.instance.pk and not values.get("tie_breakers"):
            values.pop("tie_breakers", None)  # the service's default order
        return values

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        try:
            if self.instance.pk:
                services.check_settings(changes=self.settings(), campaign=self.instance)
            else:
                services.check_settings(
                    changes=self.settings(), ruleset=self.cleaned_data["ruleset"]
                )
        except DomainError as exc:
            field = (exc.field or "").split(".")[0]
            self.add_error(field if field in self.fields else None, exc.detail)
        return data

    def write(self) -> Campaign:
        """The service call, once the form is valid."""
        if self.instance.pk:
            campaign = services.update_campaign(
                campaign=self.instance, actor=self.actor, **self.settings()
            )
            user = self.cleaned_data.get("new_arbitrator")
            if user is not None:
                services.add_arbitrator(campaign=campaign, user=user, actor=self.actor)
            return campaign
        settings = self.settings()
        name = settings.pop("name")
        return services.create_campaign(
            creator=self.actor, name=name, ruleset=self.cleaned_data["ruleset"], **settings
        )

    def _post_clean(self):
        # The model's own checks (its constraints) would repeat the service's refusal as a
        # second message; the service has decided, so only copy the values onto the instance.
        self.instance = construct_instance(self, self.instance, self._meta.fields)
