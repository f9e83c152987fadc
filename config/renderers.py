"""The API's JSON renderer: DRF's output, written by orjson.

DRF's ``JSONRenderer`` runs ``json.dumps`` with a Python ``default`` hook: for a gang detail,
a large part of what the whole request costs once the roster is cached; orjson writes the
same bytes many times faster (docs/performance.md, "Web tier").

Same output as DRF's renderer, byte for byte (tests/foundation/test_renderer.py): compact
separators, UTF-8 (``UNICODE_JSON``), datetimes in ISO 8601 with ``Z`` for UTC, U+2028 and
U+2029 escaped (a strict JavaScript subset), non-string keys written as strings; anything
orjson does not know natively (Decimal, lazy translations, a generator...) goes through DRF's
own encoder. Whatever orjson refuses (an int beyond 64 bits, a lone surrogate), and any
indented output (the browsable API, ``Accept: application/json; indent=4``), is handed to
DRF's renderer unchanged. One difference accepted: a float NaN or infinity becomes ``null``,
where DRF's strict mode raised (a 500).

``iso_datetime`` is the one way the flat response writers (a gang, a match, an action) write
a datetime: as DRF's ``DateTimeField`` would, without a field per value.

Only the renderer: request parsing (config/ and the apps' guarded parsers) stays as it is.
"""

from __future__ import annotations

from datetime import datetime

import orjson
from django.utils import timezone
from rest_framework.renderers import JSONRenderer
from rest_framework.utils.encoders import JSONEncoder

OPTIONS = orjson.OPT_UTC_Z | orjson.OPT_NON_STR_KEYS
_drf_default = JSONEncoder().default


class ORJSONRenderer(JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        if data is None:
            return b""
        if self.get_indent(accepted_media_type, renderer_context or {}) is not None:
            return super().render(data, accepted_media_type, renderer_context)
        try:
            out = orjson.dumps(data, default=_drf_default, option=OPTIONS)
        except (orjson.JSONEncodeError, TypeError, ValueError):
            return super().render(data, accepted_media_type, renderer_context)
        if b"\xe2\x80\xa8" in out or b"\xe2\x80\xa9" in out:
            out = out.replace(b"\xe2\x80\xa8", b"\\u2028").replace(b"\xe2\x80\xa9", b"\\u2029")
        return out


def iso_datetime(value: datetime | None) -> str | None:
    """As DRF's DateTimeField writes it: ISO 8601 in the current time zone, UTC as ``Z``."""
    if value is None:
        return None
    text = timezone.localtime(value).isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text
