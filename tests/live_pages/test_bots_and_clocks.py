"""Bots seated from ``POST matches/``, playing through the queue; turn clocks that time a seat
out exactly once; the options' errors name their field."""

from datetime import timedelta

import pytest
from django.utils import timezone

from matches import services
from matches.models import Match, MatchAction, Participant
from matches.policies import timeout_action
from matches.services.timeouts import enforce_clocks, time_out
from rulesets.registry import get_ruleset
from tests.conftest import client_for
from tests.factories import UserFactory
from tests.matches.factories import accept_all

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _no_timer_threads(settings):
    settings.MATCHES_CLOCK_TIMERS = False  # the tests call the clock check themselves


def _create(client, **body):
    return client.post(
        "/api/v1/matches/", {"ruleset": "le-dernier-peuple", "live": True, **body}, format="json"
    )


def test_bots_take_the_seats_after_the_players_and_play_until_a_person_is_to_move():
    alice = UserFactory()
    reply = _create(client_for(alice), players=[alice.username], bots=2, public=True)
    assert reply.status_code == 201, reply.json()
    body = reply.json()
    assert [(s["player"], s["bot"]) for s in body["seats"]] == [
        (alice.username, ""),
        ("Bot #1", "greedy"),
        ("Bot #2", "greedy"),
    ]
    assert body["public"] is True
    match = Match.objects.get(pk=body["id"])
    state = services.canonical(match.state)
    assert state["decision"]["seat"] == "s1"  # the bots moved until it was alice's turn
    played = MatchAction.objects.filter(match=match, idempotency_key__startswith="bot:")
    assert played.exists() or match.version == 0
    assert all(a.status == "resolved" for a in played)


def test_a_whole_game_between_bots_ends_and_replays():
    staff = UserFactory(is_staff=True)
    reply = _create(client_for(staff), players=[], bots=2)
    assert reply.status_code == 400  # a match needs at least one named player
    alice = UserFactory()
    reply = _create(client_for(alice), players=[alice.username], bots=1, bot_policy="random")
    match = Match.objects.get(pk=reply.json()["id"])
    alice_turns = 0
    # The deal is random: over 300 seeded engine playouts of this pairing, alice took a median
    # of 137 turns and at most 316 (one game in 300 passed the cap of 300 this test had, and
    # failed in CI once). 1,000 bounds a game that never ends, not a long one.
    while match.status == "live" and alice_turns < 1000:
        state = services.canonical(match.state)
        action = timeout_action(get_ruleset(match.ruleset), state, "s1")
        services.submit_action(
            match=match, player=alice, payload=action, idempotency_key=f"a{alice_turns}"
        )
        alice_turns += 1
        match.refresh_from_db()
    assert match.status == "finished"
    assert services.replay_match(match)[0]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"bots": -1}, "bots"),
        ({"bots": 20}, "bots"),
        ({"bot_policy": "clever"}, "bot_policy"),
        ({"bank_seconds": 30}, "bank_seconds"),
        ({"turn_seconds": 0}, "turn_seconds"),
        ({"public": "maybe"}, "public"),
    ],
)
def test_a_bad_live_option_is_a_400_naming_its_field(body, field):
    alice, bob = UserFactory(), UserFactory()
    reply = _create(client_for(alice), players=[alice.username, bob.username], **body)
    assert reply.status_code == 400
    assert field in reply.json()["errors"]


UNKNOWN_POLICY = {
    "en": "A bot plays greedy or random, not 'clever'.",
    "fr": "Un bot joue greedy ou random, pas 'clever'.",
    "nl": "Een bot speelt greedy of random, niet 'clever'.",
}


@pytest.mark.parametrize("lang", sorted(UNKNOWN_POLICY))
def test_an_unknown_bot_policy_names_the_ones_there_are_in_the_readers_language(lang):
    """The service's refusal (the new-match page's; the API's serializer refuses first)."""
    from django.utils import translation

    from matches.live_options import check_live_options
    from matches.services.common import InvalidMatchInput

    game = get_ruleset("le-dernier-peuple")
    with translation.override(lang), pytest.raises(InvalidMatchInput) as refused:
        check_live_options(game=game, bot_policy="clever")
    assert (refused.value.field, str(refused.value)) == ("bot_policy", UNKNOWN_POLICY[lang])


def _clock_match(**extra):
    alice, bob = UserFactory(), UserFactory()
    match = accept_all(
        services.create_live_match(
            ruleset="le-dernier-peuple",
            players=[alice.username, bob.username],
            options={},
            created_by=alice,
            turn_seconds=30,
            **extra,
        )
    )
    return match


def test_a_seat_out_of_time_gets_the_timeout_action_once_however_often_the_clock_is_checked():
    match = _clock_match()
    first = services.canonical(match.state)["decision"]["seat"]
    waiting = Participant.objects.get(match=match, seat=first)
    other = Participant.objects.exclude(pk=waiting.pk).get(match=match)
    assert waiting.clock_deadline - waiting.clock_since == timedelta(seconds=30)
    assert other.clock_deadline is None
    assert enforce_clocks() == 0  # not yet
    deadline = waiting.clock_deadline
    # A check that comes late (another beat, a duplicate task) finds the seat already claimed.
    assert time_out(pk=waiting.pk, match_id=match.pk, deadline=deadline) == 1
    assert time_out(pk=waiting.pk, match_id=match.pk, deadline=deadline) == 0
    timed_out = MatchAction.objects.get(match=match, idempotency_key="clock:0")
    assert timed_out.status == "resolved" and timed_out.seat == first
    assert timed_out.expected_version == 0
    assert timed_out.payload["type"] in ("skip_power", "draw_movement")
    # Checks long after: each one plays at most one action per version, never two.
    later = timezone.now() + timedelta(seconds=31)
    for _ in range(3):
        enforce_clocks(now=later)
    keys = list(
        MatchAction.objects.filter(match=match, idempotency_key__startswith="clock:").values_list(
            "idempotency_key", flat=True
        )
    )
    assert len(keys) == len(set(keys))
    match.refresh_from_db()
    assert services.replay_match(match)[0]


def test_overtime_comes_out_of_the_bank():
    match = _clock_match(bank_seconds=20)
    first = services.canonical(match.state)["decision"]["seat"]
    seat = Participant.objects.select_related("player").get(match=match, seat=first)
    assert seat.bank_left == 20.0
    assert seat.clock_deadline - seat.clock_since == timedelta(seconds=50)
    Participant.objects.filter(pk=seat.pk).update(
        clock_since=timezone.now() - timedelta(seconds=38)
    )
    state = services.canonical(match.state)
    game = get_ruleset(match.ruleset)
    action = next(a for a in game.legal_actions(state, first) if a["type"] == "draw_movement")
    services.submit_action(match=match, player=seat.player, payload=action, idempotency_key="x")
    seat.refresh_from_db()
    assert seat.clock_deadline is None
    assert 11.0 < seat.bank_left < 12.5  # 8 s over the 30 s turn came out of the 20 s bank
