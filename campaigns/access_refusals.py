"""What a refusal of ``campaigns.access.require`` says, in the reader's language: who may do
what was refused. The rules themselves are ``campaigns/access.py``'s; this only words them
(keyed by the actions' names, so that it needs nothing from there)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaigns.errors import NotAnArbitrator
from campaigns.models import Battle, Campaign
from config.errors import NotAllowed

# Said in the reader's language where refused (gettext_noop marks them for the catalogue).
OWNER_MESSAGES = {  # and a crew's (pick_crew: an arbitrator may step in)
    "pick_crew": gettext_noop("Only the gang's owner or an arbitrator picks its crew."),
    "ask_to_join": gettext_noop(
        "Only the gang's owner may ask for it to join; an arbitrator invites it."
    ),
    "answer_invitation": gettext_noop(
        "Only the gang's owner may accept or decline its invitation."
    ),
    "leave": gettext_noop("Only the gang's owner may take it out of the campaign."),
    "set_roster_consent": gettext_noop(
        "Only the gang's owner may say whether the arbitrators manage its roster."
    ),
}
PICK_MESSAGES = {
    "arbitrator": gettext_noop("In this campaign an arbitrator picks each battle's mission."),
    "random": gettext_noop(
        "In this campaign each battle's mission is drawn at random: leave it out."
    ),
    "underdog": gettext_noop(
        "In this campaign the underdog's owner (the lower-rated gang) or an "
        "arbitrator picks the mission."
    ),
}


def refusal(
    action: str,
    *,
    arbitrators_only: bool,
    campaign: Campaign,
    battle: Battle | None,
    arbitrator: bool,
) -> NotAllowed:
    """The 403 for ``action`` refused (``arbitrators_only``: an arbitrator's action;
    ``arbitrator``: the refused user arbitrates the campaign)."""
    if arbitrators_only:
        return NotAnArbitrator()
    if action in OWNER_MESSAGES:
        return NotAllowed(_(OWNER_MESSAGES[action]))
    if action == "start_live_battle":
        return NotAllowed(_("Only one of the two gangs' owners (or staff) may start their battle."))
    if action == "pick_mission":
        return NotAllowed(_(PICK_MESSAGES[campaign.mission_choice]))
    if action in ("report_battle", "schedule_battle"):
        if arbitrator:  # a gang whose owner has not accepted
            return NotAllowed(
                _("Only an arbitrator of a campaign this gang has joined, or staff, may do this.")
            )
        if action == "report_battle":
            return NotAllowed(
                _("Only the two gangs' owners or an arbitrator may report this battle.")
            )
        return NotAllowed(
            _("Only the two gangs' owners or an arbitrator may schedule this battle.")
        )
    if action == "withdraw_battle":
        return NotAllowed(_("Only its reporter may withdraw a report."))
    if battle is not None and battle.status == Battle.Status.DISPUTED:
        return NotAnArbitrator(
            _("A disputed result waits for an arbitrator who did not play in the battle.")
        )
    return NotAllowed(
        _(
            "The other side, or an arbitrator of the campaign who does not play in the battle, "
            "confirms a result, not its reporter: never one side alone."
        )
    )
