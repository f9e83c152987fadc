"""Starting and reporting long jobs. A job row is written in the caller's transaction and the
Celery task is sent only once that transaction commits, so a worker never sees a missing row."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F, Value
from django.db.models.functions import Greatest

from jobs.models import Job


def start_job(*, name: str, task, owner=None, **kwargs) -> Job:
    job = Job.objects.create(name=name, owner=owner)
    # robust: with the broker down the job stays pending (no 500 for a committed request);
    # whoever owns the job sends it again (campaigns.services.close_due_rounds for rounds).
    transaction.on_commit(lambda: task.delay(job_id=str(job.pk), **kwargs), robust=True)
    return job


def job_running(job_id: str | None, *, total: int) -> None:
    if job_id:
        Job.objects.filter(pk=job_id).update(state=Job.State.RUNNING, total=total, done=0)


def job_progress(job_id: str | None, *, done: int) -> None:
    if job_id:
        Job.objects.filter(pk=job_id).update(done=done)


def job_finished(job_id: str | None, *, result: dict | None = None, message: str = "") -> None:
    """Done is all of it: ``done == total`` (at least 1 step, the job itself), so a client
    never reads "done 0 of 1, progress 1.0"."""
    if job_id:
        steps = Greatest(F("total"), Value(1))
        Job.objects.filter(pk=job_id).update(
            state=Job.State.SUCCEEDED, result=result or {}, message=message, done=steps, total=steps
        )


def job_failed(job_id: str | None, *, message: str) -> None:
    if job_id:
        Job.objects.filter(pk=job_id).update(state=Job.State.FAILED, message=message)
