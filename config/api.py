"""API plumbing shared by every app: pagination and one error body for every 4xx.

Every error response is ``{"detail": "<one sentence>", "errors": {"<field>": ["<message>"]}}``.
"""

from __future__ import annotations

import logging

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import DataError, InterfaceError, OperationalError
from django.http import Http404, JsonResponse
from rest_framework import exceptions, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from config.errors import DomainError
from rulesets.core.errors import IllegalAction, InvalidInput, InvalidResult

log = logging.getLogger(__name__)


class Pagination(PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 200


def _flatten(errors, prefix: str = "") -> dict[str, list[str]]:
    """Turn DRF's nested error structure into ``{"a.b.0.c": ["message", ...]}``."""
    flat: dict[str, list[str]] = {}
    if isinstance(errors, dict):
        for key, value in errors.items():
            name = "non_field_errors" if key in ("non_field_errors", "__all__") else str(key)
            path = f"{prefix}.{name}" if prefix and name != "non_field_errors" else (prefix or name)
            for k, v in _flatten(value, path).items():
                flat.setdefault(k, []).extend(v)
    elif isinstance(errors, list):
        if all(not isinstance(e, dict | list) for e in errors):
            flat[prefix or "non_field_errors"] = [str(e) for e in errors]
        else:
            for index, value in enumerate(errors):
                if value:
                    path = f"{prefix}.{index}" if prefix else str(index)
                    for k, v in _flatten(value, path).items():
                        flat.setdefault(k, []).extend(v)
    else:
        flat[prefix or "non_field_errors"] = [str(errors)]
    return flat


def _summary(errors: dict[str, list[str]]) -> str:
    field, messages = next(iter(errors.items()))
    if field == "non_field_errors":
        return messages[0]
    return f"{field}: {messages[0]}"


def error_body(detail: str, errors: dict[str, list[str]] | None = None) -> dict:
    return {"detail": detail, "errors": errors or {}}


def exception_handler(exc, context):
    if isinstance(exc, OperationalError | InterfaceError):
        # The database went away mid-request (a dropped connection, a restart, a deadlock):
        # the request's transaction is rolled back, and a client may send it again (keyed
        # requests, like live actions, are idempotent). A 503 says so; a 500 said "our bug".
        log.warning("database unavailable on %s: %s", context["request"].path, exc)
        return Response(
            error_body("The service is briefly unavailable; try again in a moment."),
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": "1"},
        )
    if isinstance(exc, DataError):
        # A value PostgreSQL refuses to store or compare (a NUL character in text, a number out
        # of range) that no serializer caught: the client's input, so a 400, never a 500. Logged:
        # a field that gets here deserves its own validation and message.
        log.warning("database refused a value on %s: %s", context["request"].path, exc)
        return Response(
            error_body(
                "This request holds a value that cannot be stored "
                "(a NUL character in text, or a number out of range)."
            ),
            status=status.HTTP_400_BAD_REQUEST,
        )
    if isinstance(exc, DomainError):
        return Response(error_body(exc.detail, exc.errors), status=exc.status_code)
    if isinstance(exc, InvalidInput | InvalidResult):
        return Response(
            error_body(f"{exc.field}: {exc.message}", {exc.field: [exc.message]}),
            status=status.HTTP_400_BAD_REQUEST,
        )
    if isinstance(exc, IllegalAction):
        return Response(error_body(exc.reason), status=status.HTTP_409_CONFLICT)
    if isinstance(exc, DjangoValidationError):
        errors = _flatten(exc.message_dict if hasattr(exc, "error_dict") else exc.messages)
        return Response(error_body(_summary(errors), errors), status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()

    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        errors = _flatten(exc.detail)
        response.data = error_body(_summary(errors) if errors else "Invalid input.", errors)
    else:
        detail = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
        if isinstance(detail, dict | list):
            errors = _flatten(detail)
            response.data = error_body(_summary(errors), errors)
        else:
            response.data = error_body(str(detail))
    return response


def json_404(request, exception=None):
    return JsonResponse(error_body("Not found."), status=404)


def json_500(request):
    log.error("unhandled server error on %s", request.path)
    return JsonResponse(error_body("Server error."), status=500)
