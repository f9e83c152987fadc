"""Your turn, told after a short delay by a real worker on the real broker: the delayed check
(notifications/turns.py) runs ``NOTIFY_TURN_DELAY`` seconds after the change, and tells the
seat still to move once."""

from __future__ import annotations

import time

import pytest
from django.db import transaction

from matches import services as matches
from notifications.models import Notification
from rulesets.registry import get_ruleset
from tests.factories import UserFactory
from tests.worker import WorkerProcess, require_worker_environment, wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]
DELAY = 2


class TurnWorker(WorkerProcess):
    def env(self) -> dict[str, str]:
        return {**super().env(), "NOTIFY_TURN_DELAY": str(DELAY)}


def test_the_seat_to_move_is_told_after_the_delay_and_once(settings):
    require_worker_environment()
    settings.NOTIFY_TURN_DELAY = DELAY
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    worker = TurnWorker().start()
    try:
        match = matches.create_live_match(
            ruleset="le-dernier-peuple", players=["ann", "bob"], options={}, created_by=ann
        )
        with transaction.atomic():
            match, _ = matches.accept_match(match=match, player=bob)
        changed = time.monotonic()
        seats = get_ruleset(match.ruleset).to_move(match.state)
        waiting = set(match.participants.filter(seat__in=seats).values_list("player_id", flat=True))
        turn = Notification.objects.filter(kind="turn.yours")
        assert not turn.exists()  # not at once: the player may be about to move
        wait_for(turn.exists, what="the your-turn notice", timeout=60)
        assert time.monotonic() - changed >= DELAY - 0.5
        time.sleep(DELAY + 1)  # a second check, had one been scheduled, would have run
    finally:
        worker.stop()
    assert sorted(turn.values_list("recipient", flat=True)) == sorted(waiting)
