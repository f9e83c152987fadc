"""The end of a battle (wiped out, conceded, turn limit), the outcome, the battle report for
the post-game, the views, and what ``apply`` does with garbage."""

import contextlib
import json
import math
import random

import pytest

from rulesets.core.errors import IllegalAction
from rulesets.last_hope_frontier import RULESET
from rulesets.last_hope_frontier.post_game import settle_takedowns
from tests.rulesets.last_hope_frontier.test_live_support import (
    FULL_DECK,
    SEATS,
    apply,
    cards_in_place,
    fighter,
    gang,
    give_hand,
    set_up,
)


def _battle(x_fighters=None, y_fighters=None, **options):
    x_fighters = x_fighters or [
        fighter(1, "Hale", "leader", ["pistol"]),
        fighter(2, "Pratt", "ganger"),
    ]
    y_fighters = y_fighters or [fighter(11, "Ma", "ganger", wounds=1)]
    gangs = {
        "x": gang("Lawmen", "sheriffs", x_fighters, 7),
        "y": gang("Barkers", "outlawmen", y_fighters, 9),
    }
    return set_up(
        {"gangs": gangs, **options}, {1: (12, 10), 2: (5, 5), 11: (12, 12), 12: (20, 20)}, "x"
    )


def _shoot_ma(state, attack="KS", defence="2C"):
    state = give_hand(give_hand(state, "x", [attack]), "y", [defence])
    state = apply(state, "x", {"type": "activate", "fighter": 1}).state
    action = {
        "type": "shoot",
        "fighter": 1,
        "target": 11,
        "weapon": "pistol",
        "card": attack,
        "line_of_fire": True,
    }
    state = apply(state, "x", action).state
    return apply(state, "y", {"type": "defend", "card": defence})


def test_wiping_out_a_gang_ends_the_battle_and_the_survivors_win():
    won = _shoot_ma(_battle())
    assert won.state["phase"] == "over"
    assert won.events[-1]["text"] == "Barkers have nobody left standing; Lawmen win the battle."
    assert RULESET.to_move(won.state) == []
    assert RULESET.legal_actions(won.state, "x") == []
    outcome = RULESET.outcome(won.state)
    assert outcome.winners == ["x"] and outcome.placements == {"x": 1, "y": 2}
    assert outcome.scores == {"x": {"fighters_taken_out": 1}, "y": {"fighters_taken_out": 0}}
    RULESET.check_result(placements=outcome.placements, scores=outcome.scores)
    with pytest.raises(IllegalAction, match="battle is over"):
        RULESET.apply(won.state, "x", {"type": "end_turn"})


def test_the_battle_report_is_what_the_post_game_reads():
    state = _shoot_ma(_battle()).state
    report = RULESET.battle_report(state)
    assert report == {
        "winner": "x",
        "reason": "wiped_out",
        "turns": 1,
        "gangs": {"x": 7, "y": 9},
        "takedowns": [{"by": 1, "victim": 11, "enemy": True}],
        "out_of_action": [11],
        "equipment_spent": [],
    }
    # Ma's third time out would make Hale's shot a killing blow: two flips in all.
    assert settle_takedowns(report["takedowns"], died=[11]) == {1: 2}
    assert settle_takedowns(report["takedowns"], died=[]) == {1: 1}


def test_no_report_while_the_battle_runs():
    with pytest.raises(ValueError, match="not over"):
        RULESET.battle_report(_battle())


def test_at_the_turn_limit_the_side_that_took_out_more_enemies_wins():
    y = [fighter(11, "Ma", "ganger", wounds=1), fighter(12, "Doc", "ganger")]
    state = _shoot_ma(_battle(y_fighters=y, turn_limit=1)).state
    state = apply(state, "x", {"type": "end_turn"}).state
    result = apply(state, "y", {"type": "end_turn"})
    assert result.state["result"] == {"winner": "x", "reason": "turn_limit", "resigned": None}
    assert result.events[-1]["text"] == (
        "The turn limit is reached: Lawmen took out 1, Barkers took out 0. Lawmen win the battle."
    )


def test_at_the_turn_limit_an_equal_count_is_a_draw_and_both_place_first():
    state = _battle(turn_limit=1)
    state = apply(state, "x", {"type": "end_turn"}).state
    over = apply(state, "y", {"type": "end_turn"}).state
    outcome = RULESET.outcome(over)
    assert outcome.winners == [] and outcome.placements == {"x": 1, "y": 1}
    assert RULESET.battle_report(over)["winner"] is None
    RULESET.check_result(placements=outcome.placements, scores=outcome.scores)


def test_a_concession_hands_the_battle_to_the_other_player_at_any_moment():
    state = give_hand(_battle(), "x", ["KS"])
    state = apply(state, "x", {"type": "activate", "fighter": 1}).state
    action = {
        "type": "shoot",
        "fighter": 1,
        "target": 11,
        "weapon": "pistol",
        "card": "KS",
        "line_of_fire": True,
    }
    pending = apply(state, "x", action).state
    conceded = RULESET.resign(pending, "y")  # the defender, while a card is face down
    assert conceded.events[-1]["text"] == "Barkers concede the battle; Lawmen win."
    assert RULESET.outcome(conceded.state).winners == ["x"]
    assert conceded.state["pending"] is None
    assert "KS" in conceded.state["cards"]["x"]["hand"]  # the unseen card goes back to the hand
    assert cards_in_place(conceded.state, "x") == FULL_DECK
    with pytest.raises(IllegalAction, match="already over"):
        RULESET.resign(conceded.state, "x")
    with pytest.raises(IllegalAction, match="Only a player"):
        RULESET.resign(pending, "z")


