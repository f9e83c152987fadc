import pytest
from django.db import transaction

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
