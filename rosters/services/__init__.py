"""Every write to a gang, one module per concept:

- ``gangs``: founding, renaming, counting battles; ``fighters``: hiring, renaming, retiring,
  injuries;
- ``equipment``: carry rules, purchases, moves, sales, items used up in battle;
- ``goods``: goods and findable items found in a mission, goods sold at the marketplace;
- ``ledger``: credits through the append-only ledger, arbitrators' grants;
- ``writes``: what a write sends — its ledger row checked against the locked balance, its rows,
  the totals recomputed from the rows (``GangWrite``);
- ``starting``: a starting gang founded, hired and equipped in one all-or-nothing order;
- ``flips``: advancement by card flips (a flip and its choice in one call with ``prefer``);
  ``catalogue``: market price changes;
- ``common``: the house rules, the gang row lock, the gang's history.

Each write locks the gang row (``common._lock``, which also bumps the gang's revision: the
key of its cached detail, rosters/detail.py), checks the rules, writes the ledger and
history, and recomputes credits, rating and wealth in the same transaction. Who may act on a gang is
decided in ``rosters.access`` (re-exported here for the callers that ask through services).

Other apps call the verbs re-exported here (``from rosters import services``), never the
submodules.
"""

from rosters.access import access_gang_for_change, can_manage_gang
from rosters.errors import (
    CarryError,
    CompositionError,
    FighterUnavailable,
    InsufficientCredits,
    NotYourGang,
    RosterError,
)
from rosters.services.catalogue import change_price
from rosters.services.common import (
    RULESET,
    Kind,
    Reason,
    _event,
    _lock,
    gang_rules,
    record_event,
    where,
)
from rosters.services.equipment import (
    MAX_QUANTITY,
    check_can_carry,
    check_carry_limits,
    check_purchasable,
    move_equipment,
    purchase_item,
    sell_equipment,
    use_up,
)
from rosters.services.fighters import (
    check_can_hire,
    hire_fighter,
    rename_fighter,
    retire_fighter,
    take_out_of_action,
)
from rosters.services.flips import (
    award_flips,
    flip_card,
    flip_preferring,
    session_options,
    showing_flip,
)
from rosters.services.gangs import create_gang, record_battle, update_gang
from rosters.services.goods import add_found, add_goods, find_item, findable_slugs, sell_goods
from rosters.services.ledger import (
    _post,
    _refresh_totals,
    adjust_credits,
    ledger_balance,
    reconcile_credits,
)
from rosters.services.starting import create_starting_gang
from rosters.services.writes import check_affordable

# _event, _lock, _post, _refresh_totals: rosters' own helpers, used by rosters.exports.
__all__ = [
    "MAX_QUANTITY",
    "RULESET",
    "CarryError",
    "CompositionError",
    "FighterUnavailable",
    "InsufficientCredits",
    "Kind",
    "NotYourGang",
    "Reason",
    "RosterError",
    "_event",
    "_lock",
    "_post",
    "_refresh_totals",
    "access_gang_for_change",
    "add_found",
    "add_goods",
    "adjust_credits",
    "award_flips",
    "can_manage_gang",
    "change_price",
    "check_affordable",
    "check_can_carry",
    "check_can_hire",
    "check_carry_limits",
    "check_purchasable",
    "create_gang",
    "create_starting_gang",
    "find_item",
    "findable_slugs",
    "flip_card",
    "flip_preferring",
    "gang_rules",
    "hire_fighter",
    "ledger_balance",
    "move_equipment",
    "purchase_item",
    "reconcile_credits",
    "record_battle",
    "record_event",
    "rename_fighter",
    "retire_fighter",
    "sell_equipment",
    "sell_goods",
    "session_options",
    "showing_flip",
    "take_out_of_action",
    "update_gang",
    "use_up",
    "where",
]
