"""Parsing match requests: JSON only, at most 64 KB, no NaN, Infinity, huge numbers or deep
nesting (each a 400, never a 500)."""

from __future__ import annotations

import json
import math

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser
from rest_framework.views import APIView

MAX_BODY_BYTES = 64 * 1024


class GuardedJSONParser(JSONParser):
    """JSON only, at most 64 KB; NaN, Infinity, huge numbers and deep nesting are a 400.

    The stock parser lets a deeply nested body raise RecursionError (a 500) and accepts
    NaN, which PostgreSQL's jsonb then refuses (another 500).
    """

    def parse(self, stream, media_type=None, parser_context=None):
        raw = stream.read(MAX_BODY_BYTES + 1)
        if len(raw) > MAX_BODY_BYTES:
            raise ParseError(f"The request body is larger than {MAX_BODY_BYTES // 1024} KB.")
        try:
            return json.loads(
                raw.decode("utf-8"), parse_constant=_refuse_constant, parse_float=_finite_float
            )
        except (ValueError, RecursionError) as exc:
            raise ParseError(f"JSON parse error: {str(exc)[:200]}") from None


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large a number")
    return value


class GuardedAPIView(APIView):
    parser_classes = [GuardedJSONParser]
