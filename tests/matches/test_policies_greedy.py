"""The greedy bots of Last One Standing and Last Hope Frontier (rulesets/<game>/bot.py): they
beat the random bot, never choose an action the referee refuses, choose from the seat's view
only, and are what a live match's bots play."""

import json
import random

import pytest

from matches import policies, services
from matches.models import Match, MatchAction
from rulesets.core.errors import IllegalAction
from rulesets.registry import get_bot, get_ruleset, slugs
from tests.conftest import client_for
from tests.factories import UserFactory

STEP_CAP = 3000
# The games whose bot plays rules of thumb over the seat's view.
GREEDY = sorted(slug for slug in slugs() if getattr(get_bot(slug), "choose", None))


def _canonical(state: dict) -> dict:
    return json.loads(json.dumps(state, sort_keys=True))


def _play(slug: str, seat_policies: dict, seed: int, on_choice=None) -> object:
    """One game between the given policies (seat -> policy); every choice must be legal."""
    game = get_ruleset(slug)
    state = _canonical(game.new_game(list(seat_policies), {}, seed))
    rnd = random.Random(seed)
    for _ in range(STEP_CAP):
        if game.outcome(state) is not None:
            return game.outcome(state)
        seat = game.to_move(state)[0]
        action = seat_policies[seat](game, state, seat, rnd)
        assert action is not None, f"{seat} found nothing to play"
        if on_choice is not None:
            on_choice(game, state, seat, action)
        try:
            state = _canonical(game.apply(state, seat, action).state)
        except IllegalAction as refused:  # pragma: no cover - the failure message
            pytest.fail(f"{slug}: the {seat} bot chose {action}, refused: {refused}")
    pytest.fail(f"{slug}: the game did not end in {STEP_CAP} steps")


@pytest.mark.parametrize(
    ("slug", "games", "at_least"),
    [("last-one-standing", 8, 6), ("last-hope-frontier", 6, 4)],
)
def test_the_greedy_bot_beats_the_random_bot_in_most_games(slug, games, at_least):
    greedy_wins = 0
    for seed in range(games):
        # Each bot takes the first seat in half the games.
        seats = ("s1", "s2") if seed % 2 == 0 else ("s2", "s1")
        greedy, other = seats
        bots = {greedy: policies.greedy_action, other: policies.random_action}
        outcome = _play(slug, dict(sorted(bots.items())), seed)
        greedy_wins += outcome.winners == [greedy]
    assert greedy_wins >= at_least, f"greedy won {greedy_wins} of {games}"


def _hidden_changed(slug: str, state: dict, seat: str) -> dict:
    """The same position with everything the seat may not see shuffled."""
    other = _canonical(state)
    rnd = random.Random(7)
    if slug == "last-one-standing":
        for pile in ("loot", "supply", "explosion"):
            rnd.shuffle(other["decks"][pile])
        for name, player in other["players"].items():
            if name != seat:
                player["hand"] = list(reversed(player["hand"]))
    else:
        for name, pile in other["cards"].items():
            rnd.shuffle(pile["deck"])
            if name != seat:
                pile["hand"] = list(reversed(pile["hand"]))
    return other


@pytest.mark.parametrize("slug", sorted(GREEDY))
def test_the_greedy_bot_chooses_from_what_its_seat_may_see(slug):
    """Shuffling the decks and the other hand never changes its choice."""
    checked = []

    def same_choice(game, state, seat, action):
        if len(checked) < 60:
            again = policies.greedy_action(
                game, _hidden_changed(slug, state, seat), seat, random.Random(1)
            )
            first = policies.greedy_action(game, state, seat, random.Random(1))
            checked.append(again == first)

    _play(slug, {"s1": policies.greedy_action, "s2": policies.greedy_action}, 3, same_choice)
    assert checked and all(checked)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("slug", sorted(GREEDY))
def test_a_live_match_with_bots_seats_greedy_bots_for_these_games(slug, settings):
    settings.MATCHES_CLOCK_TIMERS = False
    alice = UserFactory()
    reply = client_for(alice).post(
        "/api/v1/matches/",
        {"ruleset": slug, "live": True, "players": [alice.username], "bots": 1},
        format="json",
    )
    assert reply.status_code == 201, reply.json()
    assert [(s["player"], s["bot"]) for s in reply.json()["seats"]] == [
        (alice.username, ""),
        ("Bot #1", "greedy"),
    ]
    # Alice plays the clock's rule; the bot answers through the queue, and the referee takes
    # every one of its choices.
    match = Match.objects.get(pk=reply.json()["id"])
    game = get_ruleset(slug)
    for turn in range(8):
        match.refresh_from_db()
        state = services.canonical(match.state)
        if match.status != "live" or "s1" not in game.to_move(state):
            break
        action = policies.timeout_action(game, state, "s1")
        services.submit_action(
            match=match, player=alice, payload=action, idempotency_key=f"a{turn}"
        )
    played = MatchAction.objects.filter(match=match, idempotency_key__startswith="bot:")
    assert played.exists()
    assert set(played.values_list("status", flat=True)) == {"resolved"}


@pytest.mark.django_db
def test_a_game_without_a_greedy_bot_says_so():
    alice = UserFactory()
    reply = client_for(alice).post(
        "/api/v1/matches/",
        {
            "ruleset": "fake-pick",
            "live": True,
            "players": [alice.username],
            "bots": 1,
            "bot_policy": "greedy",
        },
        format="json",
    )
    assert reply.status_code == 400 and "bot_policy" in reply.json()["errors"]
