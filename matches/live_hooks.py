"""What the live table needs to hear from the services: one call per changed match.

``services`` calls ``match_changed`` inside the transaction that created a live match or
moved it on (a resolution, an abandon), after the new state and version are set. Everything
here only *schedules* (``transaction.on_commit``) or writes the seats' clock fields in the
same transaction, so a rollback leaves no push, no bot move and no clock behind.
"""

from __future__ import annotations

from matches import bots, clock, push
from matches.models import Match, Participant
from notifications import hooks as notify


def match_changed(*, match: Match, participants: list[Participant], waiting, frames=None) -> None:
    """``waiting`` is the engine's ``to_move(state)`` for the new state (empty when over);
    ``frames`` builds each seat's own state for the push (matches/push.py), or None."""
    waiting = list(waiting) if match.status == Match.Status.LIVE else []
    push.match_changed(match_id=match.pk, version=match.version, frames=frames)
    clock.update_clocks(match=match, participants=participants, waiting=waiting)
    bots.after_change(match_id=match.pk, participants=participants, waiting=waiting)
    notify.turn_waiting(match=match, waiting=waiting)


def live_turn(match_id: int):
    """What the your-turn check asks (registered in ``notifications.owners`` from
    ``MatchesConfig.ready()``): the live match's version, game and the people to move."""
    from notifications.owners import Turn
    from rulesets.registry import get_ruleset

    match = Match.objects.filter(pk=match_id, status=Match.Status.LIVE).first()
    if match is None:
        return None
    seats = list(get_ruleset(match.ruleset).to_move(match.state))
    people = match.participants.filter(seat__in=seats, bot="", resigned=False)
    return Turn(match.version, match.ruleset, list(people.values_list("seat", "player_id")))


def running_clocks(*, now):
    """The people's running turn clocks in live matches (the clock-low sweep of
    notifications/reminders.py asks this, registered from ``MatchesConfig.ready()``)."""
    from notifications.owners import Clock

    seats = Participant.objects.filter(
        clock_deadline__gt=now,
        clock_since__isnull=False,
        bot="",
        resigned=False,
        match__status=Match.Status.LIVE,
    )
    fields = ("match_id", "seat", "player_id", "match__ruleset", "clock_since", "clock_deadline")
    return [Clock(*row) for row in seats.values_list(*fields)]
