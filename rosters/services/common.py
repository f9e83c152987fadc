"""What every gang write shares: the house rules, the gang row lock, the gang's history."""

from __future__ import annotations

from rosters import revisions
from rosters.models import Gang, GangEvent, GangRules, LedgerEntry

RULESET = "last-hope-frontier"
Reason = LedgerEntry.Reason
Kind = GangEvent.Kind


def gang_rules() -> GangRules:
    return GangRules.objects.get(ruleset=RULESET)


def _lock(gang: Gang | int) -> Gang:
    """The gang row, locked for this transaction, with its revision bumped: every write service
    changes a gang under this lock, so every one of them invalidates the cached gang detail
    (rosters/detail.py) in the same transaction. One statement: the UPDATE takes the lock.

    The gang first, then its rows (a fighter, a piece of kit), these FOR NO KEY UPDATE as the
    UPDATE's own lock is: no write changes a key, and FOR UPDATE would also hold off the
    key-share locks that other transactions' deferred foreign-key checks take at commit (a
    confirmation naming a fighter deadlocked with the post-game injuring it)."""
    return revisions.lock_and_bump(gang if isinstance(gang, int) else gang.pk)


# The roster's changes (the owner's own, unless they let someone else manage the roster:
# rosters.access.MANAGED_ROSTER_ACTIONS): one made by anyone else names them in the sentence.
ROSTER_KINDS = frozenset(
    {Kind.HIRED, Kind.PURCHASE, Kind.SALE, Kind.MOVED, Kind.FLIPS, Kind.ADVANCEMENT}
)


def _new_event(
    gang: Gang, kind: str, text: str, *, actor=None, fighter=None, code="", params=None
) -> GangEvent:
    """A history line: its English ``text`` and, when rosters/history_lines.py knows it, its
    ``code`` and ``params``, read in the reader's language."""
    params = dict(params or {})
    if actor is not None and kind in ROSTER_KINDS and actor.pk != gang.owner_id:
        text = f"{text} (by {actor.username})"
        params["by"] = actor.username
    row = {"gang": gang, "kind": kind, "text": text, "actor": actor, "fighter": fighter}
    return GangEvent(**row, code=code, params=params)


def _event(
    gang: Gang, kind: str, text: str, *, actor=None, fighter=None, code="", params=None
) -> GangEvent:
    event = _new_event(gang, kind, text, actor=actor, fighter=fighter, code=code, params=params)
    event.save()
    return event


def record_event(*, gang: Gang, text: str, actor, kind: str = Kind.BATTLE) -> GangEvent:
    """A line in the gang's history written by another app (a campaign's arbitrator reported or
    confirmed a battle of the gang): the owner reads who did it in ``GET gangs/{id}/history/``."""
    return _event(gang, kind, text, actor=actor)
