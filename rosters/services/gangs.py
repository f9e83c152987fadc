"""Founding a gang (its name, faction and starting treasury), renaming it, counting its
battles."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from rosters.errors import (
    RosterError,
)
from rosters.models import (
    Gang,
)
from rosters.services.common import Kind, Reason, _event, _lock, gang_rules
from rosters.services.ledger import _post
from rosters.services.writes import _refresh_totals


@transaction.atomic
def create_gang(*, owner, name: str, faction: str, notes: str = "") -> Gang:
    if faction not in Gang.Faction.values:
        raise RosterError(
            _("'%(faction)s' is not a faction: choose one of %(factions)s.")
            % {"faction": faction, "factions": ", ".join(Gang.Faction.values)},
            field="faction",
        )
    if Gang.objects.filter(owner=owner, name__iexact=name).exists():
        raise RosterError(_("You already have a gang with this name."), field="name")
    gang = Gang.objects.create(owner=owner, name=name, faction=faction, notes=notes)
    treasury = gang_rules().starting_treasury
    _post(
        gang,
        amount=treasury,
        reason=Reason.STARTING_TREASURY,
        note="Starting treasury",
        actor=owner,
        code="treasury",
    )
    _event(
        gang,
        Kind.CREATED,
        f"{name} rode into town ({faction}) with {treasury} credits.",
        actor=owner,
        code="created",
        params={"gang": name, "faction": str(faction), "credits": treasury},
    )
    _refresh_totals(gang)
    return gang


@transaction.atomic
def update_gang(*, gang: Gang, actor, name: str | None = None, notes: str | None = None) -> Gang:
    """A new name (unique among the owner's gangs whatever the case) or new notes."""
    gang = _lock(gang)
    fields = ["updated_at"]
    if name is not None and name != gang.name:
        taken = Gang.objects.filter(owner_id=gang.owner_id, name__iexact=name).exclude(pk=gang.pk)
        if taken.exists():
            raise RosterError(_("You already have a gang with this name."), field="name")
        text, params = f"{gang.name} is now called {name}.", {"old": gang.name, "new": name}
        _event(gang, Kind.RENAMED, text, actor=actor, code="renamed", params=params)
        gang.name = name
        fields.append("name")
    if notes is not None:
        gang.notes = notes
        fields.append("notes")
    gang.save(update_fields=fields)
    return gang


@transaction.atomic
def record_battle(*, gang: Gang | int) -> Gang:
    """One more battle fought (the campaign post-game): refunds stop after the first."""
    gang = _lock(gang)
    gang.battles += 1
    gang.save(update_fields=["battles", "updated_at"])
    return gang
