"""Logging filters (settings.LOGGING).

``OneLineRefusals``: Django logs a PermissionDenied (403) on ``django.request``, and a
SuspiciousOperation (400) on ``django.security.*``, with the exception attached, so every
refused request printed a traceback. A refusal is an answer the code meant to give, not a
fault: its one line (message, path, status) is kept and the traceback dropped. Errors (5xx)
keep theirs.
"""

from __future__ import annotations

import logging

from django.core.exceptions import PermissionDenied, SuspiciousOperation

REFUSALS = (PermissionDenied, SuspiciousOperation)


class OneLineRefusals(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        status = getattr(record, "status_code", None)
        if isinstance(exc, REFUSALS) and (status is None or status < 500):
            record.exc_info = None
            record.exc_text = None
        return True
