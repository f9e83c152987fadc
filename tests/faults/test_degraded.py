"""Each fault of tests/faults/test_faults.py in miniature, in-process, on any database: what a
request gets while Redis, the broker or PostgreSQL is away. (Not marked ``worker``: these run in
every ``make test``.)"""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import OperationalError
from django.test import override_settings
from kombu.exceptions import OperationalError as BrokerDown

from config.settings import REDIS_CACHE_OPTIONS
from matches.models import MatchAction
from tests.security.world import build_world

pytestmark = pytest.mark.django_db

UNREACHABLE_REDIS = {
    "default": {
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens on port 1
        "OPTIONS": REDIS_CACHE_OPTIONS,  # the shipped options: failing open
    }
}


@override_settings(CACHES=UNREACHABLE_REDIS)
def test_with_redis_down_the_api_still_answers_and_throttles_pause(api):
    """Throttle counters live in the cache; without it they fail open instead of failing every
    request (config/settings.py says why)."""
    world = build_world()
    assert api.get("/api/v1/rulesets/").status_code == 200
    signed_in = api.post(
        "/api/v1/auth/token/",
        {"username": world.users["owner"].username, "password": world.password},
        format="json",
    )
    assert signed_in.status_code == 200


def test_with_the_broker_down_an_action_is_accepted_and_waits_for_the_sweep(
    api, django_capture_on_commit_callbacks
):
    world = build_world()
    api.credentials(HTTP_AUTHORIZATION=world.headers("owner")["Authorization"])
    url = f"/api/v1/matches/{world.ids['match']}/actions/"
    broker_down = mock.patch("matches.tasks.resolve_action.delay", side_effect=BrokerDown("no"))
    with broker_down, django_capture_on_commit_callbacks(execute=True):
        response = api.post(url, {"type": "pass"}, headers={"Idempotency-Key": "k-1"})
    assert response.status_code == 202, response.content
    assert MatchAction.objects.get(pk=response.json()["id"]).status == "pending"


def test_with_the_broker_down_a_confirmation_stands_and_its_post_game_waits(
    api, django_capture_on_commit_callbacks
):
    world = build_world()
    api.credentials(HTTP_AUTHORIZATION=world.headers("owner")["Authorization"])
    url = f"/api/v1/campaigns/{world.ids['campaign']}/battles/{world.ids['battle']}/confirm/"
    broker_down = mock.patch("campaigns.tasks.run_post_game.delay", side_effect=BrokerDown("no"))
    with broker_down, django_capture_on_commit_callbacks(execute=True):
        response = api.post(url)
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "confirmed"
    assert response.json()["post_game_at"] is None  # sweep_post_games sends it later


def test_a_database_that_went_away_is_a_503_to_retry(as_user):
    gone = OperationalError("server closed the connection unexpectedly")
    with mock.patch("rosters.selectors.gang_list_first_page", side_effect=gone):
        response = as_user.get("/api/v1/gangs/")
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "1"
    assert set(response.json()) == {"detail", "errors"}


def test_with_the_broker_down_a_round_close_is_accepted_and_beat_sends_it_again(
    api, django_capture_on_commit_callbacks
):
    from datetime import timedelta

    from django.utils import timezone

    from campaigns.models import Round
    from campaigns.services import close_due_rounds
    from jobs.models import Job

    world = build_world()
    api.credentials(HTTP_AUTHORIZATION=world.headers("arbitrator")["Authorization"])
    url = f"/api/v1/campaigns/{world.ids['campaign']}/rounds/1/close/"
    broker_down = mock.patch("campaigns.tasks.close_round.delay", side_effect=BrokerDown("no"))
    with broker_down, django_capture_on_commit_callbacks(execute=True):
        response = api.post(url)
    assert response.status_code == 202, response.content
    job = Job.objects.get(pk=response.json()["id"])
    assert job.state == Job.State.PENDING
    round_ = Round.objects.get(campaign_id=world.ids["campaign"], number=1)
    assert round_.status == Round.Status.CLOSING

    Job.objects.filter(pk=job.pk).update(created_at=timezone.now() - timedelta(minutes=5))
    with mock.patch("campaigns.tasks.close_round.delay") as sent:
        close_due_rounds()
    sent.assert_called_once_with(round_id=round_.pk, job_id=str(job.pk))
