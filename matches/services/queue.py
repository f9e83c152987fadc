"""The action queue: a seat submits an action (or a resignation), stored ``pending`` under
the match row lock so ids follow submission order, and resolved by a Celery task sent once
the transaction commits; a sweep resends the work of actions whose task was lost."""

from __future__ import annotations

from datetime import timedelta
from functools import cache

from django.db import connection, transaction
from django.db.models import Max
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from config import dispatch, idempotency
from config.errors import DomainError
from matches.models import Match, MatchAction, Participant
from matches.services.common import (
    IdempotencyKeyReused,
    InvalidMatchInput,
    MatchNotRunning,
    NotSeated,
    _dump,
    closed_reason,
    log,
)

MAX_ACTION_BYTES = 4096
MAX_KEY_LENGTH = idempotency.MAX_KEY_LENGTH
RESIGN_KEY = "resign"  # the Idempotency-Key of a resignation when the client sends none
RESOLVE_ACTION = "matches.tasks.resolve_action"  # sent by name: the tasks import the services


def _check_idempotency_key(key: object) -> str:
    return idempotency.checked_key(
        key,
        missing="Send an Idempotency-Key header (any unique string, e.g. a UUID) with each "
        "action, and the same one when you retry it.",
    )


def _check_payload(payload: object) -> dict:
    if type(payload) is not dict:
        raise InvalidMatchInput(
            _("An action is a JSON object, like one of those listed by legal-actions."),
            field="action",
        )
    if not payload:
        raise InvalidMatchInput(_("An action cannot be empty."), field="action")
    try:
        size = len(_dump(payload).encode())
    except (TypeError, ValueError, RecursionError):
        raise InvalidMatchInput(_("An action must be plain JSON."), field="action") from None
    if size > MAX_ACTION_BYTES:
        raise InvalidMatchInput(
            _("An action is at most %(most)s bytes of JSON.") % {"most": MAX_ACTION_BYTES},
            field="action",
        )
    return payload


# What the submit path never reads of the locked match: the game itself (often the largest
# column) and what only the referee or the records need.
_UNREAD = ("match__state", "match__seed", "match__options", "match__outcome")


def _lock_seat(match_id: int, player) -> Participant:
    """The player's seat, its match row locked for this transaction, in one query.

    404 for an unknown match, NotSeated for one the player has no seat in (a second query,
    on that path only)."""
    seat = (
        Participant.objects.select_related("match")
        .select_for_update(of=("match",))
        .defer(*_UNREAD)
        .filter(match_id=match_id, player=player)
        .first()
    )
    if seat is None:
        if not Match.objects.filter(pk=match_id).exists():
            raise Http404
        raise NotSeated()
    return seat


def submit_action(
    *,
    match: Match | int,
    player,
    payload: object,
    idempotency_key: object,
    expected_version: int | None = None,
    kind: str = MatchAction.Kind.PLAY,
) -> tuple[MatchAction, bool]:
    """Store a pending action of ``player``'s seat; returns ``(action, created)``.

    A retry with the same key from the same seat returns the first action unchanged (created
    is False); the same key with a different request is a conflict. The match row lock
    serialises submissions of one match, so action ids follow submission order.

    A new action of a seat that may play is one statement (``_insert_fast``: the seat found,
    its match locked and the action inserted, autocommitted): no BEGIN and COMMIT round trips
    around it. Anything else — an unknown match, no seat, a match not
    running, a resigned seat, a key used before — takes the general path, which says why.
    """
    match_id = match if isinstance(match, int) else match.pk
    if _well_formed(idempotency_key, payload, kind):
        action = _insert_fast(
            MatchAction(
                match_id=match_id,
                kind=kind,
                payload=payload,
                idempotency_key=idempotency_key,
                expected_version=expected_version,
            ),
            player,
        )
        if action is not None:
            _after_commit_resolve(action.pk)
            return action, True
    return _submit(
        match_id=match_id,
        player=player,
        payload=payload,
        key=idempotency_key,
        expected_version=expected_version,
        kind=kind,
    )


def _well_formed(key: object, payload: object, kind: str) -> bool:
    """Whether the one-statement path may try: malformed input takes the general path, which
    answers 404 or 403 before it says what is wrong with the request (as it always has)."""
    try:
        _check_idempotency_key(key)
        if kind == MatchAction.Kind.PLAY:
            _check_payload(payload)
    except DomainError:
        return False
    return True


