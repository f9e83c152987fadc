"""What every writable serializer shares: a key the client may not write is refused, naming it.

DRF drops keys it does not know and fields that are read-only, so
``PATCH campaigns/{id}/ {"ruleset": ...}`` answered 200 and changed nothing: the client
believed it had. A serializer using ``RefuseUnwritable`` answers 400 instead, naming every
such key (``errors.ruleset``), and lists what it does take.
"""

from __future__ import annotations

from collections.abc import Mapping

from rest_framework import serializers


class RefuseUnwritable:
    """Mixin for an input serializer: every key of the body must be a writable field.

    ``read_only_on_update`` names fields that are writable when creating but fixed after
    (refused when the serializer is ``partial``, as a PATCH is); ``read_only_names`` the
    fields of the resource this request does not write."""

    read_only_on_update: tuple[str, ...] = ()
    # Fields the resource shows but this request never writes (credits, status...): named
    # "read-only" in the refusal rather than "unknown".
    read_only_names: tuple[str, ...] = ()

    def writable_names(self) -> list[str]:
        fixed = self.read_only_on_update if self.partial else ()
        return [
            name for name, field in self.fields.items() if not field.read_only and name not in fixed
        ]

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            writable = self.writable_names()
            refused = [key for key in data if key not in writable]
            if refused:
                fixed = set(self.read_only_on_update) if self.partial else set()
                takes = ", ".join(writable) or "nothing"
                errors = {}
                for key in refused:
                    key = str(key)[:60]
                    shown = key in self.read_only_names or key in self.fields
                    if key in fixed or shown:
                        errors[key] = [f"This field is read-only here; this request takes {takes}."]
                    else:
                        errors[key] = [f"Unknown field; this request takes {takes}."]
                raise serializers.ValidationError(errors)
        return super().to_internal_value(data)


class RoundedFloatField(serializers.FloatField):
    """A float as people read it: ``decimals`` places (a rating's mu 27.87, not
    27.871234567891234). The stored value keeps every digit; only what is shown is rounded."""

    def __init__(self, *, decimals: int = 2, **kwargs):
        self.decimals = decimals
        super().__init__(**kwargs)

    def to_representation(self, value):
        return round(float(value), self.decimals)
