"""Weapon profiles, range bands (card lengths → inches), reloads and the derringer."""

from pathlib import Path

import pytest

from rulesets.core.errors import IllegalAction, InvalidInput
from rulesets.last_hope_frontier.catalogue import catalogue
from rulesets.last_hope_frontier.weapons import (
    Band,
    attack_modes,
    derringer_usable,
    dynamite_band,
    fire,
    firing_band,
    knife_throw_band,
    needs_reload,
    range_ok,
    range_table,
    range_table_markdown,
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


def test_range_bands_are_distances_in_card_lengths():
    """'Pistol - range 0 to 1', 'Shotgun - range 1 - 2', 'Carbine rifle - range 2 - 3',
    'Scope rifle - range 3 - 4': the numbers are distances, a card length (3.5") each, edge
    to edge between bases (decision 5)."""
    bands = {
        slug: (firing_band(weapon(slug)).low, firing_band(weapon(slug)).high)
        for slug in ("derringer", "pistol", "revolver", "shotgun", "carbine", "scope-rifle")
    }
    assert bands == {
        "derringer": (0.0, 0.0),
        "pistol": (0.0, 3.5),
        "revolver": (0.0, 3.5),
        "shotgun": (3.5, 7.0),
        "carbine": (7.0, 10.5),
        "scope-rifle": (10.5, 14.0),
    }
    assert firing_band(weapon("derringer")).contact and firing_band(weapon("pistol")).contact
    assert not firing_band(weapon("shotgun")).contact


def test_neighbouring_bands_touch_without_overlap_an_edge_belongs_to_the_nearer_band():
    """Decision 5: at exactly 3.5" the pistol fires and the shotgun does not; at 7" the
    shotgun and not the carbine; at 10.5" the carbine and not the scope rifle."""
    guns = ("pistol", "shotgun", "carbine", "scope-rifle")
    for distance, gun in [
        (0.3, "pistol"),
        (3.5, "pistol"),
        (3.6, "shotgun"),
        (7.0, "shotgun"),
        (7.2, "carbine"),
        (10.5, "carbine"),
        (10.6, "scope-rifle"),
        (14.0, "scope-rifle"),
    ]:
        assert [g for g in guns if range_ok(g, distance)] == [gun], distance
    assert [g for g in guns if range_ok(g, 14.01)] == []


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
        # shotgun: 1-2 → 3.5 < d ≤ 7
        ("shotgun", 0.0, False),
        ("shotgun", 0.3, False),
        ("shotgun", 3.5, False),
        ("shotgun", 3.5 + JUST, True),
        ("shotgun", 7.0, True),
        ("shotgun", 7.0 + JUST, False),
        # carbine: 2-3 → 7 < d ≤ 10.5
        ("carbine", 3.6, False),
        ("carbine", 7.0, False),
        ("carbine", 7.0 + JUST, True),
        ("carbine", 10.5, True),
        ("carbine", 10.5 + JUST, False),
        # scope rifle: 3-4 → 10.5 < d ≤ 14
        ("scope-rifle", 7.1, False),
        ("scope-rifle", 10.5, False),
        ("scope-rifle", 10.5 + JUST, True),
        ("scope-rifle", 14.0, True),
        ("scope-rifle", 14.0 + JUST, False),
        # melee: base contact; the hunting knife is also thrown up to 1 (0 < d ≤ 3.5)
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


def test_a_throw_is_never_at_a_model_in_base_contact():
    """'Hunting knife - base to base, (can be thrown in 1 distance ...)': up to 3.5", and in
    base contact the knife fights; dynamite goes up to 7" (decision 10), never point-blank."""
    knife = knife_throw_band(weapon("hunting-knife"))
    assert (knife.low, knife.high, knife.contact) == (0.0, 3.5, False)
    assert (dynamite_band().low, dynamite_band().high, dynamite_band().contact) == (0, 7, False)


def test_float_noise_on_an_edge_does_not_change_a_ruling():
    assert range_ok("pistol", 3.5 + 1e-9)
    assert not range_ok("shotgun", 3.5 + 1e-9)
    assert range_ok("shotgun", 7.0 + 1e-9)
    assert not range_ok("carbine", 7.0 + 1e-9)


def test_negative_or_infinite_distances_are_errors():
    with pytest.raises(ValueError):
        Band(0, 1, contact=True).contains(-0.5)
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
        assert firing_band(w).high <= 24.0


def test_the_range_table_has_every_weapon_the_thrown_knife_and_dynamite():
    rows = {row.name: row.as_dict() for row in range_table()}
    assert set(rows) == {w.name for w in catalogue().weapons()} | {
        "Hunting knife (thrown)",
        "Dynamite",
    }
    assert rows["Shotgun"] == {
        "name": "Shotgun",
        "attack": "shot",
        "card_lengths": "1 to 2",
        "min_inches": 3.5,
        "max_inches": 7.0,
        "base_contact": False,
        "text": "beyond 3.5 inches and up to 7 inches",
    }
    assert rows["Derringer"]["text"] == "in base contact"
    assert rows["Pistol"]["text"] == "from base contact up to 3.5 inches"
    assert rows["Hunting knife (thrown)"]["text"] == "out of base contact up to 3.5 inches"


def test_the_documented_range_table_is_the_one_generated_from_the_catalogue():
    """The calculator, live play and the docs agree because they read one table. Regenerate
    the docs' copy with ``weapons.range_table_markdown()`` when the catalogue changes."""
    doc = (Path(__file__).parents[3] / "docs/rules/last-hope-frontier.md").read_text()
    documented = doc.split("<!-- range-table:start -->\n", 1)[1].split("\n<!-- range-table:end", 1)[
        0
    ]
    assert documented == range_table_markdown()