@transaction.atomic
def _submit(
    *,
    match_id: int,
    player,
    payload: object,
    key: object,
    expected_version: int | None,
    kind: str,
) -> tuple[MatchAction, bool]:
    """The general path, in a transaction: the seat with its match locked (one query), the
    input checked, the insert, which skips a key the seat already used (``ON CONFLICT DO
    NOTHING``); only then is the first action read, or the refusal explained."""
    seat = _lock_seat(match_id, player)
    match = seat.match
    key = _check_idempotency_key(key)
    if kind == MatchAction.Kind.PLAY:
        payload = _check_payload(payload)
    action = None
    if match.is_running and not seat.resigned:
        action = _insert_new(
            MatchAction(
                match=match,
                seat=seat.seat,
                kind=kind,
                payload=payload,
                idempotency_key=key,
                expected_version=expected_version,
            )
        )
    if action is None:  # the key was used before, or the action cannot be taken
        existing = MatchAction.objects.filter(
            match=match, seat=seat.seat, idempotency_key=key
        ).first()
        if existing is not None:
            same = (
                existing.kind == kind
                and _dump(existing.payload) == _dump(payload)
                and existing.expected_version == expected_version
            )
            if not same:
                raise IdempotencyKeyReused(
                    _(
                        "This Idempotency-Key was already used for a different action; "
                        "use a new key for a new action."
                    )
                )
            return existing, False
        if not match.is_running:
            raise MatchNotRunning(closed_reason(match))
        raise MatchNotRunning(_("You resigned from this match."))
    _after_commit_resolve(action.pk)
    return action, True


def _after_commit_resolve(action_id: int) -> None:
    # robust: if the broker is down the action is stored all the same and the sweep sends it.
    # (A lambda, not functools.partial: Django logs a robust callback's failure by its
    # __qualname__, which a partial lacks, and the AttributeError became a 500.) Outside a
    # transaction (the one-statement path) on_commit runs it at once.
    transaction.on_commit(lambda: _enqueue_resolution(action_id), robust=True)


def resign(
    *, match: Match | int, player, idempotency_key: str | None = None
) -> tuple[MatchAction, bool]:
    """Resignation goes through the action queue, so it takes effect after the actions the
    seat submitted before it, never in the middle of them."""
    return submit_action(
        match=match,
        player=player,
        payload={},
        idempotency_key=idempotency_key or RESIGN_KEY,
        kind=MatchAction.Kind.RESIGN,
    )


_KEY = ("match_id", "seat", "idempotency_key")  # the one_action_per_idempotency_key constraint
_UNIQUE_KEY = "one_action_per_idempotency_key"


def _insert_new(action: MatchAction) -> MatchAction | None:
    """The action saved, or None when its seat already used its key."""
    return idempotency.insert_once(action, constraint=_UNIQUE_KEY)


_PLAYABLE = f"m.live AND m.status = '{Match.Status.LIVE}' AND NOT p.resigned"
_FAST_FIELDS = [
    f for f in MatchAction._meta.concrete_fields if not f.primary_key and f.name != "seat"
]


def _insert_fast(action: MatchAction, player) -> MatchAction | None:
    """Find ``player``'s seat in the match, lock the match row (the same lock as
    ``_lock_seat``, held until this statement commits) and insert the action for that seat,
    skipping a key the seat already used — one statement. None when nothing was inserted (no
    seat, a match not running, a resigned seat, a used key): the general path says why."""
    values = [f.get_db_prep_save(f.pre_save(action, add=True), connection) for f in _FAST_FIELDS]
    with connection.cursor() as cursor:
        cursor.execute(_submit_sql(), [action.match_id, player.pk, *values])
        row = cursor.fetchone()
    if row is None:
        return None
    action.pk, action.seat = row
    action._state.adding = False
    action._state.db = connection.alias
    return action


@cache
def _submit_sql() -> str:
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in _FAST_FIELDS)
    participant, match = Participant._meta.db_table, Match._meta.db_table
    # The values of a SELECT list have no type PostgreSQL could infer: the columns' own.
    values = ", ".join(f"%s::{f.db_type(connection)}" for f in _FAST_FIELDS)
    return (
        f"WITH s AS (SELECT p.seat FROM {quote(participant)} p "
        f"JOIN {quote(match)} m ON m.id = p.match_id "
        f"WHERE p.match_id = %s AND p.player_id = %s AND {_PLAYABLE} FOR UPDATE OF m) "
        f"INSERT INTO {quote(MatchAction._meta.db_table)} ({columns}, {quote('seat')}) "
        f"SELECT {values}, s.seat FROM s "
        f"ON CONFLICT ({', '.join(quote(c) for c in _KEY)}) DO NOTHING "
        f"RETURNING {quote(MatchAction._meta.pk.column)}, {quote('seat')}"
    )


def _enqueue_resolution(action_id: int) -> None:
    dispatch.send(RESOLVE_ACTION, action_id)


def sweep_pending_actions(*, older_than: timedelta) -> int:
    """Re-enqueue work for actions pending longer than ``older_than`` (their task was lost:
    a killed worker, a broker restart). One task per match, for its newest stale action,
    resolves all of them in order. Returns how many tasks were sent."""
    cutoff = timezone.now() - older_than
    newest = (
        MatchAction.objects.filter(status=MatchAction.Status.PENDING, created_at__lt=cutoff)
        .values("match_id")
        .annotate(last=Max("id"))
        .values_list("last", flat=True)
    )
    sent = 0
    for action_id in newest:
        dispatch.send(RESOLVE_ACTION, action_id)
        sent += 1
    if sent:
        log.info("sweep: re-enqueued %d match(es) with stale pending actions", sent)
    return sent
