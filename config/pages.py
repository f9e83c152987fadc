"""Glue between the pages' forms and the services, for every app's pages: a domain error goes
next to its field, in the service's own words (the same sentence the API answers with)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.db import transaction

from config.errors import DomainError
from rulesets.core.errors import IllegalAction, InvalidInput, InvalidResult


def error_of(exc: Exception) -> tuple[str | None, str, int]:
    """(field, message, HTTP status) of an error a service may raise."""
    if isinstance(exc, DomainError):
        return exc.field, exc.detail, exc.status_code
    if isinstance(exc, InvalidInput | InvalidResult):
        return exc.field, exc.message, 400
    if isinstance(exc, IllegalAction):
        return None, exc.reason, 409
    raise exc


SERVICE_ERRORS = (DomainError, InvalidInput, InvalidResult, IllegalAction)


def add_service_error(form: forms.Form, exc: Exception, *, fields: dict[str, str] | None = None):
    """Put the service's message on the form field it names (``fields`` maps the service's
    field names to the form's when they differ), else at the top of the form."""
    field, message, status = error_of(exc)
    name = (fields or {}).get(field, field)
    form.add_error(name if name in form.fields else None, message)
    form.status = status
    return form


def call_service(form: forms.Form, call: Callable[[], Any], **kwargs) -> Any:
    """Run ``call``; on a domain error, record it on ``form`` and return None."""
    try:
        return call()
    except SERVICE_ERRORS as exc:
        add_service_error(form, exc, **kwargs)
        return None


class _DryRun(Exception):
    def __init__(self, value):
        self.value = value


def dry_run(call: Callable[[], Any]) -> Any:
    """Run a service and roll everything back: what it would cost, or why it would fail,
    decided by the service itself. Raises the service's error, if any.

    Trade-off: a preview takes the gang's row lock for a moment; it never keeps a write.
    """
    try:
        with transaction.atomic():
            raise _DryRun(call())
    except _DryRun as done:
        return done.value


def form_status(*forms_: forms.Form | None) -> int:
    """The status of a page re-rendered with a failed form: the service's 4xx, else 400."""
    for form in forms_:
        if form is not None and form.errors:
            return getattr(form, "status", 400)
    return 200


class ServiceErrorPages:
    """A domain error that a page did not catch (not your gang, a closed round...) becomes a
    page with the service's sentence and its 4xx, never a 500. The API has its own handler."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if request.path.startswith("/api/") or not isinstance(exception, SERVICE_ERRORS):
            return None
        from django.shortcuts import render

        _, message, status = error_of(exception)
        return render(request, "web/error.html", {"message": message}, status=status)
