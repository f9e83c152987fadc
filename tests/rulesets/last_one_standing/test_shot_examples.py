"""The rulebook's four Shot Examples, rebuilt on a small map (the figure is not in the text).

  . . K . .        Riku (R) stands on plains at 0,0 with a loaded Assault Rifle (range 4).
  . . # . .        Yutu (Y) is in a Forest at 2,0; Norman (N) on plains at 0,2;
E # . R . Y        Ella (E) on a Tower at -3,0 behind a Wall (#) at -2,0;
  . . . . .        Katie (K) on plains at 0,-3 behind a Wall at 0,-2.
      N
"""

from rulesets.last_one_standing.line_of_sight import hard_to_hit, line_of_sight

from .helpers import act, arena, equip, field, types

SEATS = {"riku": (0, 0), "yutu": (2, 0), "norman": (0, 2), "ella": (-3, 0), "katie": (0, -3)}


def _map():
    terrain = field(4, **{"2_0": "forest", "m3_0": "tower", "m2_0": "wall", "0_m2": "wall"})
    state = arena(terrain, SEATS, turn="riku")
    for n, seat in enumerate(SEATS, start=1):
        equip(state, seat, f"assault_rifle#{n}", "long")
    return state


def _targets(state, seat):
    from rulesets.last_one_standing import RULESET

    return {
        a["target"]
        for a in RULESET.legal_actions(state, seat)
        if a["type"] == "shoot" and a["slot"] == "long"
    }


def _sees(state, a, b):
    t = state["terrain"]
    pa, pb = state["players"][a]["hex"], state["players"][b]["hex"]
    return line_of_sight(t, pa, pb) and line_of_sight(t, pb, pa)


def test_example_1_riku_and_yutu_can_shoot_each_other_but_yutu_in_a_forest_is_hard_to_hit():
    """Rulebook: "Riku and Yutu can shoot each other, however because Yutu is in a Forest, he is
    'Hard to
    Hit'. (Riku must roll the dice to see if he hits Yutu)\""""
    state = _map()
    assert _sees(state, "riku", "yutu")
    assert "yutu" in _targets(state, "riku")
    assert hard_to_hit(state, "yutu") and not hard_to_hit(state, "riku")
    _, events = act(
        state, "riku", {"type": "shoot", "slot": "long", "attack": "primary", "target": "yutu"}
    )
    roll = next(e for e in events if e["type"] == "roll")
    assert roll["hit"] == (roll["roll"] >= 3)
    assert ("damage" in types(events)) == roll["hit"]


def test_example_2_riku_and_norman_can_shoot_each_other():
    """Rulebook: "Riku and Norman can shoot each other.\""""
    state = _map()
    assert _sees(state, "riku", "norman")
    assert "norman" in _targets(state, "riku")
    _, events = act(
        state, "riku", {"type": "shoot", "slot": "long", "attack": "primary", "target": "norman"}
    )
    assert "roll" not in types(events)
    assert next(e for e in events if e["type"] == "damage")["amount"] == 3


def test_example_3_riku_and_ella_can_shoot_each_other_because_ella_is_in_a_tower():
    """Rulebook: "Riku and Ella can shoot each other because Ella is in a Tower.\""""
    state = _map()
    assert _sees(state, "riku", "ella")
    assert "ella" in _targets(state, "riku")
    state["terrain"][state["players"]["ella"]["hex"]] = "plains"  # off the tower, the wall blocks
    assert not _sees(state, "riku", "ella")


def test_example_4_riku_and_katie_cannot_shoot_each_other_because_a_wall_is_between_them():
    """Rulebook: "Riku and Katie cannot shoot each other because a Wall is between them.\""""
    state = _map()
    assert not _sees(state, "riku", "katie")
    assert "katie" not in _targets(state, "riku")
