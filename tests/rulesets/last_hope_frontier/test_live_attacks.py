"""Attacks in live play: ranges measured by the server, line of fire declared by the player,
reloads, the horse, combat in base contact, the derringer, the thrown knife and dynamite,
and fighters taken out of action."""

import pytest

from rulesets.core.errors import IllegalAction
from rulesets.last_hope_frontier import RULESET
from tests.rulesets.last_hope_frontier.test_live_support import (
    apply,
    fighter,
    gang,
    give_hand,
    place,
    set_up,
)

TABLE = {1: (12, 10), 2: (12, 5), 3: (5, 5), 11: (12, 14), 12: (16, 14), 13: (20, 20)}


def _battle(x_fighters, y_fighters, positions=None, house_rules=None):
    gangs = {
        "x": gang("Lawmen", "sheriffs", x_fighters, 1),
        "y": gang("Barkers", "outlawmen", y_fighters, 2),
    }
    options = {"gangs": gangs, **({"house_rules": house_rules} if house_rules else {})}
    return set_up(options, {**TABLE, **(positions or {})}, first="x")


def _attack(state, action, attack_card="9H", defence_card="2C", fid=None):
    """Activate, nominate with ``attack_card``, defend with ``defence_card``."""
    state = give_hand(give_hand(state, "x", [attack_card]), "y", [defence_card])
    fid = fid or action["fighter"]
    state = apply(state, "x", {"type": "activate", "fighter": fid}).state
    nominated = apply(state, "x", {**action, "card": attack_card})
    assert RULESET.to_move(nominated.state) == ["y"]
    return apply(nominated.state, "y", {"type": "defend", "card": defence_card})


def _kinds(state, kind):
    return [a for a in RULESET.legal_actions(state, "x") if a["type"] == kind]


def _shot(fid, target, weapon, **extra):
    return {
        "type": "shoot",
        "fighter": fid,
        "target": target,
        "weapon": weapon,
        "line_of_fire": True,
        **extra,
    }


def test_shots_are_offered_only_at_targets_in_the_weapons_band_with_the_measured_range():
    """Pistol 'range 0 to 1' card lengths: 0 to 3.5 inches edge to edge (decision 5)."""
    state = _battle(
        [fighter(1, "Hale", "leader", ["pistol"])],
        [fighter(11, "Ma", "ganger"), fighter(12, "Doc", "ganger")],
        {11: (12, 13.5), 12: (12, 15)},
    )
    state = apply(state, "x", {"type": "activate", "fighter": 1}).state
    assert _kinds(state, "shoot") == [
        {
            "type": "shoot",
            "fighter": 1,
            "target": 11,
            "weapon": "pistol",
            "card": {"from_hand": True},
            "line_of_fire": [True],
            "distance": 2.5,
        },
    ]
    hand = state["cards"]["x"]["hand"]
    with pytest.raises(IllegalAction) as refused:
        RULESET.apply(state, "x", _shot(1, 12, "pistol", card=hand[0]))
    assert refused.value.reason == (
        "Doc is 4 inches away: the pistol shoots from base contact up to 3.5 inches."
    )


def test_live_play_reads_range_bands_as_distances_a_shotgun_fires_from_3_5_to_7_inches():
    """'Shotgun - range 1 - 2': beyond one card length (3.5") and up to two (7"), the same
    band as the calculator (decision 5). Ma is 2.5 inches away, Doc 5, Far 7.5."""
    state = _battle(
        [fighter(1, "Hale", "leader", ["shotgun"])],
        [fighter(11, "Ma", "ganger"), fighter(12, "Doc", "ganger"), fighter(13, "Far", "ganger")],
        {11: (12, 13.5), 12: (15, 15.82), 13: (12, 18.5)},
    )
    state = apply(state, "x", {"type": "activate", "fighter": 1}).state
    assert [a["target"] for a in _kinds(state, "shoot")] == [12]
    hand = state["cards"]["x"]["hand"]
    with pytest.raises(IllegalAction) as refused:
        RULESET.apply(state, "x", _shot(1, 11, "shotgun", card=hand[0]))
    assert refused.value.reason == (
        "Ma is 2.5 inches away: the shotgun shoots beyond 3.5 inches and up to 7 inches."
    )


