from celery import shared_task

from jobs import services


@shared_task(name="jobs.tasks.noop")
def noop(*, job_id: str) -> None:
    """Does nothing but mark its job done: the round-trip baseline for health and benchmarks."""
    services.job_finished(job_id, message="pong")
