"""Token authentication: DRF's, with its one query written once as SQL.

Every API request with a token asks ``Token.objects.select_related("user").get(key=...)``.
Building that query (a join over every column of the user model, ``LIMIT 21``) and two model
instances cost the ORM about a millisecond of Python per request here, as much as all the
rest of a bare endpoint (docs/performance.md, "Web tier"). The same query as SQL, read through
``User.objects.raw`` (which still applies each field's database converters), costs a quarter
of that (drf-spectacular's token scheme matches subclasses: the schema is unchanged).
Nothing is cached: a deleted token or a deactivated user is refused at the next
request, as before.

The answer is DRF's: the same errors (``Invalid token.``, ``User inactive or deleted.``) and
``(user, token)``, the token with only its key loaded (``created`` is read on first use, in a
query of its own; nothing here reads it).
"""

from __future__ import annotations

from functools import cache

from django.contrib.auth import get_user_model
from django.db import connections, router
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token


@cache
def _sql(alias: str) -> str:
    quote = connections[alias].ops.quote_name
    user = get_user_model()
    columns = ", ".join(f"u.{quote(f.column)}" for f in user._meta.concrete_fields)
    owner = Token._meta.get_field("user").column
    key = Token._meta.get_field("key").column
    return (
        f"SELECT {columns} FROM {quote(Token._meta.db_table)} t "
        f"INNER JOIN {quote(user._meta.db_table)} u ON u.{quote(user._meta.pk.column)} = "
        f"t.{quote(owner)} WHERE t.{quote(key)} = %s"
    )


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate_credentials(self, key):
        alias = router.db_for_read(Token)
        found = list(get_user_model().objects.db_manager(alias).raw(_sql(alias), [key]))
        if not found:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        user = found[0]
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        token = Token.from_db(alias, ["key", "user_id"], [key, user.pk])
        token.user = user
        return user, token
