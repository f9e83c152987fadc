"""The catalogue data (data/catalogue.json) and its loader."""

import copy
import json

import pytest

from rulesets.last_hope_frontier.catalogue import (
    CATALOGUE_PATH,
    KINDS,
    CatalogueError,
    Clothing,
    Goods,
    Item,
    Weapon,
    catalogue,
    parse_catalogue,
)


def raw():
    return json.loads(CATALOGUE_PATH.read_text())


def test_every_entry_has_a_slug_a_name_a_kind_and_a_price():
    for entry in catalogue().entries.values():
        assert entry.slug and entry.name and entry.description
        assert entry.kind in KINDS
        assert isinstance(entry.price, int) and entry.price > 0


def test_the_catalogue_holds_every_named_weapon_clothing_and_item():
    slugs = set(catalogue().entries)
    assert {
        "derringer",
        "pistol",
        "revolver",
        "shotgun",
        "carbine",
        "scope-rifle",
        "switchblade",
        "hunting-knife",
        "hatchet",
        "machete",
    } <= slugs
    assert {"light-leather", "medium-leather", "fine-leather"} <= slugs
    assert {"whiskey", "hooch", "dynamite", "rabbits-foot", "horse", "town-map"} <= slugs


def test_kinds_are_typed():
    cat = catalogue()
    assert isinstance(cat.entry("pistol"), Weapon)
    assert isinstance(cat.entry("fine-leather"), Clothing)
    assert isinstance(cat.entry("horse"), Item)
    assert isinstance(cat.entry("gold-nugget"), Goods)
    assert len(cat.weapons()) == 10 and len(cat.clothing()) == 3 and len(cat.items()) == 6
    assert len(cat.goods()) >= 3


@pytest.mark.parametrize(
    "slug,bonus", [("light-leather", 1), ("medium-leather", 2), ("fine-leather", 3)]
)
def test_padded_clothing_defence_bonuses(slug, bonus):
    """'Light Leather clothing - adds 1 to defence; Medium ... 2; Fine Leather ... three'."""
    assert catalogue().entry(slug).defence_bonus == bonus


def test_item_rule_numbers():
    cat = catalogue()
    assert cat.entry("whiskey").heal == 1 and cat.entry("hooch").heal == 2
    assert cat.entry("dynamite").blast_damage_bonus == 2
    assert cat.entry("dynamite").blast_radius_card_lengths == 1
    assert cat.entry("horse").movement_card_lengths == 2
    assert cat.entry("horse").shoot_modifier == -1
    assert cat.entry("town-map").setup_models == 2
    assert cat.entry("rabbits-foot").initiative_bonus == 1


def test_who_may_carry_what():
    cat = catalogue()
    assert cat.entry("horse").allowed_roles == ("leader", "deputy")
    assert cat.entry("town-map").allowed_roles == ("leader", "deputy")
    assert cat.entry("rabbits-foot").allowed_roles == ("leader",)
    assert cat.entry("pistol").allowed_roles == ("leader", "deputy", "ganger")


def test_goods_are_loot_with_a_market_value_and_not_for_sale():
    for goods in catalogue().goods():
        assert goods.market_value == goods.price > 0
        assert not goods.purchasable and goods.allowed_roles == ()


def test_gang_data():
    cat = catalogue()
    assert cat.starting_treasury == 500 and cat.currency == "credits"
    assert (cat.min_fighters, cat.max_fighters) == (3, 8)
    assert [(r.slug, r.min_count, r.max_count) for r in cat.roles.values()] == [
        ("leader", 1, 1),
        ("deputy", 0, 2),
        ("ganger", 2, 7),
    ]
    assert cat.sale_percent == 50


def test_the_loaded_catalogue_is_immutable():
    with pytest.raises(TypeError):
        catalogue().entries["pistol"] = None
    with pytest.raises(AttributeError):
        catalogue().entry("pistol").price = 1


def test_slugs_are_unique_and_url_friendly():
    slugs = [e["slug"] for e in raw()["entries"]]
    assert len(slugs) == len(set(slugs))
    assert all(s == s.lower() and " " not in s for s in slugs)


@pytest.mark.parametrize(
    "breakage",
    [
        lambda d: d["entries"].append(copy.deepcopy(d["entries"][0])),  # duplicate slug
        lambda d: d["entries"][0].update(kind="spell"),
        lambda d: d["entries"][0].update(price=-5),
        lambda d: d["entries"][0].update(price=True),
        lambda d: d["entries"][0]["rules"].update(range_min=3),  # min > max
        lambda d: d["entries"][0]["rules"].update(sharpness=4),
        lambda d: d["entries"][0]["rules"].pop("damage_bonus"),
        lambda d: d["entries"][0]["rules"].update(damage_bonus=[1]),
        lambda d: d["entries"][0].update(allowed_roles=["sheriff"]),
        lambda d: d["roles"].pop(),
        lambda d: d["roles"][0]["stats"].pop("wounds"),
        lambda d: d["marketplace"].update(rounding="up"),
        lambda d: d.pop("gang"),
        lambda d: d.update(entries={}),
        lambda d: d["entries"][6]["rules"].update(range_max=1),  # a melee weapon with range
    ],
)
def test_malformed_data_fails_loudly(breakage):
    data = raw()
    breakage(data)
    with pytest.raises(CatalogueError):
        parse_catalogue(data)


def test_the_file_parses_to_the_cached_catalogue():
    assert parse_catalogue(raw()) == catalogue()
