"""Post-game admin: injuries to death, flips and reflips."""

import pytest

from rulesets.core.cards import full_deck
from rulesets.core.errors import IllegalAction
from rulesets.core.rng import Rng
from rulesets.last_hope_frontier.post_game import (
    Injury,
    apply_injury,
    choose_upgrade,
    decline,
    draw_flip,
    flip,
    flip_options,
    flips_earned,
    injury_for,
    reflip,
    settle_takedowns,
    start_flips,
    stat_cap,
    takedown_flips,
)


def ganger():
    return {
        "stats": {
            "shoot": 2,
            "combat": 2,
            "strength": 2,
            "toughness": 1,
            "defence": 1,
            "wounds": 6,
        },
        "times_out_of_action": 0,
        "equipment": ["pistol", "hatchet"],
    }


def test_first_and_second_time_out_each_cost_a_wound_for_good_and_the_third_kills():
    """'a model suffers a permanent -1 to their wound total ... This can happen a second time
    and gains another -1 ... If a model is taken out a third time, three strikes and you're
    out, the model is dead and removed from the gang.'"""
    fighter = ganger()
    fighter, buried = apply_injury(fighter)
    assert fighter["stats"]["wounds"] == 5 and fighter["times_out_of_action"] == 1 and not buried
    fighter, buried = apply_injury(fighter)
    assert fighter["stats"]["wounds"] == 4 and fighter["times_out_of_action"] == 2 and not buried
    fighter, buried = apply_injury(fighter)
    assert fighter["dead"] is True and fighter["times_out_of_action"] == 3
    assert buried == ["pistol", "hatchet"]


def test_a_dead_fighters_equipment_is_buried_with_it():
    """'Equipment attached to the dead gang member are also removed. Buried with their
    corpse.'"""
    fighter = {**ganger(), "times_out_of_action": 2}
    dead, buried = apply_injury(fighter)
    assert dead["equipment"] == [] and buried == ["pistol", "hatchet"]
    with pytest.raises(ValueError):
        apply_injury(dead)


def test_apply_injury_does_not_change_its_input():
    fighter = ganger()
    apply_injury(fighter)
    assert fighter == ganger()


def test_injury_table():
    assert injury_for(0) == Injury(times_out_of_action=1, wounds_lost=1, dead=False)
    assert injury_for(1) == Injury(times_out_of_action=2, wounds_lost=1, dead=False)
    assert injury_for(2) == Injury(times_out_of_action=3, wounds_lost=0, dead=True)
    with pytest.raises(ValueError):
        injury_for(3)


def test_taking_out_an_enemy_earns_one_flip_and_a_killing_blow_two_in_all():
    """'Taking out an opposing model gives that model a card flip ... A model that dealt the
    killing blow to another model earns two card flips.' Decision: two in all, not three."""
    assert takedown_flips(killing_blow=False) == 1
    assert takedown_flips(killing_blow=True) == 2
    assert flips_earned(taken_out=3, killing_blows=1) == 4
    with pytest.raises(ValueError):
        flips_earned(taken_out=1, killing_blows=2)


def test_settling_takedowns_after_injuries():
    takedowns = [
        {"by": "kid", "victim": "x", "enemy": True},
        {"by": "kid", "victim": "y", "enemy": True},  # y died: a killing blow
        {"by": "doc", "victim": "z", "enemy": True},  # doc died himself this game
        {"by": "kid", "victim": "own-man", "enemy": False},  # dynamite on a friend
        {"by": None, "victim": "w", "enemy": True},  # a fall
    ]
    assert settle_takedowns(takedowns, died={"y", "doc"}) == {"kid": 3}


@pytest.mark.parametrize(
    "card,options",
    [
        ("JOKER", ("shoot", "combat")),
        ("2H", ("shoot", "combat")),
        ("5S", ("shoot", "combat")),
        ("6D", ("strength", "toughness")),
        ("10C", ("strength", "toughness")),
        ("JH", ("defence", "wounds")),
        ("QS", ("defence", "wounds")),
        ("KD", ("defence", "wounds")),
        ("AC", ("defence", "wounds")),
    ],
)
def test_the_flip_table(card, options):
    """'Joker,2,3,4,5 allows for a Shot or Combat upgrade of 1 point; 6,7,8,9,10 ... Strength
    or Toughness ...; J,K,Q,A allow for a Defence or Wounds upgrade of 1 point.'"""
    assert flip_options(card) == options


