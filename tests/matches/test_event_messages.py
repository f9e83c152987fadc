"""Issue 31: every event reads in the reader's language. Engines emit a code with parameters
(rulesets/<game>/messages.py); matches/messages.py renders it through gettext; an event
stored before codes existed still reads as its stored English text."""

import random

import pytest
from django.utils import translation

from matches.messages import event_message, phrase
from rulesets.core.errors import IllegalAction
from rulesets.last_hope_frontier import RULESET
from rulesets.registry import get_messages
from tests.rulesets.last_hope_frontier.test_live_support import SEATS, concrete, random_gang

LHF = "last-hope-frontier"


def _battle_events(battle: int) -> list[dict]:
    """The events of one random battle, through legal_actions and apply only."""
    rnd = random.Random(battle)
    gangs = {"x": random_gang(rnd, 1, 1), "y": random_gang(rnd, 101, 2)}
    state = RULESET.new_game(list(SEATS), {"gangs": gangs, "turn_limit": 4}, battle)
    events = []
    for _step in range(2000):
        if RULESET.outcome(state) is not None:
            break
        seat = rnd.choice(RULESET.to_move(state))
        entry = rnd.choice(RULESET.legal_actions(state, seat))
        for _ in range(30):
            try:
                resolution = RULESET.apply(state, seat, concrete(entry, state, seat, rnd))
            except IllegalAction:
                continue
            events += resolution.events
            state = resolution.state
            break
    if battle % 3 == 0 and RULESET.outcome(state) is None:
        events += RULESET.resign(state, SEATS[0]).events
    return events


@pytest.fixture(scope="module")
def frontier_events() -> list[dict]:
    return [e for battle in range(12) for e in _battle_events(battle)]


def test_every_frontier_event_has_a_code_that_reads_in_three_languages(frontier_events):
    catalogue = get_messages(LHF)
    missing = {e["type"] for e in frontier_events if e.get("code") not in catalogue.MESSAGES}
    assert missing == set()
    for language in ("en", "fr", "nl"):
        with translation.override(language):
            for event in frontier_events:
                said = phrase(catalogue, event["code"], event["params"])
                assert "%(" not in said and said.strip(), event


def test_a_french_reader_reads_a_frontier_battle_in_french(frontier_events):
    moved = next(e for e in frontier_events if e["code"] == "moved")
    with translation.override("fr"):
        said = event_message(ruleset=LHF, kind=moved["type"], text=moved["text"], data=moved)
    assert said != moved["text"] and "se déplace" in said


def test_codes_seen_in_random_battles_cover_most_of_the_catalogue(frontier_events):
    seen = {e["code"] for e in frontier_events}
    assert {"activated", "moved", "deployed", "attack_declared", "cards_revealed"} <= seen


def test_an_event_stored_before_codes_reads_as_its_text():
    with translation.override("fr"):
        old = event_message(ruleset=LHF, kind="moved", text="Eli moves 3 inches.", data={})
        unknown = event_message(
            ruleset=LHF, kind="moved", text="Eli moves.", data={"code": "gone", "params": {}}
        )
        bad = event_message(
            ruleset=LHF, kind="moved", text="Eli moves.", data={"code": "moved", "params": {}}
        )
        untexted = event_message(ruleset=LHF, kind="player_resigned", text="", data={})
    assert (old, unknown, bad, untexted) == (
        "Eli moves 3 inches.",
        "Eli moves.",
        "Eli moves.",
        "player resigned",
    )


def test_numbers_and_words_are_written_the_readers_way():
    data = {
        "code": "moved",
        "params": {
            "fighter": "Eli",
            "distance": {"code": "inches", "params": {"n": 3.5}},
            "spot": {"code": "spot", "params": {"x": 10.25, "y": 3.0}},
        },
    }
    with translation.override("en"):
        assert event_message(ruleset=LHF, kind="moved", text="", data=data) == (
            'Eli moves 3.5" to (10.25, 3).'
        )
    with translation.override("fr"):
        said = event_message(ruleset=LHF, kind="moved", text="", data=data)
    assert "3,5" in said and "10,25" in said


