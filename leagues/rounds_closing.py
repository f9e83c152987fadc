"""Ending a league round: shared by the organiser's close (``leagues.services.rounds``) and
the confirmation of a round's last table (``leagues.services.results`` calls
``result_confirmed``), kept apart so that neither services module imports the other."""

from __future__ import annotations

from django.utils import timezone

from leagues.models import LeagueMatch
from leagues.rounds_models import Round, RoundTable


def complete(round_: Round) -> bool:
    """Every table of the round has a confirmed result."""
    return not round_.tables.exclude(result__status=LeagueMatch.Status.CONFIRMED).exists()


def close(round_: Round, *, actor, unreported: str) -> Round:
    """Close the round; each table without a confirmed result is recorded as ``unreported``."""
    round_.tables.exclude(result__status=LeagueMatch.Status.CONFIRMED).update(recorded=unreported)
    round_.status = Round.Status.CLOSED
    round_.closed_at = timezone.now()
    round_.closed_by = actor
    round_.save(update_fields=["status", "closed_at", "closed_by"])
    return round_


def result_confirmed(result: LeagueMatch) -> None:
    """A result starts counting: if it was its round's last table, the round ends."""
    table = RoundTable.objects.filter(result=result).select_related("round").first()
    if table is None or table.round.status != Round.Status.OPEN:
        return
    round_ = Round.objects.select_for_update().get(pk=table.round_id)
    if round_.status == Round.Status.OPEN and complete(round_):
        close(round_, actor=result.confirmed_by, unreported="")
