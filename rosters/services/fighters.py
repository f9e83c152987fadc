"""Fighters: hiring within the gang's composition rules, retiring, and injuries (the
post-game's taking out of action)."""

from __future__ import annotations

from collections import Counter

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rosters.errors import (
    CompositionError,
    FighterUnavailable,
    RosterError,
)
from rosters.history_lines import where_in_english as _where_in_english
from rosters.models import (
    Equipment,
    Fighter,
    Gang,
    GangRules,
    Injury,
    Role,
)
from rosters.services.common import Kind, Reason, _event, _lock, gang_rules
from rosters.services.ledger import _post
from rosters.services.writes import _refresh_totals
from rulesets.core.words import counted
from rulesets.last_hope_frontier import post_game


@transaction.atomic
def hire_fighter(*, gang: Gang, name: str, role: str, actor) -> Fighter:
    gang = _lock(gang)
    role_row = Role.objects.filter(slug=role).first()
    if role_row is None:
        slugs = ", ".join(Role.objects.values_list("slug", flat=True))
        raise RosterError(
            _("'%(role)s' is not a role: choose one of %(roles)s.")
            % {"role": role, "roles": slugs},
            field="role",
        )
    active = Counter(
        Fighter.objects.filter(gang=gang, status=Fighter.Status.ACTIVE).values_list(
            "role__slug", flat=True
        )
    )
    check_can_hire(role=role_row, active=active, rules=gang_rules())
    fighter = Fighter.objects.create(
        gang=gang, name=name, role=role_row, hire_cost=role_row.hire_cost, **role_row.stat_line()
    )
    _post(
        gang,
        amount=-role_row.hire_cost,
        reason=Reason.HIRE,
        actor=actor,
        field="role",
        note=f"Hired {role_row.name.lower()} {name}",
        code="hired_note",
        params={"role": role_row.name.lower(), "name": name},
    )
    _event(
        gang,
        Kind.HIRED,
        f"Hired {role_row.name.lower()} {name} for {role_row.hire_cost} credits.",
        actor=actor,
        code="hired",
        params={"role": role_row.name.lower(), "name": name, "cost": role_row.hire_cost},
        fighter=fighter,
    )
    _refresh_totals(gang)
    return fighter


def check_can_hire(*, role: Role, active: Counter, rules: GangRules) -> None:
    """Composition: at most ``role.max_count`` of a role (one leader, two deputies...) and at
    most ``rules.max_fighters`` in all. ``active`` counts the gang's active fighters by role."""
    if active[role.slug] >= role.max_count:
        raise CompositionError(
            _("A gang may have at most %(fighters)s; this gang has %(count)s.")
            % {"fighters": counted(role.max_count, role.name.lower()), "count": active[role.slug]},
            field="role",
        )
    if sum(active.values()) >= rules.max_fighters:
        limit = rules.max_fighters
        raise CompositionError(
            ngettext(
                "A gang may have at most %(count)s fighter.",
                "A gang may have at most %(count)s fighters.",
                limit,
            )
            % {"count": limit},
            field="role",
        )


def not_active(fighter: Fighter, *, doing: bool = False) -> str:
    """Why a dead or retired fighter is refused: a whole sentence per status, so that each
    language says it its own way (French needs no gendered "mort" or "retraité")."""
    dead = fighter.status == Fighter.Status.DEAD
    if doing:
        said = _("%(name)s is dead and cannot do that.") if dead else None
        said = said or _("%(name)s is retired and cannot do that.")
    else:
        said = _("%(name)s is dead.") if dead else _("%(name)s is retired.")
    return said % {"name": fighter.name}


def _active_fighter(
    gang: Gang, fighter_id, *, field: str = "fighter", lock: bool = False
) -> Fighter:
    query = Fighter.objects.select_related("role")
    if lock:
        query = query.select_for_update(no_key=True, of=("self",))
    fighter = (
        query.filter(pk=fighter_id, gang=gang).first() if isinstance(fighter_id, int) else None
    )
    if fighter is None:
        raise RosterError(_("No such fighter in this gang."), field=field)
    if not fighter.is_active:
        raise FighterUnavailable(not_active(fighter, doing=True), field=field)
    return fighter


