"""Turn clocks on a real worker and a real broker: a seat that never moves is timed out by the
game's rule, exactly once per expiry, however many clock checks race for it, and
``replay_match`` still reproduces the state."""

import threading
import time

import pytest
from django.utils import timezone

from matches import services
from matches.models import Match, MatchAction, Participant
from matches.services.timeouts import enforce_clocks
from matches.tasks import enforce_turn_clocks
from tests.factories import UserFactory
from tests.matches.factories import accept_all
from tests.worker import wait_for

pytestmark = pytest.mark.worker


def test_a_seat_that_never_moves_is_timed_out_once_and_the_replay_agrees(
    celery_worker_process, settings
):
    settings.MATCHES_CLOCK_TIMERS = False
    alice, bob = UserFactory(), UserFactory()
    match = accept_all(
        services.create_live_match(
            ruleset="le-dernier-peuple",
            players=[alice.username, bob.username],
            options={},
            created_by=alice,
            turn_seconds=2,
        )
    )
    first = services.canonical(match.state)["decision"]["seat"]
    idle = Participant.objects.get(match=match, seat=first)
    assert idle.clock_deadline is not None  # the clock runs from the start

    # Many checks at once after the deadline: tasks on the worker and checks in threads here.
    time.sleep(max(0.0, (idle.clock_deadline - timezone.now()).total_seconds()) + 0.05)
    for _ in range(5):
        enforce_turn_clocks.delay()
    threads = [threading.Thread(target=enforce_clocks) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    timed_out = MatchAction.objects.filter(match=match, idempotency_key="clock:0")
    wait_for(
        lambda: timed_out.filter(status="resolved").exists(),
        timeout=20,
        what="the timeout action to be resolved by the worker",
    )
    assert timed_out.count() == 1
    action = timed_out.get()
    assert action.seat == first and action.expected_version == 0
    # Le Dernier Peuple's rule: skip the optional power phase, or draw two movement cards.
    assert action.payload["type"] in ("skip_power", "draw_movement")

    match.refresh_from_db()
    assert match.version >= 1
    same, _state = services.replay_match(match)
    assert same
    # Every expiry got one action at most: the keys name the version they were played at.
    keys = list(
        MatchAction.objects.filter(match=match, idempotency_key__startswith="clock:").values_list(
            "idempotency_key", flat=True
        )
    )
    assert len(keys) == len(set(keys))
    time.sleep(0.5)
    assert Match.objects.get(pk=match.pk).status == "live"
