"""Roster writes a client may retry: a purchase, a sale or a credit adjustment sent with an
``Idempotency-Key`` is made once per key of the caller (config/idempotency.py).

The key is claimed first, in the write's own transaction (a ``KeyedWrite`` row, unique per
user and key), then the write runs and its answer is stored on that row before the commit.
So a committed write always has its key, and a write that failed or was refused leaves none:
its retry is tried afresh. A retry of a committed write gets the first answer again, as it was
(status and body, with ``Idempotent-Replayed: true``); a retry that arrives while the first
try is still running waits for it at the claim. The same key with another request (another
body, another gang, another endpoint) is a 409 naming the header. A key is kept for
``IDEMPOTENCY_KEY_HOURS`` (a day), then forgotten: sent again after that, it is a new write.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.response import Response

from config import idempotency
from rosters.models import KeyedWrite

UNIQUE_KEY = "one_roster_write_per_key"
REPLAYED = "Idempotent-Replayed"

PARAMETER = idempotency.parameter(
    required=False,
    description="Optional: a unique string per write (e.g. a UUID). Sent again with the same "
    "request, the write is not made twice: the first answer comes back. The same key with "
    "another request is a 409.",
)


def keyed(request, write: Callable[[], Response]) -> Response:
    """``write()``'s answer, made once per ``Idempotency-Key`` of the caller (when sent)."""
    key = request.headers.get(idempotency.HEADER)
    if key is None:
        return write()
    key = idempotency.checked_key(key, missing="An Idempotency-Key cannot be blank.")
    asked = idempotency.fingerprint(request.method, request.path, request.data)
    with transaction.atomic():
        claim = idempotency.insert_once(
            KeyedWrite(user=request.user, key=key, request=asked), constraint=UNIQUE_KEY
        )
        if claim is None:
            return _first_answer(request.user, key, asked)
        response = write()
        claim.status = response.status_code
        claim.answer = json.dumps(response.data, cls=DjangoJSONEncoder)
        claim.save(update_fields=["status", "answer"])
    return response


def _first_answer(user, key: str, asked: str) -> Response:
    first = KeyedWrite.objects.get(user=user, key=key)
    if first.request != asked:
        raise idempotency.IdempotencyKeyReused(
            _(
                "This Idempotency-Key was already used for a different request; "
                "use a new key for a new write."
            )
        )
    answer = json.loads(first.answer)
    return Response(answer, status=first.status, headers={REPLAYED: "true"})


def forget_old_keys() -> int:
    """Delete the keys older than ``IDEMPOTENCY_KEY_HOURS`` (beat, hourly): a retry comes
    within minutes, and the table stays the size of a day's keyed writes. How many went."""
    since = timezone.now() - timedelta(hours=settings.IDEMPOTENCY_KEY_HOURS)
    deleted, _ = KeyedWrite.objects.filter(at__lt=since).delete()
    return deleted