@transaction.atomic
def rename_fighter(*, gang: Gang, fighter_id: int, name: str, actor) -> Fighter:
    """A fighter's name, whatever their status (the dead keep a name on the roster)."""
    gang = _lock(gang)
    fighter = Fighter.objects.filter(pk=fighter_id, gang=gang).first()
    if fighter is None:
        raise RosterError(_("No such fighter in this gang."), field="fighter")
    fighter.name = name
    fighter.save(update_fields=["name"])
    return fighter


@transaction.atomic
def retire_fighter(*, gang: Gang, fighter_id: int, actor) -> Fighter:
    """Retire a fighter. Their equipment goes to the stash.

    Refund rule (our decision, docs/rules/last-hope-frontier.md): before the gang's first
    battle the hire cost is refunded in full (fixing a roster while building it); after that
    nothing is refunded — a fighter who leaves takes their wages with them.
    """
    gang = _lock(gang)
    fighter = _active_fighter(gang, fighter_id)
    fighter.status = Fighter.Status.RETIRED
    fighter.left_at = timezone.now()
    fighter.save(update_fields=["status", "left_at"])
    Equipment.objects.filter(fighter=fighter, disposal="").update(fighter=None)
    if gang.battles == 0:
        _post(
            gang,
            amount=fighter.hire_cost,
            reason=Reason.REFUND,
            actor=actor,
            note=f"{fighter.name} removed before the gang's first battle",
            code="removed_note",
            params={"fighter": fighter.name},
        )
        text = f"{fighter.name} was removed from the roster; {fighter.hire_cost} credits refunded."
        code = "removed"
    else:
        text = f"{fighter.name} retired; their equipment went to the stash."
        code = "retired"
    params = {"fighter": fighter.name, "credits": fighter.hire_cost}
    _event(gang, Kind.RETIRED, text, actor=actor, fighter=fighter, code=code, params=params)
    _refresh_totals(gang)
    return fighter


@transaction.atomic
def take_out_of_action(
    *, fighter: Fighter, actor, note: str = "", at: dict | None = None
) -> Injury:
    """Post-game injury: −1 wound the first and second time; the third time the fighter dies
    and its equipment is buried with it. ``note``: a person's words; ``at``: the battle
    (``common.where``), which the history line names in the reader's language."""
    at = at or {}
    gang = _lock(fighter.gang)
    fighter = Fighter.objects.select_for_update(no_key=True).get(pk=fighter.pk)
    if not fighter.is_active:
        raise FighterUnavailable(not_active(fighter), field="fighter")
    injury = post_game.injury_for(fighter.times_out_of_action)
    fighter.times_out_of_action = injury.times_out_of_action
    record = Injury.objects.create(
        fighter=fighter,
        strike=injury.times_out_of_action,
        wounds_lost=injury.wounds_lost,
        fatal=injury.dead,
        note=note or _where_in_english(at),
    )
    if injury.dead:
        fighter.status = Fighter.Status.DEAD
        fighter.left_at = timezone.now()
        buried = Equipment.objects.filter(fighter=fighter, disposal="").update(
            disposal=Equipment.Disposal.BURIED, disposed_at=timezone.now()
        )
        _event(
            gang,
            Kind.DEATH,
            None,
            actor=actor,
            code="death",
            params={"fighter": fighter.name, "count": buried, "note": note, **at},
            fighter=fighter,
        )
    else:
        _event(
            gang,
            Kind.INJURY,
            None,
            actor=actor,
            code="injury",
            params={
                "fighter": fighter.name,
                "strike": injury.times_out_of_action,
                "count": injury.wounds_lost,
                "note": note,
                **at,
            },
            fighter=fighter,
        )
    fighter.save(update_fields=["times_out_of_action", "status", "left_at"])
    _refresh_totals(gang)
    return record
