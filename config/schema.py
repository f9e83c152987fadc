"""The OpenAPI schema documents the error answers too, not only the happy path.

Every 4xx carries the same body (config/api.py), so each operation lists the error codes it
can give, derived from what the operation is: input can be refused (400), a signed-in caller is
required (401, 403), a path names an object or a list is paged (404), a write can meet a state
that forbids it (409), a body can be too large (413) or come in a media type it does not read
(415), and every view is rate-limited (429). Clients (and the schemathesis run in
tests/fuzz/) can then tell a documented refusal from a surprise.
"""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from rest_framework import serializers
from rest_framework.permissions import AllowAny

UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}
DESCRIPTIONS = {
    "400": "The input is refused; `errors` names each field at fault.",
    "401": "Sign in: no valid token or session.",
    "403": "Signed in, but not allowed to do this.",
    "404": "No such object (or page).",
    "409": "The request is well-formed but the current state forbids it.",
    "413": "The body is larger than this operation reads.",
    "415": "The body is not in a media type this operation reads (see requestBody).",
    "429": "Too many requests; wait and try again.",
}


class ErrorBodySerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="One sentence a player can read.")
    errors = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="Messages by field (dotted for nested input); empty when no field is at fault.",
    )


class AutoSchema(SpectacularAutoSchema):
    def get_operation(self, path, path_regex, path_prefix, method, registry):
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is None:
            return None
        responses = operation["responses"]
        for code in self._error_codes(operation):
            if code not in responses:
                response = self._get_response_for_code(ErrorBodySerializer, code)
                responses[code] = {**response, "description": DESCRIPTIONS[code]}
        return operation

    def _error_codes(self, operation: dict) -> list[str]:
        parameters = operation.get("parameters", [])
        codes = []
        # Text in a path can carry what the database refuses (a NUL character): a 400 too.
        if "requestBody" in operation or any(
            p["in"] != "path" or p.get("schema", {}).get("type") == "string" for p in parameters
        ):
            codes.append("400")
        if not all(isinstance(p, AllowAny) for p in self.view.get_permissions()):
            if self.view.get_authenticators():
                codes.append("401")
            codes.append("403")
        paged = self.method == "GET" and self._is_list_view() and self._get_paginator()
        if paged or any(p["in"] == "path" for p in parameters):
            codes.append("404")
        if self.method in UNSAFE:
            codes.append("409")
        if "requestBody" in operation:
            codes += ["413", "415"]
        if self.view.get_throttles():
            codes.append("429")
        return codes


class TokenScheme(OpenApiAuthenticationExtension):
    """Swagger's "Authorize" box sends what is typed as it is, so say what to type."""

    target_class = "accounts.authentication.TokenAuthentication"
    name = "tokenAuth"
    priority = 1  # before drf-spectacular's own scheme for DRF's TokenAuthentication

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "Type `Token <key>`: the word Token, a space, then the key that "
            "`POST /api/v1/auth/token/` answers (for example `Token 9944b09199c62bcf9418ad846dd0e4"
            "bbdfc6ee4b`).",
        }
