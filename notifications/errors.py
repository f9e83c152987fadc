from __future__ import annotations

from config.errors import DomainError


class NotificationError(DomainError):
    """Bad input to a notification write; ``errors`` may name several fields at once."""

    def __init__(self, detail: str, *, field: str | None = None, errors: dict | None = None):
        super().__init__(detail, field=field)
        self.many = errors

    @property
    def errors(self) -> dict[str, list[str]]:
        return self.many if self.many is not None else super().errors


class NotInInbox(NotificationError):
    status_code = 404
