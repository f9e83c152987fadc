"""Leagues over HTTP: anyone signed in reads leagues, standings, results, leaderboards and
player pages; organisers manage; members report and confirm their own games.

One module per resource: ``leagues`` (leagues, settings, organisers, members, logging a
result), ``members`` (a player's answer to an invitation), ``results`` (a result and the
decisions on it), ``standings`` (JSON and CSV), ``players`` (leaderboards and player stats),
``rounds`` (league nights: rounds, check-in, the night's standings); ``parsing`` holds the
strict JSON parser.

Views are thin: they parse input, call ``leagues.services`` or ``leagues.selectors``, and
shape the answer.
"""

from leagues.api.leagues import (
    LeagueCreateSerializer,
    LeagueJoinSerializer,
    LeagueMembershipSerializer,
    LeaguePlayerSerializer,
    LeagueSerializer,
    LeagueSettingsSerializer,
    LeagueViewSet,
    league_queryset,
)
from leagues.api.members import AcceptMembershipView, DeclineMembershipView, InvitationsView
from leagues.api.parsing import MAX_BODY_BYTES, KeyedDict, LeagueJSONParser, PlayerMapField
from leagues.api.players import (
    GameStatsSerializer,
    LeaderboardRowSerializer,
    LeaderboardView,
    PlayerStatsSerializer,
    PlayerStatsView,
    RatingPointSerializer,
)
from leagues.api.results import (
    ConfirmView,
    DisputeView,
    LeagueMatchSerializer,
    LeagueReasonSerializer,
    LeagueVoidSerializer,
    RatingChangeSerializer,
    ResultDetailView,
    ResultInputSerializer,
    VoidView,
    result_queryset,
)
from leagues.api.rounds import (
    CheckInView,
    EventStandingsView,
    LeagueRoundSerializer,
    RoundCloseView,
    RoundDetailView,
    RoundsView,
)
from leagues.api.standings import (
    CSV_COLUMNS,
    ErrorsAsJSON,
    ErrorsAsJSONSchema,
    LeagueStandingRowSerializer,
    LeagueStandingsSerializer,
    StandingsCSVRenderer,
    StandingsCSVView,
)

__all__ = [
    "CSV_COLUMNS",
    "MAX_BODY_BYTES",
    "AcceptMembershipView",
    "CheckInView",
    "ConfirmView",
    "DeclineMembershipView",
    "DisputeView",
    "ErrorsAsJSON",
    "ErrorsAsJSONSchema",
    "EventStandingsView",
    "GameStatsSerializer",
    "InvitationsView",
    "KeyedDict",
    "LeaderboardRowSerializer",
    "LeaderboardView",
    "LeagueCreateSerializer",
    "LeagueJSONParser",
    "LeagueJoinSerializer",
    "LeagueMatchSerializer",
    "LeagueMembershipSerializer",
    "LeaguePlayerSerializer",
    "LeagueReasonSerializer",
    "LeagueRoundSerializer",
    "LeagueSerializer",
    "LeagueSettingsSerializer",
    "LeagueStandingRowSerializer",
    "LeagueStandingsSerializer",
    "LeagueViewSet",
    "LeagueVoidSerializer",
    "PlayerMapField",
    "PlayerStatsSerializer",
    "PlayerStatsView",
    "RatingChangeSerializer",
    "RatingPointSerializer",
    "ResultDetailView",
    "ResultInputSerializer",
    "RoundCloseView",
    "RoundDetailView",
    "RoundsView",
    "StandingsCSVRenderer",
    "StandingsCSVView",
    "VoidView",
    "league_queryset",
    "result_queryset",
]
