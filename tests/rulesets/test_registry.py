from rulesets.registry import all_rulesets, get_ruleset, slugs


def test_all_four_games_are_registered():
    assert set(slugs()) == {
        "last-hope-frontier",
        "le-dernier-peuple",
        "battle-royale",
        "last-one-standing",
    }


def test_every_ruleset_describes_itself():
    for ruleset in all_rulesets():
        assert ruleset.name and 1 <= ruleset.min_players <= ruleset.max_players
        assert all(field.name and field.label for field in ruleset.score_fields)
        assert callable(ruleset.check_result)


def test_unknown_slugs_are_none():
    assert get_ruleset("chess") is None
