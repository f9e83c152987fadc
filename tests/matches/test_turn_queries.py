"""Submit → resolve asks the database only what it needs (query budgets, never timers).

Inside a test every ``transaction.atomic`` is a savepoint: two queries (SAVEPOINT, RELEASE)
that a real request or task does not send. The budgets below count them, and say so.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches import services
from matches.models import MatchAction, MatchEvent

pytestmark = pytest.mark.django_db

SAVEPOINT = 2  # SAVEPOINT + RELEASE around a service's atomic block, in tests only
# The seat with its match locked (one query), the insert in a savepoint of its own; a key
# already used is refused by the constraint and rolled back to it (ROLLBACK TO: one more).
SUBMIT = 2 + SAVEPOINT + 1
# A new action is one autocommitted statement (the seat, the lock, the insert); anything
# else first tries it, then takes the general path above in its transaction.
FAST = 1


def _submit_budget(extra: int = 0) -> int:
    """What a POST costs: the one statement when it inserts; otherwise that statement, which
    found nothing to insert, then the general path."""
    return FAST if extra == 0 else FAST + SUBMIT + extra + SAVEPOINT


# The pending queue with its match (and whether it has bots), both locked, in one
# statement; then once for the batch: the match row, the settled actions, the events — one
# statement (matches/services/writes.py). The seats only when the live tables' hook needs
# them (turn clocks, bots: matches/live_hooks.py): SEATS more.
LOCK_AND_QUEUE = 1
SEATS = 1


def _resolve_budget() -> int:
    return LOCK_AND_QUEUE + 1


@pytest.fixture
def broker_mode():
    """Tasks sent to a broker, as in production (nothing is sent: a test transaction never
    commits). With tasks in-process the POST reads its action back once more, resolved."""
    from config.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = False
    yield
    app.conf.task_always_eager = previous


def _sql(queries) -> str:
    return "\n".join(q["sql"][:160] for q in queries.captured_queries)


def test_posting_an_action_costs_the_seat_lock_and_the_insert(table, broker_mode):
    with CaptureQueriesContext(connection) as queries:
        reply = table.as_alice.post(
            f"{table.url}actions/",
            {"type": "pass"},
            format="json",
            headers={"Idempotency-Key": "budget"},
        )
    assert reply.status_code == 202 and reply.json()["status"] == "pending"
    assert len(queries) == _submit_budget(), _sql(queries)
    (statement,) = (q["sql"] for q in queries.captured_queries)
    assert "FOR UPDATE OF m" in statement and "ON CONFLICT" in statement


def test_the_submit_lock_never_reads_the_game_state(table):
    with CaptureQueriesContext(connection) as queries:
        services.submit_action(
            match=table.match.pk, player=table.alice, payload={"type": "pass"}, idempotency_key="k"
        )
    statements = [q["sql"] for q in queries.captured_queries]
    lock = next(sql for sql in statements if "matches_participant" in sql)
    assert '"matches_match"."state"' not in lock and '"matches_match"."seed"' not in lock


def test_a_retried_post_is_answered_with_the_first_action(table, broker_mode):
    table.act(table.as_alice, {"type": "pass"}, key="same", run=False)
    with CaptureQueriesContext(connection) as queries:
        reply = table.as_alice.post(
            f"{table.url}actions/",
            {"type": "pass"},
            format="json",
            headers={"Idempotency-Key": "same"},
        )
    assert reply.status_code == 200
    # The insert finds the key taken and writes nothing; the first action is read back.
    assert len(queries) == _submit_budget(extra=1), _sql(queries)
    assert MatchAction.objects.filter(match=table.match, idempotency_key="same").count() == 1


@pytest.mark.parametrize("batch", [1, 4])
def test_resolving_a_batch_writes_the_match_actions_and_events_once(table, batch):
    actions = []
    for n in range(batch):
        seat_user = table.alice if n % 2 == 0 else table.bob
        action, _ = services.submit_action(
            match=table.match,
            player=seat_user,
            payload={"type": "pass"},
            idempotency_key=f"batch-{n}",
        )
        actions.append(action)
    with CaptureQueriesContext(connection) as queries:
        assert services.resolve_pending_actions(up_to=actions[-1].pk) == batch
    assert len(queries) == _resolve_budget() + SAVEPOINT, _sql(queries)
    table.refresh()
    assert table.match.version == batch
    assert sorted(
        MatchAction.objects.filter(match=table.match).values_list("version_after", flat=True)
    ) == list(range(1, batch + 1))
    assert MatchEvent.objects.filter(match=table.match, action__isnull=False).count() >= batch


@pytest.mark.parametrize("extra", ["clock", "bot"])
def test_a_match_with_a_clock_or_a_bot_reads_its_seats_once_more(table, extra):
    from matches.models import Match, Participant

    if extra == "clock":
        Match.objects.filter(pk=table.match.pk).update(turn_seconds=60)
    else:
        Participant.objects.filter(match=table.match, seat="s2").update(bot="random")
    action, _ = services.submit_action(
        match=table.match, player=table.alice, payload={"type": "pass"}, idempotency_key="k"
    )
    with CaptureQueriesContext(connection) as queries:
        assert services.resolve_pending_actions(up_to=action.pk) == 1
    seats = [q for q in queries.captured_queries if q["sql"].startswith('SELECT "matches_partic')]
    assert len(seats) == SEATS, _sql(queries)


def test_a_batch_of_rejections_leaves_the_match_row_alone(table):
    action, _ = services.submit_action(
        match=table.match,
        player=table.bob,  # not bob's turn
        payload={"type": "pass"},
        idempotency_key="early",
    )
    with CaptureQueriesContext(connection) as queries:
        services.resolve_pending_actions(up_to=action.pk)
    sql = _sql(queries)
    assert 'UPDATE "matches_match"' not in sql
    # no match row, no events: the actions' update alone; the seats, for the message naming
    # whose turn it is
    assert len(queries) == LOCK_AND_QUEUE + 1 + SEATS + SAVEPOINT, sql
    action.refresh_from_db()
    assert action.status == "rejected" and "not your turn" in action.reason


def test_a_second_run_of_the_same_task_reads_nothing_pending_and_writes_nothing(table):
    action, _ = services.submit_action(
        match=table.match, player=table.alice, payload={"type": "pass"}, idempotency_key="once"
    )
    services.resolve_pending_actions(up_to=action.pk)
    with CaptureQueriesContext(connection) as queries:
        assert services.resolve_pending_actions(up_to=action.pk) == 0
    assert len(queries) == LOCK_AND_QUEUE + SAVEPOINT, _sql(queries)


def test_polling_an_action_is_one_query(table, django_assert_num_queries):
    action, _ = services.submit_action(
        match=table.match, player=table.alice, payload={"type": "pass"}, idempotency_key="poll"
    )
    with django_assert_num_queries(1):
        reply = table.as_alice.get(f"{table.url}actions/{action.pk}/")
    assert reply.status_code == 200 and reply.json()["status"] == "pending"
    # Someone else's action stays theirs; an outsider and an unknown match are told apart.
    assert table.as_bob.get(f"{table.url}actions/{action.pk}/").status_code == 404
    assert table.as_carol.get(f"{table.url}actions/{action.pk}/").status_code == 403
    assert table.as_alice.get(f"/api/v1/matches/{10**9}/actions/{action.pk}/").status_code == 404
    assert table.as_alice.get(f"{table.url}actions/{action.pk + 1000}/").status_code == 404


# --- the push: what each open stream asks when a new version is announced --------------------

# A seated player's API stream: the seat with its match joined, the new events.
STREAM_SEATED = 2
# A watcher without a seat: the seat looked for, then the match, its seats (for the access
# rules) and the events.
STREAM_WATCHER = 4
CHECK = 1  # without a push announcing a later version (first render, a ping): version only


@pytest.mark.parametrize(
    ("who", "heard", "budget"),
    [
        ("alice", 1, STREAM_SEATED),
        ("carol", 1, STREAM_WATCHER),
        ("alice", None, STREAM_SEATED + CHECK),
    ],
)
def test_a_stream_renders_a_pushed_version_in_few_queries(table, who, heard, budget):
    from matches.views.stream import api_render

    table.act(table.as_alice, {"type": "pass"})
    with CaptureQueriesContext(connection) as queries:
        chunk, version, _seq = api_render(table.match.pk, getattr(table, who), 0, 0, heard)
    assert chunk and version == 1
    assert len(queries) == budget, _sql(queries)


def test_a_stream_told_of_a_version_it_has_reads_nothing_and_a_ping_only_the_version(table):
    from matches.views.stream import api_render, page_render

    table.act(table.as_alice, {"type": "pass"})
    for render in (api_render, page_render):
        for heard in (1, 0):  # the version it sent last, an older one
            with CaptureQueriesContext(connection) as queries:
                assert render(table.match.pk, table.alice, 1, 0, heard) == (None, 1, 0)
            assert len(queries) == 0, _sql(queries)
        with CaptureQueriesContext(connection) as queries:  # a ping: heard nothing
            assert render(table.match.pk, table.alice, 1, 0, None) == (None, 1, 0)
        assert len(queries) == CHECK, _sql(queries)


def test_a_players_state_and_legal_actions_are_one_query_each(table, django_assert_num_queries):
    """A seated player's own seat with its match joined answers both (the live tables ask for
    them before every move); a spectator or an outsider takes the general path."""
    for path in ("state/", "legal-actions/"):
        with django_assert_num_queries(1):
            reply = table.as_alice.get(f"{table.url}{path}")
        assert reply.status_code == 200 and reply.json()["seat"] == "s1"
    assert table.as_alice.get(f"{table.url}legal-actions/").json()["actions"]
    assert table.as_carol.get(f"{table.url}state/").json()["seat"] is None  # a spectator


def test_every_spectator_of_a_push_shares_one_draw_per_process(table):
    """A push wakes every spectator stream of the match at once: the first draws the version
    (STREAM_WATCHER queries for the API's), the hundred others find its chunk without the
    database; another language is another draw; the next push, from what they all sent, is
    drawn once more."""
    from django.utils import translation

    from matches.views import spectator_frames
    from matches.views.stream import api_render

    spectator_frames.CHUNKS.clear()
    kind = "api"
    render = spectator_frames.shared(api_render, kind)
    match_id = table.match.pk
    table.act(table.as_alice, {"type": "pass"})
    with translation.override("en"):
        first = render(match_id, table.carol, 0, 0, 1)
        assert first[0] and first[1] == 1
        with CaptureQueriesContext(connection) as queries:
            others = [render(match_id, table.carol, 0, 0, 1) for _ in range(100)]
            peeked = spectator_frames.peek(kind, "en", match_id, 0, 0, 1)
        assert len(queries) == 0, _sql(queries)
        assert all(other == first for other in others) and peeked == first
    with translation.override("fr"), CaptureQueriesContext(connection) as queries:
        assert render(match_id, table.carol, 0, 0, 1)[1] == 1
    assert len(queries) > 0  # drawn again, in French
    table.act(table.as_bob, {"type": "pass"})
    with translation.override("en"):
        since, seq = first[1], first[2]
        second = render(match_id, table.carol, since, seq, 2)
        assert second[1] == 2 and second[0] != first[0]
        with CaptureQueriesContext(connection) as queries:
            assert render(match_id, table.carol, since, seq, 2) == second
        assert len(queries) == 0, _sql(queries)
        # A ping or a first render is never shared: it asks the database.
        assert spectator_frames.peek(kind, "en", match_id, 2, second[2], None) is None
