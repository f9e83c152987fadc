"""Reads of the matches app that need care: prefetching, the caller's seat, what a seat may see."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from matches.models import Match, MatchAction, MatchEvent, Participant
from matches.services import MatchNotRunning, closed_reason
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


def awaiting(queryset: QuerySet[Match], username: str) -> QuerySet[Match]:
    """What waits for this player's answer: live invitations still open and logged results
    they have not confirmed (nobody having declined them)."""
    mine = Participant.objects.filter(
        match=OuterRef("pk"), player__username=username, consent=Participant.Consent.AWAITING
    )
    declined = Participant.objects.filter(
        match=OuterRef("pk"), consent=Participant.Consent.DECLINED
    )
    return queryset.filter(
        Exists(mine),
        ~Exists(declined),
        Q(live=True, status=Match.Status.INVITED) | Q(live=False),
    )


def counted(queryset: QuerySet[Match]) -> QuerySet[Match]:
    """The matches that count for their players: dealt live matches, and logged results
    every named player confirmed. Anything that adds matches up starts here."""
    unanswered = Participant.objects.filter(match=OuterRef("pk")).exclude(
        consent=Participant.Consent.ACCEPTED
    )
    return queryset.filter(
        Q(live=True, status__in=Match.DEALT_STATUSES) | Q(~Exists(unanswered), live=False)
    )


def awaiting_names(match: Match) -> list[str]:
    """Who has still to answer (from the prefetched participants)."""
    return [
        p.player.username
        for p in match.participants.all()
        if p.consent == Participant.Consent.AWAITING
    ]


def live_match(match_id: int) -> tuple[Match, Ruleset]:
    """A dealt live match with its state and seats, and its engine; 404 if unknown, 409 if
    logged or not dealt (still invited, or cancelled)."""
    match = get_object_or_404(
        Match.objects.prefetch_related(
            Prefetch("participants", queryset=Participant.objects.select_related("player"))
        ),
        pk=match_id,
    )
    if not match.is_dealt:
        raise MatchNotRunning(closed_reason(match))
    game = get_ruleset(match.ruleset)
    if game is None:
        raise MatchNotRunning(_("This game is no longer known to the server."))
    return match, game


_BIGINT = range(-(2**63), 2**63)  # the ids a row may have


# The seated reads below are what a live table's client sends several times a move (state,
# legal actions, the poll of its own action): written as SQL once, through ``raw()``, since
# building and compiling the same ORM query cost three times what running it does
# (docs/performance.md, "Hot reads").
# The seat's fields the answers read, in the model's order (as ``from_db`` takes them).
_SEAT_FIELDS = [
    f.attname
    for f in Participant._meta.concrete_fields
    if f.attname in {"id", "match_id", "player_id", "seat", "resigned"}
]
_SEATED = (
    "SELECT m.*, "
    + ", ".join(f"p.{name} AS seat_{name}" for name in _SEAT_FIELDS)
    + f" FROM {Match._meta.db_table} m JOIN {Participant._meta.db_table} p ON p.match_id = m.id"
    " WHERE m.id = %s AND m.live AND p.player_id = %s"
)


def seated_live_match(match_id: int, user) -> tuple[Match, Ruleset, Participant] | None:
    """A seated player's own seat with its live match joined — one query — when that is all
    an answer needs: a dealt match of a known game with no outcome yet (an outcome names
    every seat). None otherwise (an outsider, a spectator, a finished or undealt match): the
    caller then takes the general path (``live_match`` and the access rules), which says why.
    The seat holds its id, name and resignation; its other fields load when first read."""
    if not user.is_authenticated or match_id not in _BIGINT:
        return None  # an id no row has: the general path's 404
    # One seat per player and match (a constraint): one row at most.
    match = next(iter(Match.objects.raw(_SEATED, [match_id, user.pk])), None)
    if match is None or match.outcome or not match.is_dealt:
        return None
    game = get_ruleset(match.ruleset)
    if game is None:
        return None
    # The fields not read here are deferred: they load if a caller reads them.
    values = [getattr(match, f"seat_{name}") for name in _SEAT_FIELDS]
    seat = Participant.from_db(match._state.db, _SEAT_FIELDS, values)
    seat.match = match
    return match, game, seat


# What an action's poll answers (the API's ActionSerializer fields, in its order).
ACTION_FIELDS = (
    "id",
    "match_id",
    "seat",
    "kind",
    "payload",
    "status",
    "reason",
    "expected_version",
    "version_after",
    "created_at",
    "resolved_at",
)


_OWN_ACTION = (
    f"SELECT a.* FROM {MatchAction._meta.db_table} a"
    f" JOIN {Participant._meta.db_table} p ON p.match_id = a.match_id AND p.seat = a.seat"
    " WHERE a.id = %s AND a.match_id = %s AND p.player_id = %s"
)


def own_action(*, match_id: int, action_id: int, user) -> tuple | None:
    """One of the caller's own actions in the match, as ``ACTION_FIELDS`` values (one query),
    or None: unknown, another seat's, or not the caller's match. An action may hold a secret
    choice until it is revealed, so only the seat that sent it may read it: the join on the
    caller's own seat in the match."""
    if not user.is_authenticated or match_id not in _BIGINT or action_id not in _BIGINT:
        return None
    action = next(iter(MatchAction.objects.raw(_OWN_ACTION, [action_id, match_id, user.pk])), None)
    return None if action is None else tuple(getattr(action, name) for name in ACTION_FIELDS)


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
