"""The form of ``/matches/new/``: the API's fields (``ruleset``, ``players``, ``bots``, ...)
then the game's own options, built from what the game declares (``Ruleset.options`` and
``Ruleset.house_rules``, rulesets/core/options.py): no option is written twice."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from matches.live_options import MAX_BOTS, MAX_TURN_SECONDS
from matches.policies import default_policy
from rulesets.core.options import BOOL, CHOICE, INT, Option, changed_options

HOUSE = "house_rules."


def _policies(slug: str) -> list[tuple[str, str]]:
    choices = [("random", gettext_lazy("Random: any move the rules allow"))]
    if default_policy(slug) == "greedy":
        choices.insert(0, ("greedy", gettext_lazy("Greedy: plays to win")))
    return choices


def option_field(option: Option) -> forms.Field:
    """The form field of one declared option, labelled and set to its default."""
    common = {"label": _(option.label), "help_text": _(option.help) if option.help else ""}
    if option.kind == BOOL:
        return forms.BooleanField(required=False, initial=option.default, **common)
    if option.kind == INT:
        return forms.IntegerField(
            required=False,
            initial=option.default,
            min_value=option.minimum,
            max_value=option.maximum,
            **common,
        )
    if option.kind == CHOICE:
        values = {str(value): value for value, _label in option.choices}
        return forms.TypedChoiceField(
            choices=[(str(value), _(label)) for value, label in option.choices],
            coerce=values.get,
            required=False,
            empty_value=option.default,
            initial=str(option.default),
            **common,
        )
    raise ValueError(f"unknown option kind {option.kind!r}")


class NewMatchForm(forms.Form):
    ruleset = forms.CharField(widget=forms.HiddenInput)
    players = forms.CharField(
        label=gettext_lazy("Other players"),
        required=False,
        max_length=2000,
        help_text=gettext_lazy(
            "Usernames, separated by commas. Each is invited; the match is dealt once every "
            "one has accepted."
        ),
    )
    bots = forms.IntegerField(
        label=gettext_lazy("Bots"),
        min_value=0,
        max_value=MAX_BOTS,
        initial=1,
        help_text=gettext_lazy("Bot seats after the players; a bot accepts at once."),
    )
    bot_policy = forms.ChoiceField(label=gettext_lazy("Kind of bot"))
    turn_seconds = forms.IntegerField(
        label=gettext_lazy("Turn clock (seconds)"),
        required=False,
        min_value=1,
        max_value=MAX_TURN_SECONDS,
        help_text=gettext_lazy(
            "Leave empty for no clock. When it runs out, the server plays the game's "
            "waiting move for you."
        ),
    )
    bank_seconds = forms.IntegerField(
        label=gettext_lazy("Time bank (seconds)"),
        required=False,
        min_value=0,
        max_value=MAX_TURN_SECONDS,
        help_text=gettext_lazy("Extra time per player, spent when a turn runs over the clock."),
    )
    public = forms.BooleanField(label=gettext_lazy("Anyone signed in may watch"), required=False)

    def __init__(self, *args, game, gangs=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        self.fields["ruleset"].initial = game.slug
        self.fields["bot_policy"].choices = _policies(game.slug)
        self.fields["bot_policy"].initial = default_policy(game.slug)
        if gangs is not None:
            # A text field with a select: a gang not offered still reaches the service,
            # whose sentence is the API's.
            self.fields["gang"] = forms.CharField(
                label=gettext_lazy("Your gang"),
                widget=forms.Select(choices=[(g.pk, g.name) for g in gangs]),
                help_text=gettext_lazy("A bot brings a demo gang; a player, a gang of theirs."),
            )
        for option in getattr(game, "options", ()):
            self.fields[option.key] = option_field(option)
        for rule in getattr(game, "house_rules", ()):
            self.fields[HOUSE + rule.key] = forms.BooleanField(
                label=_("House rule: %(name)s") % {"name": rule.name},
                help_text=rule.description,
                required=False,
            )

    def option_fields(self):
        names = [o.key for o in getattr(self.game, "options", ())]
        names += [HOUSE + r.key for r in getattr(self.game, "house_rules", ())]
        return [self[name] for name in names]

    def main_fields(self):
        return [
            self[name] for name in self.fields if name != "ruleset" and not self._is_option(name)
        ]

    def _is_option(self, name: str) -> bool:
        return name.startswith(HOUSE) or name in {o.key for o in getattr(self.game, "options", ())}

    def service_fields(self) -> dict[str, str]:
        """The service's error paths, as this form's fields."""
        fields = {f"options.{name}": name for name in self.fields if self._is_option(name)}
        return {**fields, "options.gangs": "gang"}

    def start_kwargs(self, *, user) -> dict:
        """What the service takes, from the cleaned form: the API's body for the same match."""
        data = self.cleaned_data
        others = [n for n in re.split(r"[\s,]+", data["players"]) if n]
        declared = getattr(self.game, "options", ())
        values = {o.key: data.get(o.key) for o in declared if data.get(o.key) is not None}
        options = changed_options(declared, values)
        house = {
            name[len(HOUSE) :]: True
            for name in self.fields
            if name.startswith(HOUSE) and data[name]
        }
        if house:
            options["house_rules"] = house
        kwargs = {
            "ruleset": self.game.slug,
            "players": [user.username, *others],
            "bots": data["bots"],
            "bot_policy": data["bot_policy"],
            "turn_seconds": data["turn_seconds"],
            "bank_seconds": data["bank_seconds"],
            "public": data["public"],
            "options": options,
        }
        if "gang" in self.fields:
            kwargs["gang"] = gang_id(data["gang"])
        return kwargs


def gang_id(raw: str):
    """The gang select's value as the API's ``{"gang": id}``: anything but a number is passed
    on for the service to refuse ("There is no such gang.")."""
    raw = raw.strip()
    return int(raw) if raw.isdigit() and len(raw) < 10 else raw
