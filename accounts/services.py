from __future__ import annotations

from django.contrib.auth import authenticate
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from rest_framework.authtoken.models import Token

from accounts.models import User
from accounts.signin import is_locked_out, lock_message
from config.errors import DomainError


class RegistrationRefused(DomainError):
    pass


class BadCredentials(DomainError):
    status_code = 400


class SignInLocked(DomainError):
    status_code = 429


@transaction.atomic
def register_user(*, username: str, password: str, email: str = "") -> User:
    candidate = User(username=username, email=email)
    try:
        validate_password(password, user=candidate)
    except DjangoValidationError as exc:
        raise RegistrationRefused(" ".join(exc.messages), field="password") from None
    if User.objects.filter(username__iexact=username).exists():
        raise RegistrationRefused("This username cannot be used; choose another.", field="username")
    candidate.set_password(password)
    try:
        with transaction.atomic():
            candidate.save()
    except IntegrityError:  # two registrations racing for one name
        raise RegistrationRefused(
            "This username cannot be used; choose another.", field="username"
        ) from None
    return candidate


def issue_token(*, request: HttpRequest, username: str, password: str) -> str:
    """The user's token. ``request`` is the client's: the sign-in locks count by its address
    (accounts/signin.py), as they do for the site's and the admin's forms."""
    user = authenticate(request, username=username, password=password)
    if user is None and is_locked_out(request):
        raise SignInLocked(lock_message(), field="non_field_errors")
    if user is None:
        # One message for an unknown user and a wrong password: no account enumeration.
        raise BadCredentials("Unable to sign in with these credentials.", field="non_field_errors")
    return token_for(user)


def token_for(user: User) -> str:
    token, _ = Token.objects.get_or_create(user=user)
    return token.key