OTHER_GAMES = {
    "battle-royale": ({}, {"turn_start", "card_played", "step", "eliminator_moved", "doom_roll"}),
    "last-one-standing": ({"max_rounds": 6}, {"turn", "end_turn", "step", "round", "loaded"}),
    "le-dernier-peuple": ({}, {"turn_started", "cards_drawn", "meeple_moved", "movement_played"}),
}


def _random_events(slug: str, options: dict) -> list[dict]:
    """Six seeded random games of two to four players, played to their end (or 1500 moves)."""
    from rulesets.registry import get_ruleset

    game, events = get_ruleset(slug), []
    for seed in range(6):
        seats = ["s1", "s2", "s3", "s4"][: 2 + seed % 3]
        rnd, state = random.Random(seed), game.new_game(seats, options, seed)
        for _step in range(1500):
            if game.outcome(state) is not None:
                break
            seat = rnd.choice(list(game.to_move(state)))
            try:
                resolution = game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)))
            except IllegalAction:
                continue
            events += resolution.events
            state = resolution.state
    return events


@pytest.mark.parametrize("slug", list(OTHER_GAMES))
def test_every_event_of_the_other_games_has_a_code_that_reads_in_three_languages(slug):
    options, frequent = OTHER_GAMES[slug]
    events = _random_events(slug, options)
    catalogue = get_messages(slug)
    assert frequent <= {e["type"] for e in events}
    missing = {e["type"] for e in events if e.get("code") not in catalogue.MESSAGES}
    assert missing == set()
    assert {e["type"] for e in events if e["type"] == "game_over"}  # games reach their end
    for language in ("en", "fr", "nl"):
        with translation.override(language):
            for event in events:
                said = event_message(ruleset=slug, kind=event["type"], text="", data=event)
                assert "%(" not in said and said.strip(), event


@pytest.mark.django_db
def test_a_match_stored_before_codes_replays_and_its_log_reads_as_stored():
    """Issue 31's proof: events written before codes existed (no code in their data) still
    show their stored text on a French page, and the match replays to its stored state."""
    from django.test import Client

    from matches.models import MatchEvent
    from matches.services.replay import replay_match
    from tests.factories import UserFactory
    from tests.matches.factories import start_live_match

    alice, bob = UserFactory(), UserFactory()
    match = start_live_match(
        ruleset=LHF, players=[alice.username, bob.username], options={}, created_by=alice
    )
    MatchEvent.objects.filter(match=match).update(data={})  # as stored before the change
    MatchEvent.objects.create(
        match=match,
        seq=match.last_event_seq + 1,
        type="moved",
        version=match.version,
        text="Marshal Hale moves 3 inches to (10, 2).",
        data={"fighter": 101},
    )
    client = Client()
    client.force_login(alice)
    body = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Marshal Hale moves 3 inches to (10, 2)." in body
    assert "The match begins:" in body  # its stored English: it has no code any more
    assert replay_match(match)[0] is True


def test_every_mission_event_has_a_code_that_reads_in_three_languages():
    """A mission's battles add objectives held, loot picked up and a winner on points."""
    from rulesets.last_hope_frontier.missions import missions
    from tests.rulesets.last_hope_frontier.mission_play import new_battle, play

    catalogue = get_messages(LHF)
    events = []
    for number, mission in enumerate(missions()):
        _state, script, _first = play(mission["key"], number, bot=True)
        state = new_battle(mission["key"], number)
        for seat, action in script:
            resolution = RULESET.apply(state, seat, action)
            events += resolution.events
            state = resolution.state
    assert {"objective_held", "loot_picked_up"} & {e["type"] for e in events}
    assert {e["code"] for e in events} & {"mission_over", "mission_over_draw"}
    missing = {e["type"] for e in events if e.get("code") not in catalogue.MESSAGES}
    assert missing == set()
    for language in ("fr", "nl"):
        with translation.override(language):
            for event in events:
                if event["type"] in ("objective_held", "loot_picked_up", "battle_over"):
                    said = phrase(catalogue, event["code"], event["params"])
                    assert "%(" not in said and said != event["text"], event