def test_the_shooter_declares_line_of_fire_and_plays_a_card_it_holds():
    state = _battle(
        [fighter(1, "Hale", "leader", ["pistol"])], [fighter(11, "Ma", "ganger")], {11: (12, 12)}
    )
    hand = ["9H", "2H", "3H", "4H", "5H"]
    state = give_hand(apply(state, "x", {"type": "activate", "fighter": 1}).state, "x", hand)
    with pytest.raises(IllegalAction, match="line_of_fire true"):
        RULESET.apply(state, "x", _shot(1, 11, "pistol", card="9H", line_of_fire=False))
    with pytest.raises(IllegalAction, match="You do not hold the Ace of Spades"):
        RULESET.apply(state, "x", _shot(1, 11, "pistol", card="AS"))
    with pytest.raises(IllegalAction, match="Name a card"):
        RULESET.apply(state, "x", _shot(1, 11, "pistol", card="11H"))
    with pytest.raises(IllegalAction, match="carries no shotgun"):
        RULESET.apply(state, "x", _shot(1, 11, "shotgun", card="9H"))


def test_while_a_card_is_face_down_only_the_defender_may_act():
    state = _battle(
        [fighter(1, "Hale", "leader", ["pistol"]), fighter(2, "Pratt", "ganger")],
        [fighter(11, "Ma", "ganger")],
        {11: (12, 12)},
    )
    state = give_hand(apply(state, "x", {"type": "activate", "fighter": 1}).state, "x", ["9H"])
    pending = apply(state, "x", _shot(1, 11, "pistol", card="9H")).state
    assert RULESET.legal_actions(pending, "x") == []
    assert RULESET.legal_actions(pending, "y") == [{"type": "defend", "card": {"from_hand": True}}]
    with pytest.raises(IllegalAction, match="not your decision"):
        RULESET.apply(pending, "x", {"type": "end_activation"})
    with pytest.raises(IllegalAction, match="not your decision"):
        RULESET.apply(pending, "x", {"type": "defend", "card": "2C"})


def test_a_shotgun_must_be_reloaded_after_three_shots_and_reloading_is_the_action():
    """Shotgun 'needs reloading after every three shots'."""
    state = _battle(
        [fighter(1, "Hale", "leader", ["shotgun"])],
        [fighter(11, "Ma", "ganger", wounds=10)],
        {11: (12, 15)},
    )
    for shot in range(3):
        state = _attack(state, _shot(1, 11, "shotgun"), "2H", "AD").state  # misses
        state = apply(state, "y", {"type": "end_turn"}).state
        state = (
            apply(state, state["active"], {"type": "end_turn"}).state
            if state["active"] != "x"
            else state
        )
        assert state["fighters"]["1"]["guns"] == [{"slug": "shotgun", "shots": shot + 1}]
    state = apply(state, "x", {"type": "activate", "fighter": 1}).state
    assert not _kinds(state, "shoot")
    assert _kinds(state, "reload") == [{"type": "reload", "fighter": 1, "weapon": "shotgun"}]
    with pytest.raises(IllegalAction, match="must be reloaded"):
        RULESET.apply(state, "x", _shot(1, 11, "shotgun", card=state["cards"]["x"]["hand"][0]))
    reloaded = apply(state, "x", {"type": "reload", "fighter": 1, "weapon": "shotgun"})
    assert reloaded.events[0]["text"] == "Hale reloads the shotgun."
    assert reloaded.state["fighters"]["1"]["guns"] == [{"slug": "shotgun", "shots": 0}]
    assert reloaded.state["activation"] is None  # the reload was the action


def test_with_two_shotguns_reload_reloads_the_one_that_needs_it():
    """Shotgun 'needs reloading after every three shots': with one shotgun fired once and the
    other fired empty, reloading loads the empty one (the action is not wasted on the other)."""
    state = _battle(
        [fighter(1, "Hale", "leader", ["shotgun", "shotgun"])],
        [fighter(11, "Ma", "ganger", wounds=10)],
        {11: (12, 15)},
    )
    state["fighters"]["1"]["guns"] = [
        {"slug": "shotgun", "shots": 1},
        {"slug": "shotgun", "shots": 3},
    ]
    state = apply(state, "x", {"type": "activate", "fighter": 1}).state
    reloaded = apply(state, "x", {"type": "reload", "fighter": 1, "weapon": "shotgun"}).state
    assert reloaded["fighters"]["1"]["guns"] == [
        {"slug": "shotgun", "shots": 1},
        {"slug": "shotgun", "shots": 0},
    ]


