"""A gang at a live table: the roster as the Last Hope Frontier engine takes it, read by the
server (never pasted by a client), and a friendly battle's line in the gang's history.

``matches`` reaches this module through the setting ``MATCH_GANG_PROVIDERS`` (by ruleset):
rosters imports no other app, and matches imports no game."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils.translation import gettext as _

from config.errors import NotAllowed
from rosters import access
from rosters.errors import RosterError
from rosters.models import Fighter, Gang
from rosters.services.common import Kind, _event, _lock
from rulesets.last_hope_frontier.live_gangs import demo_gang_against


def gang_for_live_play(gang: Gang) -> dict:
    """The gang as the Last Hope Frontier engine takes it: active fighters with their current
    stat lines and the equipment they carry (the stash stays at home)."""
    from rosters.selectors import fighter_queryset

    fighters = fighter_queryset().filter(gang=gang, status=Fighter.Status.ACTIVE).order_by("id")
    return {
        "gang_id": gang.pk,
        "name": gang.name,
        "faction": gang.faction,
        "fighters": [
            {
                "id": f.pk,
                "name": f.name,
                "role": f.role.slug,
                "stats": f.current_stats(),
                "equipment": [e.item.slug for e in f.equipment.all()],
            }
            for f in fighters
        ],
    }


def table_gang(*, user, gang_id, field: str = "gang") -> dict:
    """``user``'s own gang ``gang_id`` for a battle outside any campaign, as the engine takes
    it; a 400 naming ``field`` for no such gang or no fighter able to fight, a 403 for a gang
    that is not the user's (rosters.access.takes_to_battle)."""
    gang = (
        Gang.objects.filter(pk=gang_id).first()
        if isinstance(gang_id, int) and not isinstance(gang_id, bool)
        else None
    )
    if gang is None:
        raise RosterError(_("There is no such gang."), field=field)
    if not access.takes_to_battle(user=user, gang=gang):
        raise NotAllowed(
            _("%(gang)s is not your gang: bring one of your own gangs.") % {"gang": gang.name},
            field=field,
        )
    if not gang.fighters.filter(status=Fighter.Status.ACTIVE).exists():
        raise RosterError(
            _("%(gang)s has no fighter able to fight.") % {"gang": gang.name}, field=field
        )
    return gang_for_live_play(gang)


def bot_gang(*, against: dict) -> dict:
    """The gang a bot brings against ``against`` (``table_gang``'s answer): a demo gang of
    the game's data (rulesets/last_hope_frontier/live_gangs.py), nobody's roster."""
    return demo_gang_against(against)


def battle_gangs(*, user) -> list[Gang]:
    """The gangs ``table_gang`` would take from ``user``: theirs to bring
    (``access.takes_to_battle``) with a fighter able to fight. One query, by name."""
    if not user or not user.is_authenticated:
        return []
    able = Fighter.objects.filter(gang=OuterRef("pk"), status=Fighter.Status.ACTIVE)
    gangs = Gang.objects.filter(owner=user).filter(Exists(able)).order_by("name", "id")
    return [gang for gang in gangs if access.takes_to_battle(user=user, gang=gang)]


@transaction.atomic
def record_friendly_battle(
    *, gang_id: int, match: int, facing: str, player: str, result: str
) -> bool:
    """The line of a friendly battle in the gang's history (``result``: won, lost or draw),
    once (a finish hand-off may repeat): nothing else of the roster changes, as no campaign
    counts the battle."""
    gang = Gang.objects.filter(pk=gang_id).first()
    if gang is None:
        return False
    gang = _lock(gang)
    params = {"match": match, "facing": facing, "player": player}
    code = f"friendly_{result}"
    if gang.events.filter(kind=Kind.BATTLE, code=code, params=params).exists():
        return False
    _event(gang, Kind.BATTLE, None, code=code, params=params)
    return True
