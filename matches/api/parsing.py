"""Parsing match requests: the API's one guarded JSON parser (config/parsers.py: size, depth,
NaN, huge numbers and text that cannot be stored, each a 4xx, never a 500), named here because
live play relies on it."""

from __future__ import annotations

from rest_framework.views import APIView

from config.parsers import MAX_BODY_BYTES, GuardedJSONParser

__all__ = ["MAX_BODY_BYTES", "GuardedAPIView", "GuardedJSONParser"]


class GuardedAPIView(APIView):
    parser_classes = [GuardedJSONParser]
