"""B) Shoot: loaded weapons, once per round, range, Hard to Hit, secondary attacks, armour."""

import pytest

from rulesets.core.errors import IllegalAction
from rulesets.last_one_standing import RULESET, hexes

from .helpers import act, arena, equip, field, hex_of, run, types


def shot(slot, target, attack="primary", **extra):
    return {"type": "shoot", "slot": slot, "attack": attack, "target": target, **extra}


def shots(state, seat):
    return [a for a in RULESET.legal_actions(state, seat) if a["type"] == "shoot"]


def duel(a=(0, 0), b=(2, 0), terrain=None):
    return arena(terrain or field(5), {"a": a, "b": b})


def test_only_loaded_face_down_weapons_can_shoot_and_shooting_flips_them_face_up():
    """Rulebook: "Loaded weapon cards must be face-down on your Character Mat. To use a weapon,
    flip over
    the weapon card face-up.\""""
    state = duel()
    equip(state, "a", "pistol#1", "long", face_down=False)
    assert not any(a["slot"] == "long" for a in shots(state, "a"))
    state = duel()
    equip(state, "a", "pistol#1", "long")
    state, events = act(state, "a", shot("long", "b"))
    assert state["players"]["a"]["slots"]["long"] == {"card": "pistol#1", "face_down": False}
    assert next(e for e in events if e["type"] == "shoot")["card"] == "pistol#1"
    assert state["players"]["b"]["health"] == 8


def test_a_weapon_cannot_be_used_twice_in_a_round_even_after_reloading():
    """Rulebook: "You cannot use a weapon more than once per round unless otherwise indicated.\""""
    state = duel()
    equip(state, "a", "pistol#1", "long")
    state, _ = run(state, "a", shot("long", "b"), {"type": "reload"}, {"type": "done"})
    assert state["players"]["a"]["slots"]["long"]["face_down"]  # loaded again...
    state["turn"]["actions"] = 1
    assert not any(a["slot"] == "long" for a in shots(state, "a"))  # ...but used this round
    with pytest.raises(IllegalAction):
        act(state, "a", shot("long", "b"))


def test_weapons_are_usable_again_the_next_round():
    state = duel()
    equip(state, "a", "pistol#1", "long")
    state, _ = run(state, "a", shot("long", "b"), {"type": "reload"}, {"type": "done"})
    state, _ = act(state, "b", {"type": "end_turn"})
    # round 2: b carries nothing and is lighter, so b goes first
    assert state["round"] == 2 and RULESET.to_move(state) == ["b"]
    state, _ = act(state, "b", {"type": "end_turn"})
    assert any(a["slot"] == "long" for a in shots(state, "a"))


def test_an_smg_may_be_used_twice_per_round_as_its_card_says():
    state = duel()
    equip(state, "a", "smg#1", "long")
    state, _ = act(state, "a", shot("long", "b"))
    assert any(a["slot"] == "long" for a in shots(state, "a"))
    state, _ = act(state, "a", shot("long", "b"))
    assert state["players"]["b"]["health"] == 6


def test_the_crowbar_starts_face_up_and_like_any_weapon_strikes_once_loaded():
    """Rulebook: "1 Crowbar Card (place face-up on the Light Weapon slot)"; "Loaded weapon cards
    must be face-down on your Character Mat. To use a weapon, flip over the weapon card
    face-up." A melee weapon is a weapon: the starting Crowbar strikes after a Reload."""
    state = RULESET.new_game(["a", "b"], {}, 1)
    assert state["players"]["a"]["slots"]["light"]["face_down"] is False
    state = arena(field(5), {"a": (0, 0), "b": (1, 0)}, loaded=False)
    assert not any(a["slot"] == "light" for a in shots(state, "a"))
    with pytest.raises(IllegalAction):
        act(state, "a", shot("light", "b"))
    state, _ = act(state, "a", {"type": "reload"})
    state, _ = act(state, "a", {"type": "done"})
    state, _ = act(state, "a", shot("light", "b"))
    assert state["players"]["b"]["health"] == 8
    assert state["players"]["a"]["slots"]["light"]["face_down"] is False


def test_house_rule_melee_unloaded_lets_a_face_up_crowbar_strike():
    options = {"house_rules": {"melee_unloaded": True}}
    state = arena(field(5), {"a": (0, 0), "b": (1, 0)}, loaded=False, options=options)
    assert state["house_rules"] == ["melee_unloaded"]
    assert any(a["slot"] == "light" for a in shots(state, "a"))
    state, _ = act(state, "a", shot("light", "b"))
    assert state["players"]["b"]["health"] == 8


def test_targets_must_be_within_range_and_a_tower_adds_one():
    """Rulebook: "Towers: When you're in a Tower, you are able to shoot ... 1 space further.\""""
    state = duel(b=(4, 0))
    equip(state, "a", "pistol#1", "long")  # range 3
    assert not shots(state, "a")
    state = duel(b=(4, 0), terrain=field(5, **{"0_0": "tower"}))
    equip(state, "a", "pistol#1", "long")
    assert {a["target"] for a in shots(state, "a")} == {"b"}


