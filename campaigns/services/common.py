"""What every campaign write shares: the campaign log (who may: campaigns/access.py), the
gangs' history lines of what an overseer did."""

from __future__ import annotations

from campaigns.log_texts import LINES
from campaigns.models import (
    Campaign,
    LogEntry,
)
from rosters import services as rosters


def log(
    campaign: Campaign,
    kind: str,
    text: str,
    *,
    actor=None,
    battle=None,
    gang=None,
    code: str,
    params: dict | None = None,
) -> LogEntry:
    """A line of the campaign log: its English ``text``, and its ``code`` and ``params``
    (campaigns/log_texts.py; a code not listed there is refused), so each reader reads it in
    their language."""
    if code not in LINES:
        raise ValueError(f"{code!r} is not a code of campaigns/log_texts.py")
    return LogEntry.objects.create(
        campaign=campaign,
        kind=kind,
        text=text,
        actor=actor,
        battle=battle,
        gang=gang,
        code=code,
        params=params or {},
    )


def next_battle_number(campaign: Campaign) -> int:
    """The next battle's number in ``campaign`` (1 for its first). Asked under the campaign's
    row lock, which every write of a battle holds; the unique constraint backs it."""
    from django.db.models import Max

    from campaigns.models import Battle

    last = Battle.objects.filter(campaign=campaign).aggregate(n=Max("number"))["n"]
    return (last or 0) + 1


def tell_gangs(gangs, *, actor, battle, code: str, **words) -> None:
    """A history line on each gang acted on as overseer, naming who acted and as what
    (``code``: rosters/history_lines.py ``overseer_*``)."""

    gangs = list(gangs)
    if not gangs:
        return  # nobody acted as overseer (a gang's own owner, the server)
    params = {
        "user": actor.username,
        "role": {"code": "staff" if actor.is_staff else "arbitrator"},
        "battle": battle.shown_number,
        "campaign": battle.campaign.name,
        **words,
    }
    for gang in gangs:
        rosters.record_event(gang=gang, code=code, params=params, actor=actor)
