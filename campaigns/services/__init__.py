"""Every write to a campaign, one module per concept:

- ``campaigns``: founding a campaign, its settings, arbitrators and status;
- ``membership``: invitations (the owner answers), requests (an arbitrator answers), leaving;
- ``rounds``: opening and closing rounds (closing is a Celery job; beat closes due rounds);
- ``battles``: reporting, confirming and disputing a battle;
- ``disputes``: voiding a battle (an arbitrator) or withdrawing a report (its reporter);
- ``post_game``: injuries, flips, rewards and goods of a confirmed battle, exactly once;
- ``live``: battles refereed by the server, and their hand-off back as a reported result;
- ``schedule``: the battle session's first steps: scheduling and pre-battle;
- ``missions``: a battle's mission, chosen as the campaign says, and the rewards it earns;
- ``common``: the campaign log and who arbitrates.

Battles flow ``reported → confirmed → post-game`` (or ``reported → disputed → arbitrator``).
The post-game runs in a Celery task (``campaigns.tasks.run_post_game``) and is applied exactly
once: it locks the battle row and does nothing when ``post_game_at`` is already set, so a
second confirmation, a retry or a worker that died mid-task never injures or pays twice.

Other apps and the views call the verbs re-exported here (``from campaigns import services``);
the submodules are this app's own business.
"""

from campaigns.services.battles import confirm_battle, dispute_battle, report_battle
from campaigns.services.campaigns import (
    RULESETS,
    SETTINGS,
    TIE_BREAKERS,
    add_arbitrator,
    check_settings,
    create_campaign,
    set_status,
    update_campaign,
)
from campaigns.services.common import log
from campaigns.services.disputes import void_battle, withdraw_battle
from campaigns.services.live import (
    collect_live_battle,
    collect_live_battles,
    gang_for_live_play,
    start_live_battle,
)
from campaigns.services.membership import (
    answer_invitation,
    decide_membership,
    leave_campaign,
    request_join,
    request_leave,
    set_roster_consent,
)
from campaigns.services.missions import (
    check_mission_data,
    choose_mission,
    offered,
    report_with_mission,
    save_mission,
    tabletop_earnings,
)
from campaigns.services.post_game import run_post_game, sweep_post_games
from campaigns.services.rounds import (
    close_due_rounds,
    close_round_now,
    open_round,
    request_round_close,
)
from campaigns.services.schedule import (
    pick_crew,
    play_scheduled_live,
    prepare_battle,
    ready_seats,
    report_scheduled,
    schedule_battle,
)

__all__ = [
    "MAX_CREDITS_EARNED",
    "MAX_GOODS_PER_SIDE",
    "RULESETS",
    "SETTINGS",
    "TIE_BREAKERS",
    "add_arbitrator",
    "answer_invitation",
    "check_mission_data",
    "check_settings",
    "choose_mission",
    "close_due_rounds",
    "close_round_now",
    "collect_live_battle",
    "collect_live_battles",
    "confirm_battle",
    "create_campaign",
    "decide_membership",
    "dispute_battle",
    "gang_for_live_play",
    "leave_campaign",
    "log",
    "offered",
    "open_round",
    "pick_crew",
    "play_scheduled_live",
    "prepare_battle",
    "ready_seats",
    "report_battle",
    "report_scheduled",
    "report_with_mission",
    "request_join",
    "request_leave",
    "request_round_close",
    "run_post_game",
    "save_mission",
    "schedule_battle",
    "set_roster_consent",
    "set_status",
    "start_live_battle",
    "sweep_post_games",
    "tabletop_earnings",
    "update_campaign",
    "void_battle",
    "withdraw_battle",
]
