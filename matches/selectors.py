"""Reads of the matches app that need care: prefetching, the caller's seat, what a seat may see."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet
from django.shortcuts import get_object_or_404

from matches.models import Match, MatchEvent, Participant
from matches.services import MatchNotRunning
from rulesets.core.protocol import Ruleset
from rulesets.registry import get_ruleset


def matches() -> QuerySet[Match]:
    """Matches with their seats and players in two more queries; the hidden state stays in
    the database (deferred), since no list or detail response may show it anyway."""
    return (
        Match.objects.defer("state", "seed")
        .select_related("created_by")
        .prefetch_related(
            Prefetch("participants", queryset=Participant.objects.select_related("player"))
        )
    )


def with_player(queryset: QuerySet[Match], username: str) -> QuerySet[Match]:
    return queryset.filter(
        Exists(Participant.objects.filter(match=OuterRef("pk"), player__username=username))
    )


def live_match(match_id: int) -> tuple[Match, Ruleset]:
    """A live match with its state and seats, and its engine; 404 if unknown, 409 if logged."""
    match = get_object_or_404(
        Match.objects.prefetch_related(
            Prefetch("participants", queryset=Participant.objects.select_related("player"))
        ),
        pk=match_id,
    )
    if not match.live:
        raise MatchNotRunning("This match was logged after the game: it has no live play.")
    game = get_ruleset(match.ruleset)
    if game is None:
        raise MatchNotRunning("This game is no longer known to the server.")
    return match, game


def seat_of(match: Match, user) -> Participant | None:
    """The caller's seat (from the prefetched participants), or None for an outsider."""
    return next((p for p in match.participants.all() if p.player_id == user.pk), None)


def outcome_for_clients(match: Match) -> dict | None:
    """The stored outcome with seats turned into usernames."""
    if not match.outcome:
        return None
    names = {p.seat: p.player.username for p in match.participants.all()}

    def name(seat: str) -> str:
        return names.get(seat, seat)

    return {
        "winners": [name(s) for s in match.outcome.get("winners", [])],
        "placements": {name(s): p for s, p in match.outcome.get("placements", {}).items()},
        "scores": {name(s): v for s, v in match.outcome.get("scores", {}).items()},
    }


def events_for(*, match: Match, seat: str | None, after: int = 0) -> QuerySet[MatchEvent]:
    """The events a seat (or an outsider, ``seat=None``) may read, after ``seq`` ``after``."""
    visible = Q(private_to="") | Q(private_to=seat) if seat else Q(private_to="")
    return MatchEvent.objects.filter(visible, match=match, seq__gt=after).order_by("seq")
