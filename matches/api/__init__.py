"""Matches API: records of every game, and live play (state, legal actions, actions, events).

One module per resource: ``records`` (list, create, detail), ``consent`` (a named player
accepts, confirms or declines), ``live`` (state, legal actions, actions, resignations,
events); ``parsing`` holds the guarded JSON parser.

Views are thin: they read the request, call a service or selector, and shape the answer.
No serializer here has a ``state`` or ``seed`` field: what a client sees of a running game
comes from ``ruleset.view(state, seat)`` and nothing else.
"""

from matches.api.consent import AcceptView, ConfirmView, DeclineView
from matches.api.live import (
    EXPECTED_VERSION,
    IDEMPOTENCY_KEY,
    MATCH_ID,
    ActionDetailView,
    ActionSerializer,
    EventListView,
    EventSerializer,
    LegalActionsSerializer,
    LegalActionsView,
    MatchStateView,
    ResignView,
    StateSerializer,
    SubmitActionView,
)
from matches.api.parsing import (
    MAX_BODY_BYTES,
    GuardedAPIView,
    GuardedJSONParser,
)
from matches.api.records import (
    MATCH_CREATE,
    MATCH_STATUSES,
    LiveMatchCreateSerializer,
    LoggedResultCreateSerializer,
    MatchDetail,
    MatchFilter,
    MatchListCreate,
    MatchSchema,
    OutcomeSerializer,
    SeatSerializer,
)

__all__ = [
    "EXPECTED_VERSION",
    "IDEMPOTENCY_KEY",
    "MATCH_CREATE",
    "MATCH_ID",
    "MATCH_STATUSES",
    "MAX_BODY_BYTES",
    "AcceptView",
    "ActionDetailView",
    "ActionSerializer",
    "ConfirmView",
    "DeclineView",
    "EventListView",
    "EventSerializer",
    "GuardedAPIView",
    "GuardedJSONParser",
    "LegalActionsSerializer",
    "LegalActionsView",
    "LiveMatchCreateSerializer",
    "LoggedResultCreateSerializer",
    "MatchDetail",
    "MatchFilter",
    "MatchListCreate",
    "MatchSchema",
    "MatchStateView",
    "OutcomeSerializer",
    "ResignView",
    "SeatSerializer",
    "StateSerializer",
    "SubmitActionView",
]
