"""The Idempotency-Key: one rule for every write a client may retry after a lost answer.

A write sent with a key is made once per key: the key is stored in the write's own
transaction, on a row with a unique constraint, so a retry finds it (or waits for the first
try to commit, then finds it) and gets the first answer instead of a second write. The same
key with a different request is refused (409, naming the header): the client mixed up its
keys, and guessing which request it meant would be worse.

Two writes use it. A live action keeps its key on its own row (``MatchAction``: one key per
seat of a match; matches/services/queue.py), whose state is the answer. A roster write
(purchase, sale, credit adjustment) keeps it on a row of its own with the answer it gave
(``rosters.models.KeyedWrite``: one key per user; rosters/keyed_writes.py), as what it answered
(the kit bought, the totals then) changes afterwards.
"""

from __future__ import annotations

import hashlib
import json

from django.db import IntegrityError, models, transaction
from drf_spectacular.utils import OpenApiParameter

from config.errors import Conflict, DomainError

HEADER = "Idempotency-Key"
MAX_KEY_LENGTH = 200


class IdempotencyKeyReused(Conflict):
    default_field = HEADER


def checked_key(key: object, *, missing: str) -> str:
    """``key`` as sent, if it can be stored; ``missing`` is the refusal when there is none."""
    if not isinstance(key, str) or not key.strip():
        raise DomainError(missing, field=HEADER)
    if len(key) > MAX_KEY_LENGTH or not key.isprintable():
        raise DomainError(
            f"An Idempotency-Key is at most {MAX_KEY_LENGTH} printable characters.", field=HEADER
        )
    return key


def fingerprint(*parts: object) -> str:
    """What a retry must repeat, as a digest: canonical JSON of ``parts``."""
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return hashlib.sha256(text.encode()).hexdigest()


def insert_once(row: models.Model, *, constraint: str) -> models.Model | None:
    """``row`` saved, or None when ``constraint`` (its key's) refuses it: the key was used.
    The savepoint keeps the caller's transaction usable. A try of the same key still open in
    another transaction makes this wait for it, so the caller then reads what it committed."""
    try:
        with transaction.atomic():
            row.save(force_insert=True)
    except IntegrityError as exc:
        if getattr(getattr(exc.__cause__, "diag", None), "constraint_name", None) != constraint:
            raise
        return None
    return row


def parameter(*, required: bool, description: str) -> OpenApiParameter:
    """The header in the OpenAPI schema."""
    return OpenApiParameter(
        HEADER, str, OpenApiParameter.HEADER, required=required, description=description
    )
