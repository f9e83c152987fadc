"""Each game's declared options (``Ruleset.options``, rulesets/core/options.py) say what its
engine takes: every value a form may send starts a game, one past a bound is refused naming
the option, and the defaults are what the engine plays when the option is left out."""

import pytest

from rulesets.core.errors import InvalidInput
from rulesets.core.options import BOOL, CHOICE, INT, changed_options
from rulesets.registry import all_rulesets

# An option that only means something alongside another (the rulebook's own condition).
ALONGSIDE = {("last-one-standing", "rounds"): {"mode": "deathmatch"}}


def _values(option):
    if option.kind == BOOL:
        return [True, False]
    if option.kind == INT:
        return [v for v in (option.minimum, option.maximum) if v is not None]
    assert option.kind == CHOICE and option.choices
    return [value for value, _label in option.choices]


CASES = [
    (game, option, value)
    for game in all_rulesets()
    for option in game.options
    for value in _values(option)
]


@pytest.mark.parametrize(
    "game, option, value", CASES, ids=[f"{g.slug}-{o.key}-{v}" for g, o, v in CASES]
)
def test_every_value_a_form_may_send_starts_a_game(game, option, value):
    # Four where the game allows it: Duos needs 4, 6 or 8 players.
    seats = [f"s{n}" for n in range(1, min(4, game.max_players) + 1)]
    options = changed_options(game.options, {option.key: value})
    if options:
        options.update(ALONGSIDE.get((game.slug, option.key), {}))
    assert game.new_game(seats, options, 7)


@pytest.mark.parametrize(
    "game, option",
    [(g, o) for g in all_rulesets() for o in g.options if o.kind == INT],
    ids=lambda x: getattr(x, "slug", getattr(x, "key", "")),
)
def test_one_past_a_bound_is_refused_naming_the_option(game, option):
    seats = [f"s{n}" for n in range(1, game.min_players + 1)]
    outside = [option.minimum - 1] + ([option.maximum + 1] if option.maximum else [])
    for value in outside:
        with pytest.raises(InvalidInput) as refused:
            game.new_game(seats, {option.key: value}, 7)
        assert refused.value.field == f"options.{option.key}"


def test_the_four_games_have_one_name_each_and_options_described():
    names = [g.name for g in all_rulesets()]
    assert names == [
        "Last Hope Frontier",
        "Le Dernier Peuple",
        "Battle Royale",
        "Last One Standing",
    ]
    for game in all_rulesets():
        for option in game.options:
            assert option.label and option.kind in (BOOL, INT, CHOICE)
