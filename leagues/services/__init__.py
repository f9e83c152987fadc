"""Every write to a league, one module per concept:

- ``leagues``: founding a league, its settings and organisers;
- ``members``: invitations and their answers, joining with the code;
- ``rounds``: league nights: check-in, opening and closing rounds, results by table;
- ``results``: reporting a result, confirming, disputing and voiding it (and its ratings);
- ``common``: finding a player. Who may do what is ``leagues.access``.

The consent rules (docs/rules/leagues.md): a player is in a league only if they joined with
its code or accepted an organiser's invitation; a result names only such members and counts
only once every player it names has confirmed it.

Other modules call the verbs re-exported here (``from leagues import services``).
"""

from leagues.services.common import MAX_REASON, find_player
from leagues.services.leagues import (
    SETTINGS,
    add_organiser,
    check_order,
    check_settings,
    create_league,
    update_league,
)
from leagues.services.members import (
    accept_membership,
    add_member,
    decline_membership,
    invite_players,
)
from leagues.services.results import (
    add_live_match,
    confirm_result,
    dispute_result,
    report_result,
    void_result,
)
from leagues.services.rounds import (
    check_in,
    close_round,
    drop,
    open_round,
    report_table_result,
)

__all__ = [
    "MAX_REASON",
    "SETTINGS",
    "accept_membership",
    "add_live_match",
    "add_member",
    "add_organiser",
    "check_in",
    "check_order",
    "check_settings",
    "close_round",
    "confirm_result",
    "create_league",
    "decline_membership",
    "dispute_result",
    "drop",
    "find_player",
    "invite_players",
    "open_round",
    "report_result",
    "report_table_result",
    "update_league",
    "void_result",
]
