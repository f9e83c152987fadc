"""The one JSON parser of the API (REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]).

Everything a client sends is checked here, once, before any view or serializer sees it:

- size: at most ``MAX_BODY_BYTES`` (a view may allow more with ``max_body_bytes``); a bigger
  body is a 413 with the API's error body, refused from its Content-Length before it is read;
- shape: nesting deeper than ``MAX_DEPTH`` is a 400 (the stock parser let a deep body raise
  RecursionError, a 500, and a merely deep one could still exhaust the stack further in);
- numbers: NaN, Infinity and floats too large to be finite are a 400 (PostgreSQL's jsonb
  refuses them: a 500 when they got that far), and so are integers of thousands of digits;
- text: a lone surrogate (``"\\ud800"`` is valid JSON but no UTF-8 encodes it) or a NUL
  character (PostgreSQL text cannot hold one) anywhere, in a key or a value, is a 400 that
  names where it is, as a dotted path (``fighters.2.name``) like every other field error.

Why at parse time: every string field of every write endpoint is covered at once, including
those that reach a JSONField or a log line without a serializer field in between.
"""

from __future__ import annotations

import json
import math

from rest_framework import exceptions, status
from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.parsers import JSONParser

MAX_BODY_BYTES = 64 * 1024
MAX_DEPTH = 32


class BodyTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "The request body is too large."
    default_code = "body_too_large"


def too_large(limit: int) -> BodyTooLarge:
    return BodyTooLarge(f"The request body is larger than {limit // 1024} KB.")


class GuardedJSONParser(JSONParser):
    """JSON only, within size, depth and text limits (see the module docstring).

    Subclasses may set ``object_pairs_hook`` (leagues remember a key given twice).
    """

    object_pairs_hook = None

    def parse(self, stream, media_type=None, parser_context=None):
        limit = body_limit(parser_context)
        request = (parser_context or {}).get("request")
        http_request = getattr(request, "_request", None)
        if type(self).object_pairs_hook is None and hasattr(http_request, "guarded_json"):
            return http_request.guarded_json  # parsed (and checked) by GuardedBodyMiddleware
        if request is not None and declared_length(request.META) > limit:
            raise too_large(limit)
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise too_large(limit)
        return parse_json(raw, object_pairs_hook=type(self).object_pairs_hook)


def parse_json(raw: bytes, *, object_pairs_hook=None):
    """The body as data, or ParseError / ValidationError (naming the path) when refused."""
    try:
        data = json.loads(
            raw.decode("utf-8"),
            object_pairs_hook=object_pairs_hook,
            parse_constant=_refuse_constant,
            parse_float=_finite_float,
        )
    except (ValueError, RecursionError) as exc:
        # ValueError covers bad UTF-8 (UnicodeDecodeError), bad JSON and huge integers.
        raise ParseError(f"JSON parse error: {str(exc)[:200]}") from None
    check_tree(data)
    return data


def body_limit(parser_context) -> int:
    view = (parser_context or {}).get("view")
    return getattr(view, "max_body_bytes", None) or MAX_BODY_BYTES


def declared_length(meta) -> int:
    try:
        return int(meta.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large a number")
    return value


def text_problem(text: str) -> str | None:
    """Why this text cannot be stored (None when it can)."""
    if "\x00" in text:
        return "Text cannot contain a NUL character."
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "Text must be valid Unicode (it holds a lone surrogate, e.g. \\ud800)."
    return None


def check_tree(data) -> None:
    """Refuse nesting deeper than MAX_DEPTH and text that cannot be stored, naming the path.

    Iterative, so that the check itself cannot run out of stack.
    """
    stack = [(data, (), 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, str):
            problem = text_problem(value)
            if problem:
                raise ValidationError({_dotted(path): [problem]})
        elif isinstance(value, dict | list):
            if depth >= MAX_DEPTH:
                raise ParseError(f"The body nests deeper than {MAX_DEPTH} levels.")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, child in items:
                problem = text_problem(key) if isinstance(key, str) else None
                if problem:
                    raise ValidationError({_dotted(path): [f"A key: {problem}"]})
                stack.append((child, (*path, key), depth + 1))


def _dotted(path: tuple) -> str:
    # A key that cannot be printed is never part of the path: it was refused above.
    return ".".join(str(part) for part in path) or "non_field_errors"