def test_rifles_reload_after_every_shot_and_pistols_never():
    """Carbine and scope rifle 'needs reloading after every shot'."""
    state = _battle(
        [fighter(1, "Hale", "leader", ["carbine", "pistol"])],
        [fighter(11, "Ma", "ganger", wounds=10)],
        {11: (12, 19)},  # 8 inches: carbine range 2 to 3 card lengths
    )
    state = _attack(state, _shot(1, 11, "carbine"), "2H", "AD").state
    assert state["fighters"]["1"]["guns"] == [
        {"slug": "carbine", "shots": 1},
        {"slug": "pistol", "shots": 0},
    ]
    state = apply(state, "y", {"type": "end_turn"}).state
    if state["active"] != "x":
        state = apply(state, "y", {"type": "end_turn"}).state
    state = apply(state, "x", {"type": "activate", "fighter": 1}).state
    assert _kinds(state, "reload") == [{"type": "reload", "fighter": 1, "weapon": "carbine"}]
    assert not _kinds(state, "shoot")  # the carbine is empty; a pistol does not reach 8 inches
    with pytest.raises(IllegalAction, match="never needs reloading"):
        RULESET.apply(state, "x", {"type": "reload", "fighter": 1, "weapon": "pistol"})


def test_shooting_from_horseback_is_one_worse():
    """'shooting from horse is -1 in difficulty'."""
    rider = [fighter(1, "Hale", "leader", ["pistol", "horse"])]
    mounted = _attack(
        _battle(rider, [fighter(11, "Ma", "ganger")], {11: (12, 12)}),
        _shot(1, 11, "pistol"),
        "9H",
        "2C",
    )
    shot = next(e for e in mounted.events if e["type"] == "attack")
    assert (shot["attack_total"], shot["defence_total"]) == (3 + 9 - 1, 1 + 2)
    assert "Shooting from horseback: -1 = 11." in shot["steps"]


def test_dynamite_thrown_from_horseback_has_no_horse_modifier():
    """'Horse - ... shooting from horse is -1 in difficulty'; 'Dynamite - strength vs defence
    action to use': a throw, not a shot, so a rider throws at full strength (decision 10)."""
    rider = [fighter(1, "Hale", "leader", ["dynamite", "horse"])]
    state = _battle(rider, [fighter(11, "Ma", "ganger")], {11: (12, 15)})  # 4 inches
    assert state["fighters"]["1"]["mounted"] is True
    throw = {"type": "throw_dynamite", "fighter": 1, "target": 11, "line_of_fire": True}
    boom = _attack(state, throw, "9H", "2C")
    attack = next(e for e in boom.events if e["type"] == "attack")
    # strength 2 + 9 = 11 against defence 1 + 2 = 3: no -1 for the saddle.
    assert (attack["attack_total"], attack["defence_total"]) == (2 + 9, 1 + 2)
    assert not any("horseback" in step for step in attack["steps"])


def test_combat_needs_base_contact_and_hits_with_the_melee_weapon_and_strength():
    """Combat (decision 9): combat + card vs defence + card; damage = bracket + melee weapon
    + (strength - 1) + favoured Q/K/A - toughness."""
    x = [fighter(1, "Hale", "leader", ["hatchet"])]
    state = _battle(x, [fighter(11, "Ma", "ganger")], {11: (12, 11.2)})  # gap 0.2: contact
    blow = _attack(state, {"type": "fight", "fighter": 1, "target": 11}, "9H", "2D")
    attack = next(e for e in blow.events if e["type"] == "attack")
    # 3 + 9 = 12 against 1 + 2 = 3: difference 9, 2 damage + hatchet 2 + strength 1 - 1.
    assert attack["text"] == "Hale strikes Ma: 12 against 3, 4 wounds."
    assert blow.state["fighters"]["11"]["wounds_left"] == 2
    apart = _battle(x, [fighter(11, "Ma", "ganger")], {11: (12, 11.3)})  # gap 0.3: not
    apart = apply(apart, "x", {"type": "activate", "fighter": 1}).state
    assert not _kinds(apart, "fight")
    with pytest.raises(IllegalAction, match="not in base contact"):
        RULESET.apply(apart, "x", {"type": "fight", "fighter": 1, "target": 11, "card": "9H"})


def test_without_a_melee_weapon_a_fighter_does_not_fight_in_base_contact():
    """Rulebook: "Derringer - range 0 - adds 0 damage - can be used in base to base combat as a
    shot vs defence test if a melee weapon isn't on models profiles": base-to-base combat is a
    melee weapon's."""
    state = _battle([fighter(1, "Hale", "leader")], [fighter(11, "Ma", "ganger")], {11: (12, 11)})
    assert state["house_rules"] == []
    state = apply(state, "x", {"type": "activate", "fighter": 1}).state
    assert _kinds(state, "fight") == []
    state = give_hand(state, "x", ["9H"])
    with pytest.raises(IllegalAction, match="no melee weapon"):
        apply(state, "x", {"type": "fight", "fighter": 1, "target": 11, "card": "9H"})


