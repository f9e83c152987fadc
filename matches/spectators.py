"""Who may watch a live match: its seats, staff, anyone signed in when the match is public,
and whoever a ``MATCH_WATCH_RULES`` hook lets in (campaign members for a campaign battle).

A watcher who holds no seat gets the spectators' view (``view(state, None)``): never a hand.
Hooks are dotted paths to ``rule(*, match, user) -> bool`` so that the apps built on matches
(campaigns) decide for their own battles without matches importing them.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.module_loading import import_string

from matches import selectors
from matches.models import Match, Participant


def may_watch(*, match: Match, user) -> bool:
    if not user.is_authenticated:
        return False
    if user.is_staff or match.public:
        return True
    if any(p.player_id == user.pk for p in match.participants.all()):
        return True
    return any(
        import_string(path)(match=match, user=user)
        for path in getattr(settings, "MATCH_WATCH_RULES", ())
    )


def seat_and_access(*, match: Match, user) -> tuple[Participant | None, bool]:
    """The user's seat (None for a spectator) and whether they may see the table at all."""
    seat = selectors.seat_of(match, user) if user.is_authenticated else None
    return seat, seat is not None or may_watch(match=match, user=user)
