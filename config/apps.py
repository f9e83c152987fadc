"""The project package as an app: what every API serializer shares is installed here, once,
when Django starts (``ready``), so no serializer has to opt in."""

from __future__ import annotations

from django.apps import AppConfig

# A choice error lists the valid choices up to this many; a longer list is cut with "...".
MAX_CHOICES_LISTED = 30


class PosseConfig(AppConfig):
    name = "config"
    verbose_name = "Posse"

    def ready(self):
        install_choice_errors()


def install_choice_errors() -> None:
    """Every ``ChoiceField`` (and ``MultipleChoiceField``, which asks it per item) names the
    valid choices in its error: '"x" is not a valid choice; choose one of: a, b, c.'
    DRF's own message stops at "is not a valid choice", which leaves a client guessing."""
    from rest_framework import fields

    if getattr(fields.ChoiceField.to_internal_value, "lists_choices", False):
        return
    original = fields.ChoiceField.to_internal_value

    def to_internal_value(self, data):
        try:
            return original(self, data)
        except fields.ValidationError as exc:
            if exc.get_codes() != ["invalid_choice"]:
                raise
            raise fields.ValidationError(
                choice_error(data, self.choice_strings_to_values), "invalid_choice"
            ) from None

    to_internal_value.lists_choices = True
    fields.ChoiceField.to_internal_value = to_internal_value


def choice_error(value, choices) -> str:
    names = [str(c) for c in choices]
    listed = ", ".join(names[:MAX_CHOICES_LISTED]) + (
        ", ..." if len(names) > MAX_CHOICES_LISTED else ""
    )
    shown = str(value)[:50]
    return f'"{shown}" is not a valid choice; choose one of: {listed}.'