def test_house_rule_fists_a_fighter_without_a_melee_weapon_fights_at_minus_1():
    state = _battle(
        [fighter(1, "Hale", "leader")],
        [fighter(11, "Ma", "ganger")],
        {11: (12, 11)},
        house_rules={"fists": True},
    )
    blow = _attack(state, {"type": "fight", "fighter": 1, "target": 11}, "9H", "2D")
    attack = next(e for e in blow.events if e["type"] == "attack")
    assert attack["text"] == "Hale strikes Ma: 12 against 3, 1 wound."  # 2 - 1 + 1 - 1


def test_a_contact_move_is_offered_for_each_enemy_within_reach():
    state = _battle(
        [fighter(1, "Hale", "leader", ["hatchet"])], [fighter(11, "Ma", "ganger")], {11: (12, 13)}
    )
    state = apply(state, "x", {"type": "activate", "fighter": 1}).state
    [charge] = [a for a in RULESET.legal_actions(state, "x") if "into_contact_with" in a]
    assert charge == {
        "type": "move",
        "fighter": 1,
        "to": {"x": 12.0, "y": 11.99},
        "into_contact_with": 11,
    }
    state = apply(state, "x", charge).state
    assert _kinds(state, "fight") == [
        {"type": "fight", "fighter": 1, "target": 11, "card": {"from_hand": True}}
    ]


def test_a_derringer_fires_in_base_contact_only_for_a_fighter_without_a_melee_weapon():
    """Derringer: 'can be used in base to base combat as a shot vs defence test if a melee
    weapon isn't on models profiles'."""
    ma = [fighter(11, "Ma", "ganger")]
    bare = _battle([fighter(1, "Hale", "leader", ["derringer"])], ma, {11: (12, 11)})
    bare = apply(bare, "x", {"type": "activate", "fighter": 1}).state
    assert [a["weapon"] for a in _kinds(bare, "shoot")] == ["derringer"]
    armed = _battle(
        [fighter(1, "Hale", "leader", ["derringer", "switchblade"])], ma, {11: (12, 11)}
    )
    armed = apply(armed, "x", {"type": "activate", "fighter": 1}).state
    assert not _kinds(armed, "shoot")
    with pytest.raises(IllegalAction, match="no melee weapon"):
        RULESET.apply(armed, "x", _shot(1, 11, "derringer", card=armed["cards"]["x"]["hand"][0]))


def test_a_thrown_hunting_knife_is_a_shot_within_one_card_length_and_is_lost():
    """Hunting knife: 'can be thrown in 1 distance, but item is lost' (decision 7)."""
    state = _battle(
        [fighter(1, "Hale", "leader", ["hunting-knife"])],
        [fighter(11, "Ma", "ganger")],
        {11: (12, 13)},
    )
    throw = {"type": "throw_knife", "fighter": 1, "target": 11, "line_of_fire": True}
    thrown = _attack(state, throw, "9H", "2D")
    attack = next(e for e in thrown.events if e["type"] == "attack")
    # shot 3 + 9 = 12 against 3: difference 9, 2 damage + knife 1 - toughness 1 = 2 wounds.
    assert attack["text"] == "Hale's knife hits Ma: 12 against 3, 2 wounds."
    assert thrown.state["fighters"]["1"]["equipment"] == []
    assert thrown.state["spent"] == [{"fighter": 1, "item": "hunting-knife"}]


def test_dynamite_hits_friend_and_foe_within_one_card_length_of_the_target():
    """Dynamite: 'strength vs defence ... no modifiers from face cards allowed, successful
    attack is +2 damage to all models (friend and foe) within a 1 card length circle'."""
    x = [fighter(1, "Hale", "leader", ["pistol"]), fighter(2, "Pratt", "ganger", ["dynamite"])]
    y = [fighter(11, "Ma", "ganger"), fighter(12, "Doc", "deputy"), fighter(13, "Far", "ganger")]
    # Pratt throws from 5 inches; Hale stands 3 inches from Ma, Doc 3.9 (his base edge 3.4),
    # Far 10 inches away.
    table = {2: (12, 8), 1: (15, 14), 11: (12, 14), 12: (12, 17.9), 13: (12, 24 - 1)}
    state = _battle(x, y, table)
    state = apply(state, "x", {"type": "activate", "fighter": 2}).state
    assert [a["target"] for a in _kinds(state, "throw_dynamite")] == [11]  # Doc: 8.9 inches
    state = place(state, {})
    state["activation"] = None
    state["fighters"]["2"]["activated"] = False
    boom = _attack(
        state,
        {"type": "throw_dynamite", "fighter": 2, "target": 11, "line_of_fire": True},
        "JS",
        "2C",
    )
    attack = next(e for e in boom.events if e["type"] == "attack")
    # strength 2 + 11 (a favoured Jack adds nothing: no face-card modifiers) = 13 against
    # 1 + 2 = 3: difference 10, 2 damage + 2 = 4 to every model in the blast.
    assert attack["text"] == (
        "Pratt's dynamite blows up by Ma: 13 against 3, 4 damage to every model within 3.5 inches."
    )
    blasts = {e["fighter"]: e["wounds"] for e in boom.events if e["type"] == "blast"}
    assert blasts == {1: 4 - 2, 11: 4 - 1, 12: 4 - 2}
    after = boom.state["fighters"]
    assert (after["1"]["wounds_left"], after["11"]["wounds_left"], after["13"]["wounds_left"]) == (
        6,
        3,
        6,
    )
    assert "dynamite" not in after["2"]["equipment"]


