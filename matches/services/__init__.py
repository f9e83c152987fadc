"""Every write of the matches app, one module per concept:

- ``records``: logging a result played at the table, inviting players to a live match and
  dealing it;
- ``consent``: a named player accepts or declines a live seat, confirms or declines a result;
- ``queue``: submitting actions and resignations (the action queue), the sweep of lost tasks;
- ``resolution``: resolving pending actions in order, exactly once; abandoning a match;
- ``finish``: handing a finished live match to ``MATCH_FINISHED_HANDLERS``;
- ``start``: the one door to a new live match, a friendly battle when a gang is named;
- ``replay``: replaying a live match to check its stored state;
- ``common``: errors, canonical JSON, the event log.

The live pipeline (see docs/matches.md): ``submit_action`` stores a pending action under the
match row lock and enqueues ``matches.tasks.resolve_action`` once the transaction commits;
``resolve_pending_actions`` (run by that task) locks the match again and resolves, in
submission order, every pending action up to the one it was asked about. A status check
under the lock makes each action resolve exactly once, however many times its task runs.

Engines only ever see canonical state (``json.loads(json.dumps(state, sort_keys=True))``):
PostgreSQL's jsonb does not keep key order, and an engine that iterates a dict must see the
same order in the worker as in a replay.

Other apps call the verbs re-exported here (``from matches import services``), never the
submodules.
"""

from matches.services.bot_moves import play_bots, sweep_idle_bots
from matches.services.common import (
    IdempotencyKeyReused,
    InvalidMatchInput,
    MatchNotRunning,
    NotSeated,
    canonical,
    closed_reason,
)
from matches.services.consent import accept_match, decline_match
from matches.services.finish import run_finish_handlers
from matches.services.live_friendly import (
    collect_friendly_battle,
    create_friendly_battle,
    gangs_to_bring,
    plays_with_gangs,
    seats_needing_gang,
)
from matches.services.queue import (
    MAX_ACTION_BYTES,
    MAX_KEY_LENGTH,
    RESIGN_KEY,
    resign,
    submit_action,
    sweep_pending_actions,
)
from matches.services.records import (
    CLOCK_SKEW,
    PLACES_MISSING,
    SEED_LIMIT,
    create_live_match,
    deal_if_accepted,
    log_result,
)
from matches.services.replay import replay_match
from matches.services.resolution import ENGINE_FAILED, abandon_match, resolve_pending_actions
from matches.services.start import start_live_match
from matches.services.timeouts import enforce_clocks

__all__ = [
    "CLOCK_SKEW",
    "ENGINE_FAILED",
    "MAX_ACTION_BYTES",
    "MAX_KEY_LENGTH",
    "PLACES_MISSING",
    "RESIGN_KEY",
    "SEED_LIMIT",
    "IdempotencyKeyReused",
    "InvalidMatchInput",
    "MatchNotRunning",
    "NotSeated",
    "abandon_match",
    "accept_match",
    "canonical",
    "closed_reason",
    "collect_friendly_battle",
    "create_friendly_battle",
    "create_live_match",
    "deal_if_accepted",
    "decline_match",
    "enforce_clocks",
    "gangs_to_bring",
    "log_result",
    "play_bots",
    "plays_with_gangs",
    "replay_match",
    "resign",
    "resolve_pending_actions",
    "run_finish_handlers",
    "seats_needing_gang",
    "start_live_match",
    "submit_action",
    "sweep_idle_bots",
    "sweep_pending_actions",
]
