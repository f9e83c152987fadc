"""Parsing league requests: the API's guarded JSON parser, and a key given twice remembered so
that a player listed twice is refused rather than silently kept once."""

from __future__ import annotations

from rest_framework import serializers

from config.parsers import MAX_BODY_BYTES, GuardedJSONParser

__all__ = ["MAX_BODY_BYTES", "KeyedDict", "LeagueJSONParser", "PlayerMapField"]

# --- parsing: JSON that remembers a key given twice ---------------------------------------------


class KeyedDict(dict):
    """A JSON object; ``repeated`` lists the keys it was given more than once."""

    repeated: tuple[str, ...] = ()


def _object(pairs):
    out = KeyedDict()
    seen = []
    for key, value in pairs:
        if key in out:
            seen.append(key)
        out[key] = value
    out.repeated = tuple(seen)
    return out


class LeagueJSONParser(GuardedJSONParser):
    """The API's guarded parser (config/parsers.py); a player listed twice in
    ``{"placements": {...}}`` is remembered (plain JSON parsing keeps only the last) so the
    API can refuse it."""

    object_pairs_hook = _object


class PlayerMapField(serializers.DictField):
    """An object keyed by username, each username once."""

    def to_internal_value(self, data):
        for key in getattr(data, "repeated", ()):
            raise serializers.ValidationError({key: [f"'{key}' is listed more than once."]})
        return super().to_internal_value(data)
