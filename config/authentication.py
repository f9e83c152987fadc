"""Token authentication: DRF's, with its one query compiled once and sent prepared.

Every API request with a token asks ``Token.objects.select_related("user").get(key=...)``.
Building that query (a join over every column of the user model, ``LIMIT 21``) and two model
instances cost the ORM about a millisecond of Python per request here, as much as all the
rest of a bare endpoint (docs/performance.md, "Web tier"). The same query is compiled by the
ORM once per thread (config/compiled.py ``Prepared``): on PostgreSQL it is sent as a prepared
statement, which PostgreSQL planned on every request before (0.14 ms, longer than it ran it:
docs/performance.md, "Turns over HTTP, fourth pass"), and its one row goes through the
compiler's own converters into ``User.from_db``. Nothing is cached: a deleted token or a
deactivated user is refused at the next request, as before.

The answer is DRF's: the same errors (``Invalid token.``, ``User inactive or deleted.``) and
``(user, token)``, the token with only its key loaded (``created`` is read on first use, in a
query of its own; nothing here reads it).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import router
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token

from config.compiled import Prepared, per_thread

# A key no token has (keys are 40 hex digits): the parameter the real key takes the place of.
_ANY_KEY = "posse:any-token-key"


class _UserByKey:
    """The user whose token has a key, as ``User.from_db`` builds it from its columns."""

    def __init__(self, alias: str):
        user = get_user_model()
        self.alias, self.model = alias, user
        queryset = user.objects.filter(auth_token__key=_ANY_KEY).order_by()
        self.query = Prepared(queryset, alias, (_ANY_KEY,))
        select = self.query.compiler.select[: self.query.compiler.col_count]
        self.names = [column.target.attname for column, _sql, _alias in select]
        assert self.names == [f.attname for f in user._meta.concrete_fields]

    def get(self, key: str):
        rows = self.query.rows(key)
        return self.model.from_db(self.alias, self.names, rows[0]) if rows else None


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate_credentials(self, key):
        alias = router.db_for_read(Token)
        user = per_thread("token-user", _UserByKey, alias).get(key)
        if user is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        token = Token.from_db(alias, ["key", "user_id"], [key, user.pk])
        token.user = user
        return user, token
