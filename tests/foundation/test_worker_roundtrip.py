import pytest
from django.db import connection, transaction

from jobs.models import Job
from jobs.services import start_job
from jobs.tasks import noop
from tests.worker import wait_for

pytestmark = pytest.mark.worker


def test_a_task_sent_after_commit_runs_on_a_real_worker(celery_worker_process):
    with transaction.atomic():
        job = start_job(name="noop", task=noop)
    done = wait_for(
        lambda: Job.objects.filter(pk=job.pk, state=Job.State.SUCCEEDED).exists(),
        what="the worker to run the no-op job",
    )
    assert done
    assert Job.objects.get(pk=job.pk).message == "pong"


def _other_backends() -> set[int]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return {pid for (pid,) in cursor.fetchall()}


def test_the_worker_keeps_its_database_connection_from_task_to_task(celery_worker_process):
    """Celery's Django fixup closes every connection around each task unless told otherwise
    (config/celery.py): a PostgreSQL backend forked for every resolution batch. The worker
    keeps one, as the web does (CONN_MAX_AGE), so the same backend serves task after task."""
    seen = []
    for _ in range(3):
        with transaction.atomic():
            job = start_job(name="noop", task=noop)
        assert wait_for(
            lambda job=job: Job.objects.filter(pk=job.pk, state=Job.State.SUCCEEDED).exists(),
            what="the worker to run the no-op job",
        )
        seen.append(_other_backends())
    kept = set.intersection(*seen)
    assert kept, f"no backend of the worker outlived a task: {seen}"
