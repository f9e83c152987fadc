"""Glue between the pages' forms and the services, for every app's pages: a domain error goes
next to its field, in the service's own words (the same sentence the API answers with)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django import forms
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.core.signals import got_request_exception
from django.db import transaction
from django.http import Http404

from config.errors import DomainError
from rulesets.core.errors import IllegalAction, InvalidInput, InvalidResult

log = logging.getLogger("django.request")


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
        response = self.get_response(request)
        if settings.DEBUG and response.status_code == 404 and _debug_page(response):
            # An address no URL matches, under DEBUG: Django's page for developers, made
            # where no middleware hook reaches. People see the site's own, as in production,
            # and API clients the API's body.
            if request.path.startswith("/api/"):
                from config.api import json_404

                return json_404(request)
            return _page(request, "web/404.html", 404)
        return response

    def process_exception(self, request, exception):
        if request.path.startswith("/api/"):
            return None
        if isinstance(exception, SERVICE_ERRORS):
            _, message, status = error_of(exception)
            return _page(request, "web/error.html", status, {"message": message})
        if not settings.DEBUG:
            return None  # handler403/404/500 (config/urls.py) draw the same pages
        # Under DEBUG (make run) the same pages as in production, not Django's debug pages.
        if isinstance(exception, Http404):
            return _page(request, "web/404.html", 404)
        if isinstance(exception, PermissionDenied):
            return _page(request, "web/403.html", 403)
        # The traceback still reaches the console (and a test client re-raises it).
        log.error("unhandled server error on %s", request.path, exc_info=exception)
        got_request_exception.send(sender=type(self), request=request)
        return _page(request, "web/500.html", 500)


def _page(request, template: str, status: int, context: dict | None = None):
    from django.shortcuts import render

    return render(request, template, context or {}, status=status)


def _debug_page(response) -> bool:
    """Whether ``response`` is Django's technical 404 page (drawn under DEBUG only)."""
    if not response.get("Content-Type", "").startswith("text/html"):
        return False
    return b"DEBUG = True" in getattr(response, "content", b"")
