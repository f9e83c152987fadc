"""Rounds: one open at a time; closing one is a Celery job that runs the post-games still
waiting, and beat closes the rounds past their deadline."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaigns import access
from campaigns.errors import WrongState
from campaigns.models import (
    Battle,
    Campaign,
    LogEntry,
    Round,
)
from campaigns.services.common import log
from campaigns.services.post_game import run_post_game
from config import dispatch
from jobs import services as jobs
from jobs.models import Job
from notifications import hooks as notify
from rulesets.core.words import counted

CLOSE_ROUND = "campaigns.tasks.close_round"  # sent by name: the tasks module imports this one


@transaction.atomic
def open_round(*, campaign: Campaign, actor, deadline=None) -> Round:
    access.require(user=actor, action=access.Action.RUN, campaign=campaign)
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    if campaign.status != Campaign.Status.ACTIVE:
        raise WrongState(_("Start the campaign before opening rounds."), field="campaign")
    if campaign.rounds.exclude(status=Round.Status.CLOSED).exists():
        raise WrongState(
            _("Close the open round first: one round is played at a time."), field="round"
        )
    number = (campaign.rounds.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    if deadline is None:
        deadline = timezone.now() + timezone.timedelta(days=campaign.round_length_days)
    round_ = Round.objects.create(campaign=campaign, number=number, deadline=deadline)
    log(
        campaign,
        LogEntry.Kind.ROUND,
        f"Round {number} opened; it closes on {deadline:%d %B %Y}.",
        actor=actor,
        code="round_opened",
        params={"number": number, "date": deadline.strftime("%Y-%m-%d")},
    )
    notify.round_opened(round_=round_)
    return round_


@transaction.atomic
def request_round_close(*, round_: Round, actor):
    """Start the closing job (idempotent: a round already closing or closed returns its job)."""
    if actor is not None:
        access.require(user=actor, action=access.Action.RUN, campaign=round_.campaign)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.OPEN:
        return round_.close_job
    task = dispatch.task(CLOSE_ROUND)
    job = jobs.start_job(name="close-round", task=task, owner=actor, round_id=round_.pk)
    round_.status = Round.Status.CLOSING
    round_.close_job = job
    round_.save(update_fields=["status", "close_job"])
    return job


def close_round_now(*, round_id: int, job_id: str | None = None) -> dict:
    """The closing job: apply every confirmed battle's post-game, then close the round.
    Reported or disputed battles stay as they are for the arbitrator. A second run finds the
    round closed and changes nothing."""
    round_ = Round.objects.select_related("campaign").get(pk=round_id)
    if round_.status == Round.Status.CLOSED:
        jobs.job_finished(job_id, result={"round": round_.number, "already_closed": True})
        return {"already_closed": True}
    pending = list(
        round_.battles.filter(
            status=Battle.Status.CONFIRMED, post_game_at__isnull=True
        ).values_list("pk", flat=True)
    )
    jobs.job_running(job_id, total=len(pending) + 1)
    for done, battle_id in enumerate(pending, start=1):
        run_post_game(battle_id=battle_id)
        jobs.job_progress(job_id, done=done)
    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=round_id)
        if round_.status != Round.Status.CLOSED:
            waiting = round_.battles.filter(
                status__in=[Battle.Status.REPORTED, Battle.Status.DISPUTED]
            ).count()
            confirmed = round_.battles.filter(status=Battle.Status.CONFIRMED).count()
            round_.status = Round.Status.CLOSED
            round_.closed_at = timezone.now()
            round_.save(update_fields=["status", "closed_at"])
            wait = "waits" if waiting == 1 else "wait"
            note = (
                f" {counted(waiting, 'result')} still {wait} for confirmation." if waiting else ""
            )
            log(
                round_.campaign,
                LogEntry.Kind.ROUND,
                f"Round {round_.number} closed after "
                f"{counted(confirmed, 'confirmed battle')}.{note}",
                **_closed(round_.number, confirmed, waiting),
            )
            notify.round_closed(round_=round_)
    result = {"round": round_.number, "post_games": len(pending)}
    jobs.job_finished(job_id, result=result)
    return result


def close_due_rounds() -> int:
    """Beat: close every open round whose deadline has passed, and send again the closing job
    of a round stuck closing (its task was lost: the broker was down when it was asked for, or
    restarted empty); closing runs once however many times it is sent."""
    due = Round.objects.filter(status=Round.Status.OPEN, deadline__lte=timezone.now())
    count = 0
    for round_ in due:
        request_round_close(round_=round_, actor=None)
        count += 1
    stuck = Round.objects.filter(
        status=Round.Status.CLOSING,
        close_job__state=Job.State.PENDING,
        close_job__created_at__lte=timezone.now() - timezone.timedelta(minutes=2),
    )
    for round_ in stuck:
        dispatch.send(CLOSE_ROUND, round_id=round_.pk, job_id=str(round_.close_job_id))
        count += 1
    return count


def _closed(number: int, confirmed: int, waiting: int) -> dict:
    """The code and parameters of a round's closing line (campaigns/log_lines.py)."""
    closed = {"code": "round_closed", "params": {"number": number, "count": confirmed}}
    if not waiting:
        return closed
    still = {"code": "still_waiting", "params": {"count": waiting}}
    return {"code": "round_closed_waiting", "params": {"closed": closed, "waiting": still}}
