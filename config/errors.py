"""Domain errors: exception classes that carry the facts; the API turns them into 4xx bodies.

Services raise these; views never build error bodies by hand. ``field`` names the request
field at fault (dotted for nested input) so a client can put the message next to it.
"""

from __future__ import annotations


class DomainError(Exception):
    status_code = 400
    default_field: str | None = None

    def __init__(self, detail: str, *, field: str | None = None):
        super().__init__(detail)
        self.detail = detail
        self.field = field if field is not None else self.default_field

    @property
    def errors(self) -> dict[str, list[str]]:
        return {self.field: [self.detail]} if self.field else {}


class NotAllowed(DomainError):
    """The caller may not do this (not the owner, not an arbitrator...)."""

    status_code = 403


class Conflict(DomainError):
    """The request is well-formed but the current state forbids it (round closed, not your turn)."""

    status_code = 409
