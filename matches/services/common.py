"""What the matches writes share: their errors, canonical JSON, the event log."""

from __future__ import annotations

import json
import logging
from typing import Any

from django.utils.translation import gettext as _

from config.errors import Conflict, DomainError, NotAllowed
from config.idempotency import IdempotencyKeyReused  # noqa: F401 (the matches' name for it)
from matches.models import Match, MatchAction, MatchEvent, Participant

# One logger for the whole package, under the name it always had.
log = logging.getLogger("matches.services")


class InvalidMatchInput(DomainError):
    """A request a player can fix: the message says what is wrong and ``field`` where."""


class NotSeated(NotAllowed):
    def __init__(self):
        super().__init__(_("You have no seat in this match."))


class MatchNotRunning(Conflict):
    pass


def closed_reason(match: Match) -> str:
    """Why a match takes no action now, in a sentence a player understands."""
    if not match.live:
        return _("This match was logged after the game: it has no live play.")
    if match.status == Match.Status.INVITED:
        waiting = Participant.objects.filter(
            match=match, consent=Participant.Consent.AWAITING
        ).values_list("player__username", flat=True)
        if not waiting:
            return _("The match has not begun: it waits for nobody to accept.")
        names = ", ".join(sorted(waiting))
        return _("The match has not begun: it waits for %(players)s to accept.") % {
            "players": names
        }
    if match.status == Match.Status.CANCELLED:
        declined = Participant.objects.filter(
            match=match, consent=Participant.Consent.DECLINED
        ).values_list("player__username", flat=True)
        if not declined:
            return _("This match was cancelled: a player declined.")
        names = ", ".join(sorted(declined))
        return _("This match was cancelled: %(players)s declined.") % {"players": names}
    return _("The match is over: no more actions are taken.")


def canonical(data: Any) -> Any:
    """A fresh copy of JSON data with its keys sorted (ValueError/TypeError if not JSON)."""
    return json.loads(json.dumps(data, sort_keys=True, allow_nan=False))


def _dump(data: Any) -> str:
    return json.dumps(data, sort_keys=True, allow_nan=False)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _append_events(match: Match, events: list[dict], *, action: MatchAction | None = None) -> None:
    """Number the events after the match's last one; the caller saves ``last_event_seq``."""
    MatchEvent.objects.bulk_create(_event_rows(match, events, action=action))


def _event_rows(
    match: Match, events: list[dict], *, action: MatchAction | None = None
) -> list[MatchEvent]:
    """The rows of ``_append_events``, numbered but not written (a batch writes them once)."""
    rows = []
    for event in events:
        match.last_event_seq += 1
        rows.append(
            MatchEvent(
                match=match,
                seq=match.last_event_seq,
                action=action,
                type=str(event.get("type") or "event")[:50],
                text=str(event.get("text") or ""),
                data={k: v for k, v in event.items() if k not in ("type", "text", "private_to")},
                private_to=str(event.get("private_to") or "")[:10],
                version=match.version,
            )
        )
    return rows
