"""Parsing league requests: JSON only, at most 64 KB, no NaN, and a key given twice
remembered so that a player listed twice is refused rather than silently kept once."""

from __future__ import annotations

import json
import math

from rest_framework import serializers
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

MAX_BODY_BYTES = 64 * 1024

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


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large a number")
    return value


class LeagueJSONParser(JSONParser):
    """JSON only, at most 64 KB, no NaN; a player listed twice in ``{"placements": {...}}``
    is remembered (plain JSON parsing keeps only the last) so the API can refuse it."""

    def parse(self, stream, media_type=None, parser_context=None):
        raw = stream.read(MAX_BODY_BYTES + 1)
        if len(raw) > MAX_BODY_BYTES:
            raise ParseError(f"The request body is larger than {MAX_BODY_BYTES // 1024} KB.")
        try:
            return json.loads(
                raw.decode("utf-8"),
                object_pairs_hook=_object,
                parse_constant=_refuse_constant,
                parse_float=_finite_float,
            )
        except (ValueError, RecursionError) as exc:
            raise ParseError(f"JSON parse error: {str(exc)[:200]}") from None


class PlayerMapField(serializers.DictField):
    """An object keyed by username, each username once."""

    def to_internal_value(self, data):
        for key in getattr(data, "repeated", ()):
            raise serializers.ValidationError({key: [f"'{key}' is listed more than once."]})
        return super().to_internal_value(data)
