"""The API's token sign-in: DRF's ``TokenAuthentication`` (its header, its answers), with the
token and its user read by one SQL statement written once.

Every API request a token signs sends this read. Django's building and compiling of the
``select_related`` query cost more than running it (docs/performance.md, "Hot reads"); the
statement is the same join, sent through ``raw()``. What DRF answers is unchanged: an unknown
key is "Invalid token.", an inactive user "User inactive or deleted.", and ``request.auth``
is the token, whose ``user`` is ``request.user``.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import router
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token

User = get_user_model()

# The user's row and when its token was made (``token_created``), found by the key.
_SQL = (
    f"SELECT u.*, t.created AS token_created FROM {Token._meta.db_table} t"
    f" JOIN {User._meta.db_table} u ON u.id = t.user_id WHERE t.key = %s"
)


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate_credentials(self, key):
        user = next(iter(User.objects.raw(_SQL, [key])), None)
        if user is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        created = user.__dict__.pop("token_created")
        token = Token.from_db(
            router.db_for_read(Token), ["key", "user_id", "created"], [key, user.pk, created]
        )
        token.user = user
        return user, token
