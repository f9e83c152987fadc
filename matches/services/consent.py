"""Consent: nobody plays a seat or carries a result they did not agree to.

A player named by someone else answers for their own seat, and only for it:
- **a live match** is ``invited`` until every seat has accepted; the last acceptance deals it
  (``records.deal_if_accepted``: the engine's first state from the seed stored at creation)
  and it is ``live``. While it is invited any seated player may decline, which cancels it
  (the creator withdraws the same way); once dealt, a player resigns instead.
- **a logged result** counts for nothing until every seat has confirmed it; a named player
  who disagrees declines it, and then it never counts. A seat that confirmed stays confirmed
  (a result recorded by a league or a campaign is disputed there).

Each answer is idempotent: the same answer again changes nothing and reports so
(``changed`` is False; the API answers 200 either way). The match row lock orders answers,
so two last acceptances arriving at once deal the match exactly once.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from matches import push
from matches.models import Match, Participant
from matches.services.common import MatchNotRunning, NotSeated, _append_events, closed_reason
from matches.services.live_friendly import bring_gang, with_friendly
from matches.services.records import deal_if_accepted, with_seats

Consent = Participant.Consent


def _locked_seat(match: Match, player) -> tuple[Match, Participant]:
    """The match row locked (with its creator, who is not locked, and whether it is a friendly
    battle) and every seat with its player, the caller's among them: what the answer changes
    and what the response shows, read once (``records.with_seats``). DoesNotExist when there
    is no such match. Two statements, in this order: the seats are read after the lock is
    held, so that they are as the last answer before this one left them."""
    match = (
        with_friendly(Match.objects.select_for_update(of=("self",)))
        .select_related("created_by")
        .get(pk=match.pk)
    )
    participants = list(
        Participant.objects.filter(match_id=match.pk).select_related("player").order_by("id")
    )
    with_seats(match, participants)
    seat = next((p for p in participants if p.player_id == player.pk), None)
    if seat is None:
        raise NotSeated()
    return match, seat


def _answer(seat: Participant, consent: str) -> None:
    seat.consent = consent
    seat.answered_at = timezone.now()
    seat.save(update_fields=["consent", "answered_at"])


@transaction.atomic
def accept_match(*, match: Match, player, gang=None) -> tuple[Match, bool]:
    """Accept one's seat in a live match, or confirm a logged result one is named in; a
    friendly battle is accepted with one's own ``gang`` (live_friendly.bring_gang).
    Returns ``(match, changed)``: the match as it now is, with its seats
    (``records.with_seats``: what the API answers with)."""
    match, seat = _locked_seat(match, player)
    if seat.consent == Consent.ACCEPTED:
        return match, False
    if seat.consent == Consent.DECLINED:
        raise MatchNotRunning(_("You declined this match; it cannot be accepted now."))
    if match.live and match.status != Match.Status.INVITED:
        raise MatchNotRunning(closed_reason(match))
    if match.live:
        bring_gang(match=match, seat=seat, player=player, gang=gang)
    _answer(seat, Consent.ACCEPTED)
    if match.live:
        deal_if_accepted(match, participants=list(match.participants.all()))
    return match, True


@transaction.atomic
def decline_match(*, match: Match, player) -> tuple[Match, bool]:
    """Decline one's seat: an invited live match is cancelled; a logged result one has not
    confirmed never counts. Returns ``(match, changed)``."""
    match, seat = _locked_seat(match, player)
    if match.live:
        if match.status == Match.Status.CANCELLED:
            return match, False
        if match.status != Match.Status.INVITED:
            raise MatchNotRunning(
                _("The match has begun: resign instead.")
                if match.status == Match.Status.LIVE
                else closed_reason(match)
            )
        _answer(seat, Consent.DECLINED)
        match.status = Match.Status.CANCELLED
        match.finished_at = timezone.now()
        text = f"{player.username} declined: the match is cancelled."
        _append_events(match, [{"type": "match_cancelled", "text": text}])
        match.save(update_fields=["status", "finished_at", "last_event_seq"])
        push.match_changed(match_id=match.pk, version=match.version)  # open tables redraw
        return match, True
    if seat.consent == Consent.DECLINED:
        return match, False
    if seat.consent == Consent.ACCEPTED:
        raise MatchNotRunning(_("You confirmed this result; it stands."))
    _answer(seat, Consent.DECLINED)
    return match, True