def test_hard_to_hit_needs_a_3_or_more_on_the_die_and_steady_aim_ignores_it():
    """Rulebook: "On a result of 3 (three) or higher you hit and deal damage as normal.\""""
    outcomes = set()
    for seed in range(12):
        state = arena(field(5, **{"2_0": "forest"}), {"a": (0, 0), "b": (2, 0)}, seed=seed)
        equip(state, "a", "assault_rifle#1", "long")
        state, events = act(state, "a", shot("long", "b"))
        roll = next(e for e in events if e["type"] == "roll")
        assert (state["players"]["b"]["health"] < 10) == (roll["roll"] >= 3)
        outcomes.add(roll["hit"])
    assert outcomes == {True, False}
    state = arena(field(5, **{"2_0": "forest"}), {"a": (0, 0), "b": (2, 0)})
    equip(state, "a", "assault_rifle#1", "long")
    state, events = act(state, "a", shot("long", "b", "secondary"))
    assert "roll" not in types(events) and state["players"]["b"]["health"] == 8


def test_loaded_armour_stops_part_of_one_hit_then_turns_face_up_and_piercing_ignores_it():
    state = duel()
    equip(state, "a", "revolver#1", "long")
    equip(state, "b", "kevlar_vest#1", "armour")
    state, _events = act(state, "a", shot("long", "b"))  # 3 damage, 3 stopped
    assert state["players"]["b"]["health"] == 10
    assert state["players"]["b"]["slots"]["armour"]["face_down"] is False
    state = duel()
    equip(state, "a", "revolver#1", "long")
    equip(state, "b", "kevlar_vest#1", "armour")
    state, _ = act(state, "a", shot("long", "b", "secondary"))  # Armour Piercer, 2 damage
    assert state["players"]["b"]["health"] == 8
    assert state["players"]["b"]["slots"]["armour"]["face_down"] is True


def test_knockback_pushes_the_target_away_or_hurts_it_when_it_cannot_go():
    state = duel(b=(1, 0))
    equip(state, "a", "pump_shotgun#1", "long")
    state, _ = act(state, "a", shot("long", "b", "secondary"))
    assert hex_of(state, "b") == (2, 0) and state["players"]["b"]["health"] == 8
    state = duel(b=(1, 0), terrain=field(5, **{"2_0": "wall"}))
    equip(state, "a", "pump_shotgun#1", "long")
    state, _ = act(state, "a", shot("long", "b", "secondary"))
    assert hex_of(state, "b") == (1, 0) and state["players"]["b"]["health"] == 7


def test_splash_hits_every_player_next_to_the_target():
    state = arena(field(5), {"a": (0, 0), "b": (3, 0), "c": (4, 0), "d": (3, -3)})
    equip(state, "a", "rocket_launcher#1", "heavy")
    state, _ = act(state, "a", shot("heavy", "b", "secondary"))
    health = {s: state["players"][s]["health"] for s in "bcd"}
    assert health == {"b": 7, "c": 7, "d": 10}


def test_a_charge_moves_next_to_the_target_then_strikes():
    state = duel(b=(2, 0))
    options = [a for a in shots(state, "a") if a["attack"] == "secondary"]
    assert {tuple(a["hex"]) for a in options} == {(1, 0)}  # the only free hex within 1 step
    state, _ = act(state, "a", shot("light", "b", "secondary", hex=[1, 0]))
    assert hex_of(state, "a") == (1, 0) and state["players"]["b"]["health"] == 8
    assert state["turn"]["moved"] and state["turn"]["no_loot"]
    with pytest.raises(IllegalAction):  # too far for a 1-hex charge
        act(duel(b=(4, 0)), "a", shot("light", "b", "secondary", hex=[3, 0]))


def test_run_and_gun_lets_the_shooter_step_one_hex_after_the_shot():
    state = duel()
    equip(state, "a", "pistol#1", "long")
    state, _ = act(state, "a", shot("long", "b", "secondary"))
    assert state["pending"] == [{"kind": "reposition", "seat": "a"}]
    state, _ = act(state, "a", {"type": "step", "hex": [-1, 0]})
    assert hex_of(state, "a") == (-1, 0) and state["turn"]["no_loot"]


def test_a_player_at_0_health_is_eliminated_their_cards_discarded_and_the_kill_counted():
    state = duel()
    state["players"]["b"]["health"] = 2
    equip(state, "a", "pistol#1", "long")
    equip(state, "b", "sniper_rifle#1", "long")
    state["players"]["b"]["hand"] = ["bandage#9"]
    state, _events = act(state, "a", shot("long", "b"))
    assert not state["players"]["b"]["alive"] and state["players"]["b"]["hex"] is None
    assert "sniper_rifle#1" in state["decks"]["loot_discard"]
    assert "crowbar#2" in state["out_of_game"]
    assert state["players"]["a"]["kills"] == 1
    assert RULESET.outcome(state).winners == ["a"]


def test_you_cannot_shoot_yourself_a_teammate_or_a_seat_off_the_board():
    state = duel()
    equip(state, "a", "pistol#1", "long")
    for target in ("a", "nobody", None, ["b"]):
        with pytest.raises(IllegalAction):
            act(state, "a", shot("long", target))


def test_line_of_sight_grazing_a_wall_corner_still_sees_half_the_target():
    """Rulebook: "If half or more of the tile is 'visible' that target is within your line of
    sight."
    A line running exactly between two hexes is blocked only if both are walls."""
    from rulesets.last_one_standing.line_of_sight import line_of_sight

    # from 0,0 to 2,-1 the line runs exactly between 1,0 and 1,-1
    one = field(3, **{"1_0": "wall"})
    both = field(3, **{"1_0": "wall", "1_m1": "wall"})
    a, b = hexes.key(0, 0), hexes.key(2, -1)
    assert line_of_sight(one, a, b)
    assert not line_of_sight(both, a, b)
