"""The campaign log's lines by code, in English: the msgids of locale/*/django.po that
campaigns/log_lines.py renders in the reader's language. A template, or (singular, plural,
the parameter that counts)."""

from __future__ import annotations

from django.utils.translation import gettext_noop

AFTER_A_BATTLE = {
    "death": gettext_noop(
        "%(fighter)s of %(gang)s was taken out of action a third time and is dead; their "
        "equipment is buried with them."
    ),
    "injury": gettext_noop(
        "%(fighter)s of %(gang)s was taken out of action (%(strike)s of 3) and permanently "
        "loses a wound."
    ),
    "flips": (
        gettext_noop("%(fighter)s earned %(count)s card flip."),
        gettext_noop("%(fighter)s earned %(count)s card flips."),
        "count",
    ),
    "reward": (
        gettext_noop("%(gang)s earned %(count)s credit (%(result)s)."),
        gettext_noop("%(gang)s earned %(count)s credits (%(result)s)."),
        "count",
    ),
}

CAMPAIGN = {
    "founded": gettext_noop("%(user)s founded the campaign %(name)s."),
    "settings": gettext_noop("%(user)s changed the settings: %(changes)s."),
    "arbitrator": gettext_noop("%(user)s now arbitrates the campaign."),
    "campaign_started": gettext_noop("The campaign started."),
    "campaign_finished": gettext_noop("The campaign finished."),
    "round_opened": gettext_noop("Round %(number)s opened; it closes on %(date)s."),
    "round_closed": (
        gettext_noop("Round %(number)s closed after %(count)s confirmed battle."),
        gettext_noop("Round %(number)s closed after %(count)s confirmed battles."),
        "count",
    ),
    "still_waiting": (
        gettext_noop("%(count)s result still waits for confirmation."),
        gettext_noop("%(count)s results still wait for confirmation."),
        "count",
    ),
    "round_closed_waiting": gettext_noop("%(closed)s %(waiting)s"),
}

MEMBERSHIP = {
    "joined": gettext_noop("%(gang)s joined the campaign."),
    "invited": gettext_noop("%(user)s invited %(gang)s; it joins when its owner accepts."),
    "asked": gettext_noop("%(gang)s asked to join."),
    "turned_down": gettext_noop("%(gang)s's request was turned down."),
    "declined": gettext_noop("%(gang)s declined the invitation."),
    "left": gettext_noop("%(gang)s left the campaign."),
    "withdrew_request": gettext_noop("%(gang)s withdrew its request."),
    "roster_shared": gettext_noop("%(user)s lets the arbitrators manage %(gang)s's roster."),
    "roster_alone": gettext_noop("%(user)s manages %(gang)s's roster alone again."),
    "void_left": gettext_noop(
        "Battle %(battle)s is void: %(gang)s left the campaign before it was confirmed."
    ),
    "live_void_left": gettext_noop(
        "The live battle of match %(match)s no longer counts: %(gang)s left the campaign."
    ),
}

BATTLES = {
    "reported": (
        gettext_noop(
            "%(user)s reported %(a)s against %(b)s in round %(round)s (%(outcome)s); "
            "%(count)s fighter out of action."
        ),
        gettext_noop(
            "%(user)s reported %(a)s against %(b)s in round %(round)s (%(outcome)s); "
            "%(count)s fighters out of action."
        ),
        "count",
    ),
    "server": gettext_noop("The server"),
    "drew": gettext_noop("drew"),
    "won": gettext_noop("won: %(gang)s"),
    "confirmed": gettext_noop("%(user)s confirmed battle %(battle)s."),
    "disputed": gettext_noop("%(user)s disputed battle %(battle)s: %(reason)s"),
    "voided": gettext_noop("%(user)s voided battle %(battle)s."),
    "voided_because": gettext_noop("%(user)s voided battle %(battle)s: %(reason)s"),
    "withdrawn": gettext_noop(
        "%(user)s withdrew their report of battle %(battle)s; the two gangs may report it again."
    ),
    "scheduled": gettext_noop("%(user)s scheduled %(a)s against %(b)s in round %(round)s."),
    "scheduled_on": gettext_noop(
        "%(user)s scheduled %(a)s against %(b)s in round %(round)s on %(date)s."
    ),
    "set_up": gettext_noop(
        "%(user)s set up the battle of %(a)s (attacker) and %(b)s (defender): round %(round)s."
    ),
    "set_up_mission": gettext_noop(
        "%(user)s set up the battle of %(a)s (attacker) and %(b)s (defender): the mission "
        "%(mission)s, round %(round)s."
    ),
    "crew_picked": gettext_noop(
        "%(user)s picked who fights for %(gang)s in the battle of round %(round)s."
    ),
    "live_started": gettext_noop(
        "%(user)s started a live battle of %(a)s and %(b)s in round %(round)s (match "
        "%(match)s); it begins when both owners accept."
    ),
}

LINES = {**AFTER_A_BATTLE, **CAMPAIGN, **MEMBERSHIP, **BATTLES}
