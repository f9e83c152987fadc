"""Where a campaign battle stands, as one row of steps the campaign page shows:
scheduled → pre-battle → played → post-battle → confirmed (issue #34, "the battle session").

Derived from what the battle already keeps (no state of its own, so nothing can drift): a
live battle waiting for its owners' acceptance is *pre-battle* (the gangs, the round and the
mission are set); one being played is *played*; a reported battle waiting for the other
side's word (or an arbitrator's) is *post-battle*; a confirmed one is *confirmed* once the
post-game ran. A ``ScheduledBattle`` (campaigns/session_models.py) stores the first two steps:
*scheduled* (the gangs, the round, a date), then *pre-battle* once it was set up; played, it
reads its step from its live battle or its report.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

STEPS = (
    ("scheduled", _("scheduled")),
    ("pre-battle", _("pre-battle")),
    ("played", _("played")),
    ("post-battle", _("post-battle")),
    ("confirmed", _("confirmed")),
)


def battle_step(battle) -> str | None:
    """A reported battle's step (None: voided, off the road)."""
    if battle.status == "void":
        return None
    if battle.status == "confirmed":
        return "confirmed" if battle.post_game_at else "post-battle"
    return "post-battle"


def live_step(live) -> str | None:
    """A live battle's step, from its match (and its battle once the server reported it)."""
    if live.battle is not None:
        return battle_step(live.battle)
    status = live.match.status
    if status == "invited":
        return "pre-battle"
    if status in ("live", "finished"):
        return "played"
    return None  # declined or cancelled


def scheduled_step(scheduled) -> str | None:
    """A scheduled battle's step: its own until it is played, then its battle's."""
    if scheduled.battle_id is not None:
        return battle_step(scheduled.battle)
    if scheduled.live_id is not None:
        step = live_step(scheduled.live)
        if step is not None:
            return step  # else declined or abandoned unplayed: back to its pre-battle
    return "pre-battle" if scheduled.prepared_at else "scheduled"


def steps(current: str | None) -> list[dict]:
    """The road with the current step marked and the ones behind it done."""
    keys = [key for key, _label in STEPS]
    reached = keys.index(current) if current in keys else -1
    return [
        {"key": key, "label": label, "current": i == reached, "done": i < reached}
        for i, (key, label) in enumerate(STEPS)
    ]
