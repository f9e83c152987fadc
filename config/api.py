"""API plumbing shared by every app: pagination and one error body for every 4xx.

Every error response is ``{"detail": "<one sentence>", "errors": {"<field>": ["<message>"]}}``.
"""

from __future__ import annotations

import logging
from functools import cache

from django.apps import apps
from django.core.exceptions import (
    PermissionDenied,
    RequestDataTooBig,
    SuspiciousOperation,
    TooManyFieldsSent,
)
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import DataError, IntegrityError, InterfaceError, OperationalError, models
from django.http import Http404, JsonResponse
from django.views.defaults import bad_request
from rest_framework import exceptions, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from config.errors import DomainError
from config.parsers import MAX_BODY_BYTES
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


# --- a unique constraint the database enforced: which request field was it? -------------------

# Where the constraint's first plain field is not what the request calls it.
CONSTRAINT_FIELDS = {
    "league_member_once": "username",
}


@cache
def _unique_constraints() -> dict[str, str]:
    """Every unique constraint of every model, by the name PostgreSQL reports: the request
    field it guards."""
    by_name: dict[str, str] = {}
    for model in apps.get_models():
        table = model._meta.db_table
        for constraint in model._meta.constraints:
            if not isinstance(constraint, models.UniqueConstraint):
                continue
            names = list(constraint.fields) or [
                ref for expression in constraint.expressions for ref in _field_refs(expression)
            ]
            fields = [model._meta.get_field(name) for name in names]
            plain = [f for f in fields if not f.is_relation] or fields[-1:]
            field = CONSTRAINT_FIELDS.get(constraint.name, plain[0].name if plain else None)
            if field is not None:
                by_name[constraint.name] = field
        for f in model._meta.concrete_fields:
            if f.unique and not f.primary_key:
                by_name[f"{table}_{f.column}_key"] = f.name  # PostgreSQL's name for it
    return by_name


def _field_refs(expression) -> list[str]:
    if isinstance(expression, models.F):
        return [expression.name]
    return [ref for source in expression.get_source_expressions() for ref in _field_refs(source)]


def unique_violation_field(exc: IntegrityError) -> tuple[bool, str | None]:
    """(whether a unique constraint was violated, the request field it guards): psycopg's
    diagnostics name the constraint."""
    diag = getattr(exc.__cause__, "diag", None)
    if diag is None or getattr(exc.__cause__, "sqlstate", None) != "23505":
        return False, None
    return True, _unique_constraints().get(diag.constraint_name or "")


def _integrity_response(exc: IntegrityError, path: str) -> Response:
    unique, field = unique_violation_field(exc)
    # Services check before they write; the database is the last word when two requests
    # race past the check (or a rule lives only in a constraint). Either way it is a refusal
    # of this request in the current state, not a server fault.
    log.info("integrity error on %s: %s", path, exc)
    if unique:
        message = "This is already taken: another record has the same value."
        return Response(
            error_body(
                f"{field}: {message}" if field else message, {field: [message]} if field else None
            ),
            status=status.HTTP_409_CONFLICT,
        )
    return Response(
        error_body("This request conflicts with the current state of the data."),
        status=status.HTTP_409_CONFLICT,
    )


def body_too_large_response() -> Response:
    return Response(
        error_body(f"The request body is larger than {MAX_BODY_BYTES // 1024} KB."),
        status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
    )


def exception_handler(exc, context):
    if isinstance(exc, RequestDataTooBig):
        # Django's own limit (DATA_UPLOAD_MAX_MEMORY_SIZE), met when a form body is read.
        return body_too_large_response()
    if isinstance(exc, TooManyFieldsSent | SuspiciousOperation):
        return Response(error_body(str(exc) or "Bad request."), status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, IntegrityError):
        return _integrity_response(exc, context["request"].path)
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


def json_400(request, exception=None):
    """Django's 400 (a SuspiciousOperation outside DRF, e.g. a body over Django's own limit):
    the API's error body under /api/, Django's page elsewhere."""
    if not request.path.startswith("/api/"):
        return bad_request(request, exception)
    if isinstance(exception, RequestDataTooBig):
        return JsonResponse(body_too_large_response().data, status=413)
    return JsonResponse(error_body("Bad request."), status=400)


def json_404(request, exception=None):
    return JsonResponse(error_body("Not found."), status=404)


def json_500(request):
    log.error("unhandled server error on %s", request.path)
    return JsonResponse(error_body("Server error."), status=500)
