"""Initiative by high card; rabbit's feet; ties redrawn from the game's Rng."""

from rulesets.core.rng import Rng
from rulesets.last_hope_frontier.deck import card_value
from rulesets.last_hope_frontier.initiative import draw_initiative, initiative_total


def test_the_high_card_wins():
    for seed in range(50):
        result = draw_initiative(Rng.from_seed(seed), ["a", "b"])
        last = result.rounds[-1]
        loser = "b" if result.winner == "a" else "a"
        assert card_value(last[result.winner]) > card_value(last[loser])


def test_ties_are_redrawn_until_one_player_is_higher():
    tied = [
        r
        for r in (draw_initiative(Rng.from_seed(s), ["a", "b"]) for s in range(300))
        if len(r.rounds) > 1
    ]
    assert tied, "some seed in 300 should produce a tie"
    for result in tied:
        for cards in result.rounds[:-1]:
            assert card_value(cards["a"]) == card_value(cards["b"])


def test_the_draw_replays_from_the_same_rng_state():
    one, two = Rng.from_seed(9), Rng.from_seed(9)
    assert draw_initiative(one, ["a", "b"]) == draw_initiative(two, ["a", "b"])
    assert one.state == two.state


def test_rabbits_feet_raise_the_card_and_win_close_draws():
    """'spend 1 per rabbits foot to increase value of high card draw card'."""
    assert initiative_total("9H", 2) == 11
    wins_without = sum(
        draw_initiative(Rng.from_seed(s), ["a", "b"]).winner == "a" for s in range(400)
    )
    wins_with = sum(
        draw_initiative(Rng.from_seed(s), ["a", "b"], {"a": 3}).winner == "a" for s in range(400)
    )
    assert wins_with > wins_without


def test_the_joker_is_the_lowest_initiative_card():
    assert initiative_total("JOKER") < initiative_total("2C")
