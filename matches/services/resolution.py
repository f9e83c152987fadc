"""Resolving actions: under the match row lock, every pending action up to the one asked
about, in submission order, each exactly once (a status check under the lock); an engine
failure rejects the action, never wedges the match. Also the admin's abandon."""

from __future__ import annotations

import json
from functools import cache, cached_property

from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from matches import clock, live_hooks, seat_state
from matches.models import Match, MatchAction, MatchEvent, Participant
from matches.services.common import MatchNotRunning, _event_rows, _is_int, canonical, log
from matches.services.finish import _announce_finished
from matches.services.writes import write_batch
from notifications import hooks as notify
from rulesets.core.errors import IllegalAction
from rulesets.core.protocol import Outcome
from rulesets.registry import get_ruleset

ENGINE_FAILED = "The referee could not apply this action, so it was not played; choose again."


def resolve_pending_actions(*, up_to: int) -> int:
    """Resolve action ``up_to`` and every older pending action of its match, in submission
    order, in one transaction under the match row lock.

    Returns how many actions this call settled: 0 when another run already did (a retried or
    duplicated task), which makes the task safe to run any number of times. If the process
    dies midway, the transaction rolls back and every action is still pending for the next run.

    Two statements for a batch of any size: the pending queue with its match, both locked
    (``_locked_queue_sql``), then once for the whole batch the match row, the actions and the
    events (matches/services/writes.py); and the seats with their players when the live
    tables' hook needs them (turn clocks, bots to wake) or a rejection, resignation or the
    end of the game names them.
    """
    with transaction.atomic():
        rows = list(Match.objects.raw(_locked_queue_sql(), [up_to, up_to]))
        if not rows:
            return 0
        match = rows[0]
        table = _Table(match, seats=_seat_rows(match.seat_rows))
        for row in rows:
            table.resolve(_pending(row.pending))
        table.save()
    return len(rows)


# A pending action's columns, in the model's field order (``from_db``'s), as JSON: all but
# when it was made (a date, which JSON would give as text), which resolving never reads.
_PENDING = [f for f in MatchAction._meta.concrete_fields if f.attname != "created_at"]


@cache
def _locked_queue_sql() -> str:
    """The pending actions of action %s's match up to action %s, oldest first, one row each
    with the match (``m.*``), every seat as JSON ``[[seat, resigned, bot?], ...]``
    (``seat_rows``: whether a bot must be woken and which seats of people get their own push,
    matches/seat_state.py) and the action as a JSON array of ``_PENDING`` (``pending``).

    Read under the match lock in one statement (SQL for the JSON in the lock's round trip):
    ``FOR UPDATE OF m, a`` locks the match, then each action row. A run that waited for the
    lock gets, under READ COMMITTED, the newest version of every row it locks, and a row whose
    newest version no longer matches (an action that run settled, whatever it did to the
    match) is left out: no action is read pending after another run settled it."""
    quote = connections[DEFAULT_DB_ALIAS].ops.quote_name
    match, action = quote(Match._meta.db_table), quote(MatchAction._meta.db_table)
    seats = quote(Participant._meta.db_table)
    rows = "json_agg(json_build_array(p.seat, p.resigned, p.bot <> '') ORDER BY p.seat)"
    pending = ", ".join(f"a.{quote(f.column)}" for f in _PENDING)
    return (
        f"SELECT m.*, (SELECT {rows} FROM {seats} p WHERE p.match_id = m.id) AS seat_rows, "
        f"json_build_array({pending}) AS pending FROM {match} m "
        f"JOIN {action} a ON a.match_id = m.id "
        f"WHERE a.match_id = (SELECT match_id FROM {action} WHERE id = %s) "
        f"AND a.status = '{MatchAction.Status.PENDING}' AND a.id <= %s "
        f"ORDER BY a.id FOR UPDATE OF m, a"
    )


def _pending(raw) -> MatchAction:
    values = json.loads(raw) if isinstance(raw, str) else raw
    return MatchAction.from_db(DEFAULT_DB_ALIAS, [f.attname for f in _PENDING], values)


def _seat_rows(raw) -> list[tuple[str, bool, bool]] | None:
    if raw is None:
        return None
    rows = json.loads(raw) if isinstance(raw, str) else raw
    return [(str(seat), bool(resigned), bool(bot)) for seat, resigned, bot in rows]