def test_draw_flip_is_seeded():
    """'Shuffle your deck and flip the top card' - the server shuffles a whole 54-card deck
    (both Jokers in it) with the recorded seed and flips its top card: the same seed flips
    the same card, and over many seeds every card of the deck comes up."""
    assert draw_flip(Rng.from_seed(3)) == draw_flip(Rng.from_seed(3))
    rng = Rng.from_seed(3)
    assert draw_flip(Rng.from_seed(3)) == rng.shuffled(full_deck())[0]
    flipped = [draw_flip(Rng.from_seed(seed)) for seed in range(2000)]
    assert set(flipped) == set(full_deck()) and len(full_deck()) == 54
    assert flipped.count("JOKER") > flipped.count("AS")  # two Jokers in the deck, one ace


def seeded_session(earned, seed=0):
    return start_flips(earned), Rng.from_seed(seed)


def test_a_flip_then_an_upgrade():
    session, rng = seeded_session(1)
    session = flip(session, rng)
    assert session["flips_left"] == 0 and session["card"] is not None
    stat = flip_options(session["card"])[0]
    stats = ganger()["stats"]
    session, new_stats = choose_upgrade(session, stats, stat)
    assert new_stats[stat] == stats[stat] + 1
    assert session == {"flips_left": 0, "card": None}


def test_a_reflip_burns_another_flip():
    """'If a character has multiple points accrued and a player doesn't like the flip choice,
    they can burn another point to reflip.'"""
    session, rng = seeded_session(2)
    session = flip(session, rng)
    session = reflip(session, rng)
    assert session["flips_left"] == 0 and session["card"] is not None
    with pytest.raises(IllegalAction, match="burns another flip"):
        reflip(session, rng)


def test_a_single_flip_cannot_be_reflipped():
    session, rng = seeded_session(1)
    session = flip(session, rng)
    with pytest.raises(IllegalAction):
        reflip(session, rng)


def test_flip_misuse_is_illegal():
    session, rng = seeded_session(0)
    with pytest.raises(IllegalAction):
        flip(session, rng)
    with pytest.raises(IllegalAction):
        reflip(session, rng)
    with pytest.raises(IllegalAction):
        choose_upgrade(session, ganger()["stats"], "shoot")
    with pytest.raises(IllegalAction):
        decline(session)
    showing = {"flips_left": 1, "card": "7H"}
    with pytest.raises(IllegalAction):
        flip(showing, rng)
    with pytest.raises(IllegalAction, match="strength or toughness"):
        choose_upgrade(showing, ganger()["stats"], "shoot")


def test_the_flip_table_has_no_caps_a_stat_grows_past_the_house_rules_cap():
    """Rulebook flip table: "Joker, 2-5 ... 6-10 ... J, Q, K, A" name the stats a card raises,
    and no maximum: without the house rule (the default) a stat grows on."""
    cap = stat_cap("toughness", capped=True)
    stats = {**ganger()["stats"], "toughness": cap}
    _, grown = choose_upgrade({"flips_left": 0, "card": "7H"}, stats, "toughness")
    assert grown["toughness"] == cap + 1
    assert stat_cap("toughness") is None


def test_stats_stop_at_their_caps_and_a_capped_flip_may_be_passed():
    """House rule stat_caps: "Advancement stops at shoot and combat 6, strength 5, toughness 4,
    defence 5, wounds 10; the flip table has no caps." (catalogue stat_caps)"""
    stats = {
        **ganger()["stats"],
        "toughness": stat_cap("toughness", capped=True),
        "strength": stat_cap("strength", capped=True),
    }
    showing = {"flips_left": 0, "card": "7H"}
    with pytest.raises(IllegalAction, match="maximum"):
        choose_upgrade(showing, stats, "toughness", capped=True)
    assert decline(showing) == {"flips_left": 0, "card": None}


def test_flip_functions_never_change_their_inputs():
    session = {"flips_left": 2, "card": "7H"}
    stats = ganger()["stats"]
    reflip(session, Rng.from_seed(1))
    choose_upgrade(session, stats, "strength")
    assert session == {"flips_left": 2, "card": "7H"} and stats == ganger()["stats"]
