"""Matches stored before the house rules (issue 33) still replay to their stored state.

Such a match was played with the departures the engines then had as their only rules (the
storm, melee weapons without loading...). Its row names no house rule, so without the data
migration its replay would follow the rulebook's text and part from the stored state; the
migration records the rules it was played with (``matches/migrations/0005_...``)."""

import importlib
import random

import pytest
from django.apps import apps as django_apps
from django.utils import timezone

from matches import services
from matches.models import Match, MatchAction, Participant
from rulesets.core.errors import IllegalAction
from rulesets.registry import get_ruleset
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("matches.migrations.0005_house_rules_of_old_matches")


def stored_before_house_rules(slug: str, seed: int, steps: int) -> Match:
    """A live match as an old release stored it: played with the old departures, its options
    and state naming no house rule."""
    game = get_ruleset(slug)
    seats = ["s1", "s2", "s3"] if slug != "last-hope-frontier" else ["s1", "s2"]
    played_with = dict.fromkeys(MIGRATION.PLAYED_WITH[slug], True)
    state = game.new_game(seats, {"house_rules": played_with}, seed)
    rnd, log = random.Random(seed), []
    for _ in range(steps):
        movers = game.to_move(state)
        if not movers or game.outcome(state) is not None:
            break
        seat = rnd.choice(movers)
        action = rnd.choice(game.legal_actions(state, seat))
        state = services.canonical(game.apply(state, seat, action).state)
        log.append((seat, action))
    state.pop("house_rules")
    match = Match.objects.create(
        ruleset=slug, live=True, status=Match.Status.LIVE, options={}, seed=seed, state=state
    )
    Participant.objects.bulk_create(
        Participant(match=match, player=UserFactory(), seat=seat, answered_at=timezone.now())
        for seat in seats
    )
    MatchAction.objects.bulk_create(
        MatchAction(
            match=match,
            seat=seat,
            payload=action,
            idempotency_key=str(n),
            status=MatchAction.Status.RESOLVED,
            version_after=n + 1,
        )
        for n, (seat, action) in enumerate(log)
    )
    return match


@pytest.mark.parametrize("slug", ["last-one-standing", "battle-royale", "le-dernier-peuple"])
def test_an_old_match_replays_to_its_stored_state_once_its_house_rules_are_recorded(slug):
    match = stored_before_house_rules(slug, seed=5, steps=400)
    MIGRATION.record(django_apps, None)
    match.refresh_from_db()
    assert match.options["house_rules"] == dict.fromkeys(MIGRATION.PLAYED_WITH[slug], True)
    assert match.state["house_rules"] == MIGRATION.PLAYED_WITH[slug]
    same, _ = services.replay_match(match)
    assert same


def test_without_the_record_an_old_last_one_standing_match_would_replay_another_game():
    match = stored_before_house_rules("last-one-standing", seed=5, steps=400)
    match.state["house_rules"] = []  # as if the text had been the rule all along
    try:
        same, _ = services.replay_match(match)
    except IllegalAction:  # an action the old rules allowed, the text refuses
        same = False
    assert not same