def test_dynamite_is_thrown_up_to_two_card_lengths_out_of_base_contact():
    x = [fighter(2, "Pratt", "ganger", ["dynamite"])]
    state = _battle(x, [fighter(11, "Ma", "ganger")], {2: (12, 4), 11: (12, 13)})  # 8 inches
    state = apply(state, "x", {"type": "activate", "fighter": 2}).state
    assert not _kinds(state, "throw_dynamite")
    with pytest.raises(
        IllegalAction, match="dynamite is thrown out of base contact up to 7 inches"
    ):
        RULESET.apply(
            state,
            "x",
            {
                "type": "throw_dynamite",
                "fighter": 2,
                "target": 11,
                "card": state["cards"]["x"]["hand"][0],
                "line_of_fire": True,
            },
        )


def test_a_fighter_beyond_its_wounds_is_out_of_action_and_the_takedown_is_recorded():
    """'taken out of action by taking more points of damage than their wound tokens': the
    fighter is removed from play; who took it out is recorded for the post-game."""
    x = [fighter(1, "Hale", "leader", ["pistol"]), fighter(2, "Pratt", "ganger")]
    y = [fighter(11, "Ma", "ganger", wounds=2), fighter(12, "Doc", "ganger")]
    state = _battle(x, y, {11: (12, 12)})
    shot = _attack(state, _shot(1, 11, "pistol"), "JS", "7D")  # example 1: 2 wounds
    assert shot.state["fighters"]["11"]["status"] == "in_play"  # exactly its tokens: standing
    assert shot.state["fighters"]["11"]["wounds_left"] == 0
    state = place(shot.state, {})
    state["fighters"]["1"]["activated"] = False
    out = _attack(state, _shot(1, 11, "pistol"), "9H", "2C")
    ma = out.state["fighters"]["11"]
    assert (ma["status"], ma["position"]) == ("out", None)
    assert out.events[-1]["text"] == "Ma is out of action, taken out by Hale."
    assert out.state["takedowns"] == [
        {"by": 1, "victim": 11, "enemy": True, "cause": "shot", "turn": 1}
    ]
    assert out.state["out_of_action"] == [11]


def _dynamite_at_padded_target(house_rules=None):
    x = [fighter(1, "Hale", "leader", ["pistol"]), fighter(2, "Pratt", "ganger", ["dynamite"])]
    y = [fighter(11, "Ma", "ganger", ["medium-leather"]), fighter(13, "Far", "ganger")]
    table = {2: (12, 8), 1: (15, 24 - 1), 11: (12, 14), 13: (12, 24 - 1)}
    state = _battle(x, y, table, house_rules=house_rules)
    boom = _attack(
        state,
        {"type": "throw_dynamite", "fighter": 2, "target": 11, "line_of_fire": True},
        "JS",
        "2C",
    )
    return next(e for e in boom.events if e["type"] == "attack")["text"]


def test_dynamite_is_strength_against_defence_without_padded_clothing():
    """Rulebook: "Dynamite - strength vs defence action to use, no modifiers from face cards
    allowed": padded clothing ("+1/+2/+3 defence against the shot/combat of attacking model")
    adds nothing against it. 2 + 11 = 13 against defence 1 + 2 = 3."""
    assert _dynamite_at_padded_target().startswith("Pratt's dynamite blows up by Ma: 13 against 3,")


def test_house_rule_clothing_vs_dynamite_adds_the_padded_clothing():
    text = _dynamite_at_padded_target({"clothing_vs_dynamite": True})
    assert text.startswith("Pratt's dynamite blows up by Ma: 13 against 5,")  # medium: +2
