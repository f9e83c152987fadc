"""What every gang write shares: the house rules, the gang row lock, the gang's history."""

from __future__ import annotations

from rosters import history_lines, revisions
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
    gang: Gang, kind: str, text: str | None, *, code: str, params=None, actor=None, fighter=None
) -> GangEvent:
    """A history line: its ``code`` and ``params`` (rosters/history_lines.py), read in the
    reader's language, and its English ``text`` (``None``: written from the code). A code the
    list does not know is refused, so that every line reads in every language."""
    if code not in history_lines.LINES:
        raise ValueError(f"{code!r} is not a code of rosters/history_lines.py")
    params = dict(params or {})
    if actor is not None and kind in ROSTER_KINDS and actor.pk != gang.owner_id:
        params["by"] = actor.username
        text = text if text is None else f"{text} (by {actor.username})"
    if text is None:
        text = history_lines.english(code, params)
    row = {"gang": gang, "kind": kind, "text": text, "actor": actor, "fighter": fighter}
    return GangEvent(**row, code=code, params=params)


def _event(
    gang: Gang, kind: str, text: str | None, *, code: str, params=None, actor=None, fighter=None
) -> GangEvent:
    event = _new_event(gang, kind, text, actor=actor, fighter=fighter, code=code, params=params)
    event.save()
    return event


def record_event(
    *, gang: Gang, code: str, params: dict, actor, kind: str = Kind.BATTLE
) -> GangEvent:
    """A line in the gang's history written by another app (a campaign's arbitrator reported or
    confirmed a battle of the gang): the owner reads who did it in ``GET gangs/{id}/history/``.
    ``code``: one of rosters/history_lines.py, its English written from it."""
    return _event(gang, kind, None, actor=actor, code=code, params=params)


def where(*, battle: int | None = None, campaign: str = "") -> dict:
    """The ``at`` parameter of a line that happened in a battle (of a campaign): read after
    the sentence, in the reader's language (rosters/history_lines.py ``AT``)."""
    if battle is None:
        return {}
    return {"at": {"battle": battle, **({"campaign": campaign} if campaign else {})}}
