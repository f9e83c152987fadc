"""The town marketplace: goods and second-hand equipment sell for 50%, rounded down."""

import pytest

from rulesets.core.errors import InvalidInput
from rulesets.last_hope_frontier.catalogue import catalogue
from rulesets.last_hope_frontier.marketplace import (
    goods_sale_price,
    purchase_price,
    resale_price,
    sale_price,
)


@pytest.mark.parametrize("value,price", [(0, 0), (1, 0), (2, 1), (25, 12), (40, 20), (75, 37)])
def test_half_the_market_value_rounded_down(value, price):
    """'Goods earnt in the mission can be sold to the town marketplace for 50% of full market
    value.' Decision: rounded down to whole credits."""
    assert sale_price(value) == price


def test_goods_sell_for_half_their_market_value():
    assert goods_sale_price("gold-nugget") == 20
    assert goods_sale_price("beaver-pelt") == 12
    assert goods_sale_price("tobacco-pouch") == 4


def test_second_hand_equipment_sells_for_half_its_price():
    assert resale_price("carbine") == 20
    assert resale_price("fine-leather") == 22
    assert resale_price("derringer") == 2


def test_every_catalogue_entry_has_a_sale_price_of_at_most_half():
    """'Goods earnt in the mission can be sold to the town marketplace for 50% of full market
    value' (decision 20: rounded down, and second-hand equipment too): exactly half of every
    catalogue price, the odd credit kept by the trader."""
    for entry in catalogue().entries.values():
        assert resale_price(entry.slug) == entry.price // 2, entry.slug
    for goods in catalogue().goods():
        assert goods_sale_price(goods.slug) == goods.price // 2, goods.slug


def test_equipment_is_bought_at_full_price_and_goods_are_not_for_sale():
    assert purchase_price("pistol") == 15
    with pytest.raises(InvalidInput):
        purchase_price("gold-nugget")


def test_unknown_or_wrong_kind_is_invalid_input():
    with pytest.raises(InvalidInput) as err:
        goods_sale_price("pistol", field="goods")
    assert err.value.field == "goods"
    with pytest.raises(InvalidInput):
        resale_price("unicorn")
    with pytest.raises(ValueError):
        sale_price(-1)
