"""Password guessing: one policy for every sign-in door, kept by django-axes.

The doors: the site's form (``/accounts/login/``), the admin's (``/admin/login/``) and the
API's ``POST /api/v1/auth/token/``. Each passes the request to ``authenticate``; axes's backend
(first in AUTHENTICATION_BACKENDS) refuses a locked client before any password is checked, and
counts each failure in PostgreSQL (axes's AccessAttempt rows), so every web process sees the
same counts.

The policy (README "Configuration": SIGNIN_*):

- a (username, address) pair is locked after ``AXES_FAILURE_LIMIT`` failures;
- an address is locked after ``SIGNIN_ADDRESS_FAILURE_LIMIT`` failures, whatever the usernames
  (one address spraying a common password over many accounts);
- a lock ends by itself ``AXES_COOLOFF_TIME`` after the failure that set it; tries during the
  lock are refused without being counted, so hammering on does not make it last longer;
- an unknown username is counted like a known one and gets the same answers, the lock included.

The trade-off: no account is ever locked for everybody. A lock on a username alone would let
anyone lock out any player (or every player, with a list of names) by guessing wrong on
purpose; here a guesser only locks himself out, from his own address. The price: an attacker
with many addresses gets ``AXES_FAILURE_LIMIT`` guesses per address and cool-off on one
account; the password rules (length, not common, not numeric) are what make that too few. And
several people behind one address (a club's network) share its address limit, which is why it
is higher than the pair's.

Which address: the one the API's throttles count (DRF's ``get_ident``: REMOTE_ADDR, or with
BEHIND_PROXY the last X-Forwarded-For hop, the one our proxy added); a client's own
X-Forwarded-For changes nothing.
"""

from __future__ import annotations

import ipaddress
import math

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_cool_off
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext
from rest_framework.throttling import BaseThrottle


def client_address(request: HttpRequest) -> str | None:
    """The client's address as the API's throttles count it (AXES_CLIENT_IP_CALLABLE)."""
    address = BaseThrottle().get_ident(request)
    try:
        return str(ipaddress.ip_address(address))
    except ValueError:
        # Not an address (a proxy that sent something else): the peer's, never a 500.
        return request.META.get("REMOTE_ADDR") or None


def username_key(request: HttpRequest, credentials: dict | None) -> str | None:
    """The username as counted (AXES_USERNAME_CALLABLE): sign-in takes "Doc" for "doc"'s
    name in every way that matters to a guesser, so both count against one pair."""
    username = (credentials or {}).get("username")
    return username.strip().lower()[:150] if isinstance(username, str) else None


def lock_message() -> str:
    minutes = math.ceil(get_cool_off().total_seconds() / 60)
    return gettext(
        "Too many failed sign-ins: signing in from here is paused for %(minutes)s minutes. "
        "Try again later."
    ) % {"minutes": minutes}


def is_locked_out(request: HttpRequest) -> bool:
    """Whether axes refused (or just locked) this request's sign-in."""
    return bool(getattr(request, "axes_locked_out", False))


class SignInLocks(AxesDatabaseHandler):
    """axes's database handler with two limits: the pair's (AXES_FAILURE_LIMIT, axes's own
    comparison) and the address's (SIGNIN_ADDRESS_FAILURE_LIMIT), which axes has no setting
    for: an address at its limit counts as a pair at its own. AXES_LOCKOUT_PARAMETERS names
    the pair first, then the address (tests/security/test_signin_locks.py holds it to that)."""

    def get_failures(self, request, credentials=None) -> int:
        pair, address = (
            attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
            for attempts in self.get_user_attempts(request, credentials)
        )
        if address >= settings.SIGNIN_ADDRESS_FAILURE_LIMIT:
            return max(pair, settings.AXES_FAILURE_LIMIT)
        return pair


def lockout_response(request: HttpRequest, original_response=None, credentials=None):
    """The answer to a locked sign-in (AXES_LOCKOUT_CALLABLE): the door's own answer, which
    already says why (the form's message, the API's error body), as a 429 with Retry-After."""
    if isinstance(original_response, HttpResponse):
        response = original_response
    else:  # axes's ASGI path passes no response
        response = HttpResponse(lock_message(), content_type="text/plain; charset=utf-8")
    response.status_code = 429
    response.reason_phrase = "Too Many Requests"
    response["Retry-After"] = str(int(get_cool_off().total_seconds()))
    return response


class LockAwareAuthenticationForm(AuthenticationForm):
    """A sign-in form that says when signing in is paused, instead of "wrong password"."""

    def get_invalid_login_error(self):
        if is_locked_out(self.request):
            return ValidationError(lock_message(), code="locked")
        return super().get_invalid_login_error()
