"""Form fields for settings that are lists or tables, so that nobody types JSON in the admin."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy

from rulesets.registry import game_choices, game_name

# Their layout is in a static file: no style attribute runs under the Content-Security-Policy.
ADMIN_CSS = forms.Media(css={"all": ["rosters/admin.css"]})


class NamedPlacesWidget(forms.MultiWidget):
    """Each box of the row is named for screen readers by its place ("Tie-breaker 2"): the
    field's one <label> cannot name five controls."""

    template_name = "admin/posse/ordered_choice.html"
    media = ADMIN_CSS
    place_name = gettext_lazy("Place %(number)s")

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        for number, sub in enumerate(context["widget"]["subwidgets"], start=1):
            sub["attrs"]["aria-label"] = self.place_name % {"number": number}
        return context


class OrderedChoiceWidget(NamedPlacesWidget):
    place_name = gettext_lazy("Choice %(number)s")

    def __init__(self, choices, size: int):
        self.size = size
        super().__init__([forms.Select(choices=choices) for _ in range(size)])

    def decompress(self, value):
        values = list(value or [])[: self.size]
        return values + [""] * (self.size - len(values))


class OrderedChoiceField(forms.MultiValueField):
    """An ordered choice of known values, one drop-down per place (as many places as values,
    or ``size``); empty places are dropped. Whether a value may repeat is the service's call."""

    def __init__(self, *, choices, size: int | None = None, **kwargs):
        choices = [("", "—"), *choices]
        size = size or len(choices) - 1
        super().__init__(
            fields=[forms.ChoiceField(choices=choices, required=False) for _ in range(size)],
            widget=OrderedChoiceWidget(choices, size),
            require_all_fields=False,
            required=False,
            **kwargs,
        )

    def compress(self, data_list):
        return [value for value in data_list or [] if value]


class PlacesWidget(NamedPlacesWidget):
    place_name = gettext_lazy("Points for place %(number)s")

    def __init__(self, size: int):
        self.size = size
        attrs = {"class": "posse-places", "min": 0}
        super().__init__([forms.NumberInput(attrs=attrs) for _ in range(size)])

    def decompress(self, value):
        table = value if isinstance(value, dict) else {}
        return [table.get(str(place), "") for place in range(1, self.size + 1)]


class PointsPerPlaceField(forms.MultiValueField):
    """Points for 1st, 2nd, 3rd... place as number boxes; ``{"1": 5, "2": 3}`` once compressed
    (a place left empty scores nothing). Whether the numbers make sense is the service's call."""

    def __init__(self, *, places: int = 8, **kwargs):
        super().__init__(
            fields=[forms.IntegerField(required=False) for _ in range(places)],
            widget=PlacesWidget(places),
            require_all_fields=False,
            required=False,
            **kwargs,
        )

    def compress(self, data_list):
        return {str(n): v for n, v in enumerate(data_list or [], start=1) if v is not None}


class HouseRulesField(forms.MultipleChoiceField):
    """A game's house rules as checkboxes (none ticked: the rulebook's text); ``{"key": true}``
    for those ticked once cleaned. Whether a key belongs to the game is the service's call."""

    widget = forms.CheckboxSelectMultiple

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("label", "House rules")
        kwargs.setdefault("help_text", "None ticked: the game is played by its rulebook's text.")
        super().__init__(choices=(), **kwargs)

    def for_games(self, rulesets) -> None:
        """The choices: each game's house rules (the game named when there are several)."""
        many = len(rulesets) > 1
        self.choices = [
            (rule.key, f"{ruleset.name}: {rule.name}" if many else rule.name.capitalize())
            for ruleset in rulesets
            for rule in getattr(ruleset, "house_rules", ())
        ]

    def prepare_value(self, value):
        if isinstance(value, dict):
            return [key for key, on in value.items() if on is True]
        return value

    def clean(self, value):
        return dict.fromkeys(super().clean(value), True)


# --- a game's name in admin lists (never its slug) -------------------------------------------


@admin.display(description=gettext_lazy("Game"), ordering="ruleset")
def game_column(obj) -> str:
    """A ``list_display`` entry: the game's one name (rulesets.registry.game_name)."""
    return game_name(obj.ruleset)


class GameFilter(admin.SimpleListFilter):
    """A ``list_filter`` entry for a model's ``ruleset``: the games by name."""

    title = gettext_lazy("game")
    parameter_name = "ruleset"

    def lookups(self, request, model_admin):
        return game_choices()

    def queryset(self, request, queryset):
        value = self.value()
        return queryset.filter(ruleset=value) if value else queryset
