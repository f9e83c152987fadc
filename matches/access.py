"""Who may do what with a match: the one place that decides it (``rosters/access.py``'s shape).

The pages, the streams and the API ask here, about a named **action**::

    from matches import access
    access.can(user=user, action=access.Action.WATCH, match=match)    # -> bool
    seat, allowed = access.seat_and_access(match=match, user=user)

- **Watch** a live match: its seated players, staff, anyone signed in when the match is
  public, and whoever a rule another app registered lets in (campaigns: the members and
  arbitrators of the campaign a live battle belongs to). A watcher who holds no seat gets the
  spectators' view (``view(state, None)``): never a hand. Anonymous visitors watch nothing.

What a seated player may do at the table (act, accept or decline their seat) is the engine's
and ``matches.services``' business: each is about the caller's own seat, found by the service.

**The hook.** ``matches`` imports none of the apps built on it. An app registers a rule from
its ``AppConfig.ready()``::

    access.register_watch_rule(rule)     # rule(*, match, user) -> bool

asked (in registration order, until one says yes) only for a signed-in user who holds no
seat, is not staff, and a match that is not public. Rules answer from the database, so every
process that loads the app answers the same.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from matches import selectors
from matches.models import Match, Participant

WatchRule = Callable[..., bool]

_watch_rules: list[WatchRule] = []  # filled by AppConfig.ready(), read-only afterwards


class Action(StrEnum):
    """Everything anyone but the engine decides about a match, by name."""

    WATCH = "watch"  # see the table (a seat's own view, or the spectators')


def register_watch_rule(rule: WatchRule) -> WatchRule:
    """Add a rule that lets someone without a seat watch a match (idempotent)."""
    if rule not in _watch_rules:
        _watch_rules.append(rule)
    return rule


def watch_rules() -> tuple[WatchRule, ...]:
    return tuple(_watch_rules)


def can(*, user, action: Action, match: Match) -> bool:
    """Whether ``user`` may take ``action`` on ``match``."""
    Action(action)  # WATCH is the only action: a wrong name is a programming error
    if not user or not user.is_authenticated:
        return False
    if user.is_staff or match.public:
        return True
    if any(p.player_id == user.pk for p in match.participants.all()):
        return True
    return any(rule(match=match, user=user) for rule in _watch_rules)


def seat_and_access(*, match: Match, user) -> tuple[Participant | None, bool]:
    """The user's seat (None for a spectator) and whether they may see the table at all."""
    seat = selectors.seat_of(match, user) if user.is_authenticated else None
    return seat, seat is not None or can(user=user, action=Action.WATCH, match=match)
