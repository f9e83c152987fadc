"""Weapon profiles, range bands (card lengths → inches), reloads and the derringer."""

import pytest

from rulesets.core.errors import IllegalAction, InvalidInput
from rulesets.last_hope_frontier.catalogue import catalogue
from rulesets.last_hope_frontier.weapons import (
    attack_modes,
    band_limits,
    derringer_usable,
    fire,
    in_band,
    needs_reload,
    range_ok,
    reload,
    weapon,
)

JUST = 1e-3  # a thousandth of an inch either side of an edge


@pytest.mark.parametrize(
    "slug,bonus",
    [
        ("derringer", 0),
        ("pistol", 1),
        ("revolver", 1),
        ("shotgun", 2),
        ("carbine", 3),
        ("scope-rifle", 3),
        ("switchblade", 0),
        ("hunting-knife", 1),
        ("hatchet", 2),
        ("machete", 3),
    ],
)
def test_every_weapon_has_the_damage_bonus_the_seed_prints(slug, bonus):
    assert weapon(slug).damage_bonus == bonus


@pytest.mark.parametrize(
    "slug,band",
    [
        ("derringer", (0, 0)),
        ("pistol", (0, 1)),
        ("revolver", (0, 1)),
        ("shotgun", (1, 2)),
        ("carbine", (2, 3)),
        ("scope-rifle", (3, 4)),
    ],
)
def test_every_slug_weapon_has_the_range_band_the_seed_prints(slug, band):
    w = weapon(slug)
    assert (w.range_min, w.range_max) == band and not w.is_melee


@pytest.mark.parametrize("slug", ["switchblade", "hunting-knife", "hatchet", "machete"])
def test_melee_weapons_fight_base_to_base(slug):
    w = weapon(slug)
    assert w.is_melee and (w.range_min, w.range_max) == (0, 0)


def test_band_limits_in_inches():
    """Decision: band N..M = more than (N-1) card lengths up to M card lengths; a band from 0
    includes base contact."""
    assert band_limits(0, 0) == (None, 0.0)
    assert band_limits(0, 1) == (None, 3.5)
    assert band_limits(1, 2) == (0.0, 7.0)
    assert band_limits(2, 3) == (3.5, 10.5)
    assert band_limits(3, 4) == (7.0, 14.0)


@pytest.mark.parametrize(
    "slug,distance,ok",
    [
        # derringer: range 0 = base contact only
        ("derringer", 0.0, True),
        ("derringer", JUST, False),
        # pistol / revolver: 0 to 1 → 0 ≤ d ≤ 3.5
        ("pistol", 0.0, True),
        ("pistol", 3.5, True),
        ("pistol", 3.5 + JUST, False),
        ("revolver", 0.0, True),
        ("revolver", 3.5, True),
        ("revolver", 3.5 + JUST, False),
        # shotgun: 1-2 → 0 < d ≤ 7
        ("shotgun", 0.0, False),
        ("shotgun", JUST, True),
        ("shotgun", 7.0, True),
        ("shotgun", 7.0 + JUST, False),
        # carbine: 2-3 → 3.5 < d ≤ 10.5
        ("carbine", 3.5, False),
        ("carbine", 3.5 + JUST, True),
        ("carbine", 10.5, True),
        ("carbine", 10.5 + JUST, False),
        # scope rifle: 3-4 → 7 < d ≤ 14
        ("scope-rifle", 7.0, False),
        ("scope-rifle", 7.0 + JUST, True),
        ("scope-rifle", 14.0, True),
        ("scope-rifle", 14.0 + JUST, False),
        # melee: base contact; the hunting knife is also thrown at range 1 (0 < d ≤ 3.5)
        ("machete", 0.0, True),
        ("machete", JUST, False),
        ("switchblade", 0.0, True),
        ("hatchet", JUST, False),
        ("hunting-knife", 0.0, True),
        ("hunting-knife", JUST, True),
        ("hunting-knife", 3.5, True),
        ("hunting-knife", 3.5 + JUST, False),
    ],
)
def test_range_ok_at_every_edge(slug, distance, ok):
    assert range_ok(slug, distance) is ok


def test_float_noise_on_an_edge_does_not_change_a_ruling():
    assert range_ok("pistol", 3.5 + 1e-9)
    assert not range_ok("carbine", 3.5 + 1e-9)


def test_negative_or_infinite_distances_are_errors():
    with pytest.raises(ValueError):
        in_band(0, 1, -0.5)
    with pytest.raises(ValueError):
        range_ok("pistol", float("nan"))


def test_the_hunting_knife_fights_in_base_contact_and_is_thrown_at_range_1():
    """'Hunting knife - base to base, (can be thrown in 1 distance, but item is lost)'."""
    assert attack_modes("hunting-knife", 0.0) == ("combat",)
    assert attack_modes("hunting-knife", 2.0) == ("throw",)
    assert attack_modes("hunting-knife", 5.0) == ()


def test_a_pistol_shoots_in_base_contact_and_a_shotgun_does_not():
    assert attack_modes("pistol", 0.0) == ("shot",)
    assert attack_modes("shotgun", 0.0) == ()


@pytest.mark.parametrize(
    "slug,every",
    [
        ("shotgun", 3),
        ("carbine", 1),
        ("scope-rifle", 1),
        ("pistol", None),
        ("revolver", None),
        ("derringer", None),
    ],
)
def test_reload_intervals(slug, every):
    """'Shotgun ... needs reloading after every three shots'; 'Carbine rifle ... needs
    reloading after every shot'; 'Scope rifle ... needs reloading after every shot'."""
    assert weapon(slug).reload_every == every


def test_a_shotgun_fires_three_times_then_must_reload():
    shots = 0
    for _ in range(3):
        assert not needs_reload("shotgun", shots)
        shots = fire("shotgun", shots)
    assert needs_reload("shotgun", shots)
    with pytest.raises(IllegalAction):
        fire("shotgun", shots)
    assert fire("shotgun", reload("shotgun")) == 1


@pytest.mark.parametrize("slug", ["carbine", "scope-rifle"])
def test_rifles_must_reload_after_every_shot(slug):
    shots = fire(slug, 0)
    assert needs_reload(slug, shots)
    with pytest.raises(IllegalAction):
        fire(slug, shots)
    assert not needs_reload(slug, reload(slug))


def test_pistols_never_reload():
    shots = 0
    for _ in range(20):
        shots = fire("pistol", shots)
    assert not needs_reload("pistol", shots)
    with pytest.raises(IllegalAction):
        reload("pistol")


def test_the_derringer_fires_in_base_contact_only_without_a_melee_weapon():
    """'Derringer - range 0 - adds 0 damage - can be used in base to base combat as a shot
    vs defence test if a melee weapon isn't on models profiles'."""
    assert derringer_usable(["derringer"])
    assert derringer_usable(["derringer", "pistol", "light-leather"])
    assert not derringer_usable(["derringer", "switchblade"])
    assert not derringer_usable(["pistol"])


def test_an_unknown_weapon_is_invalid_input():
    with pytest.raises(InvalidInput) as err:
        weapon("bazooka", field="attacker.weapon")
    assert err.value.field == "attacker.weapon"
    with pytest.raises(InvalidInput):
        weapon("light-leather")


def test_every_weapon_in_the_catalogue_has_a_band_the_board_can_hold():
    for w in catalogue().weapons():
        assert band_limits(w.range_min, w.range_max)[1] <= 24.0
