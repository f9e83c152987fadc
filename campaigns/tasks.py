"""Celery adapters: take ids, call the services. Each is idempotent (see services). The
services send these by name (config/dispatch.py): this module imports them, never the reverse."""

from datetime import timedelta

from celery import shared_task

from campaigns import services
from jobs import services as jobs


@shared_task(name="campaigns.tasks.run_post_game", acks_late=True)
def run_post_game(*, battle_id: int) -> bool:
    return services.run_post_game(battle_id=battle_id)


@shared_task(name="campaigns.tasks.close_round", acks_late=True)
def close_round(*, round_id: int, job_id: str | None = None) -> dict:
    try:
        return services.close_round_now(round_id=round_id, job_id=job_id)
    except Exception as exc:
        jobs.job_failed(job_id, message=f"{exc.__class__.__name__}: {exc}")
        raise


@shared_task(name="campaigns.tasks.close_due_rounds")
def close_due_rounds() -> int:
    return services.close_due_rounds()


@shared_task(name="campaigns.tasks.collect_live_battles")
def collect_live_battles() -> int:
    return services.collect_live_battles()


@shared_task(name="campaigns.tasks.sweep_post_games")
def sweep_post_games(older_than_seconds: float = 60) -> int:
    return services.sweep_post_games(older_than=timedelta(seconds=older_than_seconds))