def test_a_player_may_concede_before_the_battle_begins():
    state = RULESET.new_game(list(SEATS), {}, 1)
    conceded = RULESET.resign(state, "x").state
    assert RULESET.outcome(conceded).winners == ["y"]
    assert RULESET.battle_report(conceded)["reason"] == "resigned"


def test_views_show_the_own_hand_only_and_never_the_decks_or_the_rng():
    state = _battle()
    mine = RULESET.view(state, "x")
    assert mine["cards"]["x"]["hand"] == state["cards"]["x"]["hand"]
    assert "hand" not in mine["cards"]["y"]
    assert mine["cards"]["y"]["hand_count"] == 5 and mine["cards"]["y"]["deck_count"] == 49
    assert "rng" not in mine and "deck" not in json.dumps(mine["cards"]).replace("deck_count", "")
    assert mine["you"] == "x" and mine["to_move"] == ["x"]
    spectator = RULESET.view(state, None)
    assert all("hand" not in pile for pile in spectator["cards"].values())
    assert spectator["you"] is None
    spectator.pop("initiative")  # the initiative cards were flipped face up
    text = json.dumps(spectator)
    hands = state["cards"]["y"]["hand"] + state["cards"]["x"]["hand"]
    assert all(f'"{card}"' not in text for card in hands)
    mine["fighters"]["1"]["name"] = "changed"
    assert state["fighters"]["1"]["name"] == "Hale"  # a view is a copy


def test_every_event_is_a_sentence():
    state = _battle()
    for event in _shoot_ma(state).events:
        assert event["text"][0].isupper() and event["text"].endswith(".")


@pytest.mark.parametrize(
    "action",
    [
        None,
        [],
        "move",
        {},
        {"type": 3},
        {"type": "teleport"},
        {"type": "activate"},
        {"type": "activate", "fighter": "1"},
        {"type": "activate", "fighter": True},
        {"type": "activate", "fighter": 1.0},
        {"type": "activate", "fighter": 99},
        {"type": "activate", "fighter": 11},
        {"type": "activate", "fighter": 1, "extra": 1},
        {"type": "deploy", "fighter": 1, "to": {"x": 1, "y": 1}},
        {"type": "defend", "card": "2C"},
        {"type": "spend_rabbits_feet", "count": 1},
    ],
)
def test_garbage_is_refused_with_a_reason(action):
    state = _battle()
    with pytest.raises(IllegalAction) as refused:
        RULESET.apply(state, "x", action)
    assert refused.value.reason.endswith(".")


@pytest.mark.parametrize(
    "to",
    [
        {"x": math.nan, "y": 10},
        {"x": math.inf, "y": 10},
        {"x": -math.inf, "y": 10},
        {"x": 10**400, "y": 10},
        {"x": True, "y": 10},
        {"x": "12", "y": 10},
        {"x": 12},
        {"x": 12, "y": 10, "z": 0},
        [12, 10],
        {"x": 24, "y": 10},
        {"x": 12, "y": -1},
    ],
)
def test_a_position_must_be_two_finite_numbers_on_the_board(to):
    state = apply(_battle(), "x", {"type": "activate", "fighter": 1}).state
    with pytest.raises(IllegalAction):
        RULESET.apply(state, "x", {"type": "move", "fighter": 1, "to": to})


@pytest.mark.parametrize(
    "declared",
    [
        {"over_obstacle": "yes"},
        {"over_obstacles": True},
        {"climb": -1},
        {"climb": math.nan},
        {"jump_down": 25},
        {"climb": 1, "jump_down": 1},
    ],
)
def test_move_declarations_are_checked(declared):
    state = apply(_battle(), "x", {"type": "activate", "fighter": 1}).state
    with pytest.raises(IllegalAction):
        RULESET.apply(
            state, "x", {"type": "move", "fighter": 1, "to": {"x": 12, "y": 9}, **declared}
        )


def test_informative_template_keys_may_be_sent_back():
    state = apply(_battle(), "x", {"type": "activate", "fighter": 1}).state
    template = RULESET.legal_actions(state, "x")[0]
    action = {
        "type": "move",
        "fighter": 1,
        "to": {"x": 12, "y": 9},
        "over_obstacle": False,
        "max_distance": template["max_distance"],
    }
    apply(state, "x", action)


JUNK = [None, -1, 0, 10**30, "x", "", [], {}, True, 1.5, math.nan, {"from_hand": True}, "JS"]


def test_mangled_legal_actions_are_refused_with_illegal_action_and_nothing_else():
    """A hostile client: every key of every legal action replaced by junk, or dropped."""
    rnd = random.Random(11)
    state = _battle(
        x_fighters=[
            fighter(1, "Hale", "leader", ["pistol", "horse", "whiskey", "dynamite"]),
            fighter(2, "Pratt", "ganger", ["hunting-knife", "shotgun"]),
        ],
        y_fighters=[fighter(11, "Ma", "ganger"), fighter(12, "Doc", "deputy")],
    )
    state["fighters"]["1"]["wounds_left"] = 5
    states = [state, apply(state, "x", {"type": "activate", "fighter": 1}).state]
    for state in states:
        for entry in RULESET.legal_actions(state, "x"):
            for key in entry:
                for junk in [*JUNK, "<drop>"]:
                    mangled = {k: v for k, v in entry.items() if k != key or junk != "<drop>"}
                    if junk != "<drop>":
                        mangled[key] = junk
                    with contextlib.suppress(IllegalAction):  # anything else fails the test
                        RULESET.apply(state, rnd.choice(["x", "y", None]), mangled)
