"""Campaigns over HTTP: arbitrators manage, members report their own games, anyone signed in
reads campaigns, standings and logs. Views are thin: they parse input and call services.

One module per resource: ``campaigns`` (the campaign and its viewset), ``membership``,
``rounds``, ``battles`` (reports, decisions, live battles).
"""

from campaigns.api.battles import (
    BattleDecisionView,
    BattleDetailView,
    BattleSerializer,
    CasualtyInput,
    CasualtySerializer,
    LiveBattleInput,
    LiveBattleSerializer,
    ReasonSerializer,
    ReportSerializer,
    SideSerializer,
    battle_queryset,
)
from campaigns.api.campaigns import (
    TRANSITIONS,
    ArbitratorSerializer,
    CampaignSerializer,
    CampaignViewSet,
    CampaignWriteSerializer,
    LogEntrySerializer,
    StandingRowSerializer,
    StandingsSerializer,
    StatusSerializer,
)
from campaigns.api.membership import (
    JoinSerializer,
    MembershipDecisionView,
    MembershipDetailView,
    MembershipSerializer,
)
from campaigns.api.rounds import CloseRoundView, OpenRoundSerializer, RoundSerializer

__all__ = [
    "TRANSITIONS",
    "ArbitratorSerializer",
    "BattleDecisionView",
    "BattleDetailView",
    "BattleSerializer",
    "CampaignSerializer",
    "CampaignViewSet",
    "CampaignWriteSerializer",
    "CasualtyInput",
    "CasualtySerializer",
    "CloseRoundView",
    "JoinSerializer",
    "LiveBattleInput",
    "LiveBattleSerializer",
    "LogEntrySerializer",
    "MembershipDecisionView",
    "MembershipDetailView",
    "MembershipSerializer",
    "OpenRoundSerializer",
    "ReasonSerializer",
    "ReportSerializer",
    "RoundSerializer",
    "SideSerializer",
    "StandingRowSerializer",
    "StandingsSerializer",
    "StatusSerializer",
    "battle_queryset",
]
