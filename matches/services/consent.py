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

from django.contrib.auth import get_user_model
from django.db import DatabaseError, connections, router, transaction
from django.utils import timezone

from config.compiled import STAND_INS, Prepared, Statement, per_thread
from config.rows import BIGINT
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
    if match.pk not in BIGINT:
        raise Match.DoesNotExist  # an id no row has: the 404
    alias = router.db_for_write(Match)
    match = per_thread("answer lock", _LockQuery, alias).get(match.pk)
    participants = per_thread("answer seats", _SeatsQuery, alias).all(match.pk)
    with_seats(match, participants)
    seat = next((p for p in participants if p.player_id == player.pk), None)
    if seat is None:
        raise NotSeated()
    return match, seat


# The answers' two reads as querysets compiled once and prepared (config/compiled.py): the
# ORM building them, the friendly battle's EXISTS above all, cost more than their answer.
(_ANY_MATCH,) = STAND_INS[:1]


class _LockQuery(Prepared):
    """``Match.objects.select_for_update(of=("self",))`` with its creator joined and
    ``friendly_battle``, made into the instances the queryset would have made."""

    def __init__(self, alias: str):
        queryset = (
            with_friendly(Match.objects.select_for_update(of=("self",)))
            .select_related("created_by")
            .filter(pk=_ANY_MATCH)
            .order_by()
        )
        super().__init__(queryset, alias, (_ANY_MATCH,))
        info = self.compiler.klass_info
        (creator,) = info["related_klass_infos"]
        self.match_columns, self.creator_columns = info["select_fields"], creator["select_fields"]
        self.set_creator = creator["local_setter"]
        self.friendly = self.compiler.annotation_col_map["friendly_battle"]
        User = get_user_model()
        self.user = User
        self.user_names = [f.attname for f in User._meta.concrete_fields]
        self.user_pk = User._meta.concrete_fields.index(User._meta.pk)
        self.match_names = [f.attname for f in Match._meta.concrete_fields]

    def get(self, match_id: int) -> Match:
        rows = self.rows(match_id)
        if not rows:
            raise Match.DoesNotExist
        (row,) = rows
        values = [row[i] for i in self.match_columns]
        match = Match.from_db(self.alias, self.match_names, values)
        values = [row[i] for i in self.creator_columns]
        creator = None
        if values[self.user_pk] is not None:
            creator = self.user.from_db(self.alias, self.user_names, values)
        self.set_creator(match, creator)
        match.friendly_battle = row[self.friendly]
        return match


class _SeatsQuery(Prepared):
    """A match's seats with their players, in id order."""

    def __init__(self, alias: str):
        queryset = (
            Participant.objects.filter(match_id=_ANY_MATCH).select_related("player").order_by("id")
        )
        super().__init__(queryset, alias, (_ANY_MATCH,))
        info = self.compiler.klass_info
        (player,) = info["related_klass_infos"]
        self.seat_columns, self.player_columns = info["select_fields"], player["select_fields"]
        self.set_player = player["local_setter"]
        self.user = get_user_model()
        self.user_names = [f.attname for f in self.user._meta.concrete_fields]
        self.seat_names = [f.attname for f in Participant._meta.concrete_fields]

    def all(self, match_id: int) -> list[Participant]:
        seats = []
        for row in self.rows(match_id):
            values = [row[i] for i in self.seat_columns]
            seat = Participant.from_db(self.alias, self.seat_names, values)
            values = [row[i] for i in self.player_columns]
            self.set_player(seat, self.user.from_db(self.alias, self.user_names, values))
            seats.append(seat)
        return seats


_ANSWERED = [Participant._meta.get_field(name) for name in ("consent", "answered_at")]


def _answer(seat: Participant, consent: str) -> None:
    """``seat.save(update_fields=["consent", "answered_at"])`` as one statement prepared once
    (no model signal listens to seats): the ORM building the UPDATE cost more than sending it."""
    seat.consent = consent
    seat.answered_at = timezone.now()
    alias = router.db_for_write(Participant)
    wrapper = connections[alias]
    values = [f.get_db_prep_save(getattr(seat, f.attname), wrapper) for f in _ANSWERED]
    if not per_thread("answer", _answer_statement, alias).fetchall([*values, seat.pk]):
        raise DatabaseError("Save with update_fields did not affect any rows.")


def _answer_statement(alias: str) -> Statement:
    quote = connections[alias].ops.quote_name
    columns = ", ".join(f"{quote(f.column)} = %s" for f in _ANSWERED)
    table, pk = quote(Participant._meta.db_table), quote(Participant._meta.pk.column)
    sql = f"UPDATE {table} SET {columns} WHERE {pk} = %s RETURNING {pk}"
    return Statement(sql, len(_ANSWERED) + 1, alias)


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
        raise MatchNotRunning("You declined this match; it cannot be accepted now.")
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
                "The match has begun: resign instead."
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
        raise MatchNotRunning("You confirmed this result; it stands.")
    _answer(seat, Consent.DECLINED)
    return match, True