class _Table:
    """One locked match being refereed: its engine, its seats, its state as the engine sees it.

    Writes wait for ``save``: the batch's settled actions, its events and the match row (with
    its state) are written once each, however many actions the batch resolved."""

    def __init__(self, match: Match, *, seats: list[tuple[str, bool, bool]] | None = None):
        self.match = match
        self.seat_rows = seats  # from the lock statement; None: not read
        self.game = get_ruleset(match.ruleset)
        self.state = canonical(match.state)
        self.now = timezone.now()
        self.version_before = match.version
        self.settled: list[MatchAction] = []
        self.events: list[MatchEvent] = []
        self.changed = False  # whether the match row needs writing (all rejected: no)

    @cached_property
    def participants(self) -> list[Participant]:
        # Only a rejection's message, a resignation or the end of the game needs the seats.
        return list(self.match.participants.select_related("player"))

    @cached_property
    def by_seat(self) -> dict[str, Participant]:
        return {p.seat: p for p in self.participants}

    def save(self) -> None:
        if self.changed:
            self.match.state = self.state
        # One statement (matches/services/writes.py).
        write_batch(
            match=self.match if self.changed else None, settled=self.settled, events=self.events
        )
        if self.match.version != self.version_before:
            # The live tables: push after commit, turn clocks, bots to move (matches/live_hooks).
            # Only clocks and bots read the seats: a match of people without a clock skips them.
            # (A match found another way than the queue's lock, an abandon, says nothing of
            # its bots: the seats are read.)
            seats = self._seat_rows()
            has_bots = seats is None or any(bot for _, _, bot in seats)
            needs_seats = self.match.turn_seconds or has_bots
            live_hooks.match_changed(
                match=self.match,
                participants=self.participants if needs_seats else [],
                waiting=self.game.to_move(self.state) if self.match.is_running else [],
                frames=self._frames(seats),
            )

    def _seat_rows(self) -> list[tuple[str, bool, bool]] | None:
        if "participants" in self.__dict__:  # read in this batch (and maybe changed): fresh
            return [(p.seat, p.resigned, bool(p.bot)) for p in self.participants]
        return self.seat_rows

    def _frames(self, seats):
        """Each seat's own state for the new version, built after the commit (push)."""
        if seats is None or not self.match.is_running:
            return None
        people = [(seat, resigned) for seat, resigned, bot in seats if not bot]
        resigned = [seat for seat, gone, _bot in seats if gone]
        game, state, events = self.game, self.state, list(self.events)
        version, before, status = self.match.version, self.version_before, self.match.status
        return lambda: seat_state.seat_frames(
            game=game,
            state=state,
            version=version,
            version_before=before,
            status=status,
            people=people,
            resigned=resigned,
            events=events,
        )

    def _append(self, events: list[dict], action: MatchAction | None = None) -> None:
        self.events += _event_rows(self.match, events, action=action)
        self.changed = True

    def resolve(self, action: MatchAction) -> None:
        if self.match.status != Match.Status.LIVE:
            return self._reject(action, "The match is over: no more actions are taken.")
        if self.game is None:
            return self._reject(action, "This game is no longer known to the server.")
        if action.kind == MatchAction.Kind.RESIGN:
            return self._resign(action)
        if action.expected_version is not None and action.expected_version != self.match.version:
            return self._reject(
                action,
                f"The game moved on since you chose this (you saw version "
                f"{action.expected_version}, it is now {self.match.version}); look again.",
            )
        try:
            waiting = list(self.game.to_move(self.state))
            if action.seat not in waiting:
                names = ", ".join(self._name(s) for s in waiting) or "nobody"
                return self._reject(action, f"It is not your turn: waiting for {names}.")
            resolution = self.game.apply(
                canonical(self.state), action.seat, canonical(action.payload)
            )
            state, events, outcome = self._read(resolution)
        except IllegalAction as exc:
            return self._reject(action, exc.reason)
        except Exception:
            # An engine bug must not wedge the match: the action is rejected (and logged) so the
            # actions behind it can still be played.
            log.exception("match %s: engine failed on action %s", self.match.pk, action.pk)
            return self._reject(action, ENGINE_FAILED)
        if clock.is_timeout(action):
            text = f"{self._name(action.seat)} ran out of time; the server plays for them."
            events = [{"type": "timed_out", "seat": action.seat, "text": text}, *events]
        self._accept(action, state, events, outcome)

    def _resign(self, action: MatchAction) -> None:
        participant = self.by_seat[action.seat]
        if participant.resigned:
            return self._reject(action, "You have already resigned.")
        engine_resign = getattr(self.game, "resign", None)
        if engine_resign is None:
            return self._resign_without_engine(action, participant)
        try:
            state, events, outcome = self._read(engine_resign(canonical(self.state), action.seat))
        except IllegalAction as exc:
            return self._reject(action, exc.reason)
        except Exception:
            log.exception("match %s: engine failed on resignation %s", self.match.pk, action.pk)
            return self._reject(action, ENGINE_FAILED)
        participant.resigned = True
        participant.save(update_fields=["resigned"])
        self._accept(action, state, events, outcome)

    def _resign_without_engine(self, action: MatchAction, participant: Participant) -> None:
        """An engine that cannot play on without a seat: with one player left, that player
        wins; with more, nobody can go on and the match is abandoned."""
        participant.resigned = True
        participant.save(update_fields=["resigned"])
        name = self._name(action.seat)
        coded = {"code": "match:resigned", "params": {"name": name}}
        events = [{"type": "player_resigned", "text": f"{name} resigned.", **coded}]
        left = [p for p in self.participants if not p.resigned]
        outcome = None
        if len(left) == 1:
            outcome = {
                "winners": [left[0].seat],
                "placements": {p.seat: 1 if p is left[0] else 2 for p in self.participants},
                "scores": {},
                "teams": {},
            }
        self._accept(action, self.state, events, outcome)
        if outcome is None:
            self.abandon(
                f"{self._name(action.seat)} resigned and this game cannot go on without them."
            )

    def _read(self, resolution) -> tuple[dict, list[dict], dict | None]:
        """The engine's answer as plain JSON; raises (as an engine failure) if it is not."""
        state = canonical(resolution.state)
        events = [e for e in canonical(list(resolution.events)) if isinstance(e, dict)]
        outcome = self.game.outcome(state)
        return state, events, None if outcome is None else self._outcome_data(outcome)

    def _outcome_data(self, outcome: Outcome) -> dict:
        seats = set(self.by_seat)
        placements = {str(s): p for s, p in outcome.placements.items() if s in seats}
        if not all(_is_int(p) and p >= 1 for p in placements.values()):
            raise ValueError(f"placements must be whole numbers from 1: {placements!r}")
        return canonical(
            {
                "winners": [s for s in outcome.winners if s in seats],
                "placements": placements,
                "scores": {s: v for s, v in outcome.scores.items() if s in seats},
                "teams": {s: v for s, v in outcome.teams.items() if s in seats},
            }
        )

    def _accept(self, action, state: dict, events: list[dict], outcome: dict | None) -> None:
        self.state = state
        self.match.version += 1
        self.changed = True
        action.status = MatchAction.Status.RESOLVED
        action.version_after = self.match.version
        action.resolved_at = self.now
        self.settled.append(action)
        self._append(events, action)
        if outcome is not None:
            self._finish(outcome, action)

    def _reject(self, action: MatchAction, reason: str) -> None:
        action.status = MatchAction.Status.REJECTED
        action.reason = reason
        action.resolved_at = self.now
        self.settled.append(action)

    def _finish(self, outcome: dict, action: MatchAction) -> None:
        self.match.status = Match.Status.FINISHED
        self.match.finished_at = self.now
        self.match.outcome = outcome
        for p in self.participants:
            p.placement = outcome["placements"].get(p.seat)
            p.scores = outcome["scores"].get(p.seat, {})
            p.team = str(outcome["teams"].get(p.seat, p.team))[:50]
        Participant.objects.bulk_update(self.participants, ["placement", "scores", "team"])
        names = [self._name(s) for s in outcome["winners"]]
        winners = ", ".join(names) or "nobody"
        coded = {"code": "match:finished", "params": {"winners": names or {"word": "nobody"}}}
        self._append(
            [
                {
                    "type": "match_finished",
                    "text": f"The match is over. Winner: {winners}.",
                    **coded,
                }
            ],
            action,
        )
        match_id = self.match.pk
        transaction.on_commit(lambda: _announce_finished(match_id), robust=True)
        notify.match_finished(match=self.match, participants=self.participants)

    def abandon(self, text: str) -> None:
        self.match.status = Match.Status.ABANDONED
        self.match.finished_at = self.now
        self._append([{"type": "match_abandoned", "text": text}])

    def _name(self, seat: str) -> str:
        participant = self.by_seat.get(seat)
        return participant.player.username if participant else seat


@transaction.atomic
def abandon_match(*, match: Match, actor) -> Match:
    """Stop a live match for good (staff, from the admin); its pending actions are rejected."""
    match = Match.objects.select_for_update().get(pk=match.pk)
    if not match.is_running:
        raise MatchNotRunning(_("Only a match being played can be abandoned."))
    table = _Table(match)
    match.version += 1
    table.abandon(f"{actor.username} stopped the match.")
    table.save()
    MatchAction.objects.filter(match=match, status=MatchAction.Status.PENDING).update(
        status=MatchAction.Status.REJECTED, reason="The match was abandoned.", resolved_at=table.now
    )
    return match
