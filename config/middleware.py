"""Every write to the API has its body checked, whether or not its view reads one.

The guarded parser (config/parsers.py) runs when a view reads ``request.data``; a view that
takes no input (resign, approve, close a round) never parses its body, so a 10 MB or
10,000-deep body there would be ignored and the write would go ahead. This middleware applies
the parser's own limits to the body of every unsafe request under /api/ before any view runs:
too large (by Content-Length, before reading it) is a 413, a body that is not JSON a 415,
malformed JSON, nesting too deep or text that cannot be stored a 400, each with the API's
error body. The parsed body is kept on
the request, so the parser does not parse it twice.
"""

from __future__ import annotations

from django.http import JsonResponse
from rest_framework.exceptions import APIException, UnsupportedMediaType, ValidationError

from config.parsers import MAX_BODY_BYTES, declared_length, parse_json, too_large

UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}


class GuardedBodyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.method not in UNSAFE or not request.path.startswith("/api/"):
            return None
        limit = _limit(view_func)
        length = declared_length(request.META)
        if length > limit:
            return _refusal(too_large(limit))
        if not length:
            return None
        if request.content_type != "application/json":
            return _refusal(UnsupportedMediaType(request.content_type))
        try:
            request.guarded_json = parse_json(request.body)
        except APIException as exc:
            return _refusal(exc)
        return None


def _limit(view_func) -> int:
    """A view (or a viewset action, through its initkwargs) may read more than the default."""
    initkwargs = getattr(view_func, "initkwargs", None) or {}
    view_class = getattr(view_func, "cls", None)
    return (
        initkwargs.get("max_body_bytes")
        or getattr(view_class, "max_body_bytes", None)
        or MAX_BODY_BYTES
    )


def _refusal(exc: APIException) -> JsonResponse:
    from config.api import _flatten, _summary, error_body

    if isinstance(exc, ValidationError):
        errors = _flatten(exc.detail)
        body = error_body(_summary(errors), errors)
    else:
        body = error_body(str(exc.detail))
    return JsonResponse(body, status=exc.status_code)
