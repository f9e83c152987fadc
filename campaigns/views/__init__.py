"""The campaign pages (the player site): the campaign page and its actions, the report."""

from campaigns.views.decisions import battle_decision, campaign_manage, membership_decision
from campaigns.views.pages import campaign_create, campaign_detail, campaign_join
from campaigns.views.report import battle_report, scheduled_report
from campaigns.views.scheduled import schedule, scheduled_step

__all__ = [
    "battle_decision",
    "battle_report",
    "campaign_create",
    "campaign_detail",
    "campaign_join",
    "campaign_manage",
    "membership_decision",
    "schedule",
    "scheduled_report",
    "scheduled_step",
]
