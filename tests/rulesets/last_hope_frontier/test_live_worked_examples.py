"""The seed's three worked examples, played live: nominate shooter, target and a card; the
defender picks a card; both are revealed and resolved together through ``apply``.

Where a worked example disagrees with the rule text, the rule text wins (example 3: five
wounds, not four; docs/rules/last-hope-frontier.md).
"""

from rulesets.last_hope_frontier import RULESET
from tests.rulesets.last_hope_frontier.test_live_support import (
    FULL_DECK,
    apply,
    cards_in_place,
    fighter,
    gang,
    give_hand,
    set_up,
)


def _battle(attacker: dict, attacker_gang: tuple, defender: dict, defender_gang: tuple, gap):
    """The attacker's gang is seat x (active), the defender's seat y; the two stand ``gap``
    inches apart edge to edge (1-inch bases), mid-table."""
    options = {
        "gangs": {
            "x": gang(*attacker_gang, [attacker], gang_id=1),
            "y": gang(*defender_gang, [defender], gang_id=2),
        }
    }
    positions = {attacker["id"]: (12, 10), defender["id"]: (12, 10 + 1 + gap)}
    return set_up(options, positions, first="x")


def _shot(state, shooter, target, weapon, attack_card, defence_card):
    state = give_hand(give_hand(state, "x", [attack_card]), "y", [defence_card])
    state = apply(state, "x", {"type": "activate", "fighter": shooter}).state
    action = {
        "type": "shoot",
        "fighter": shooter,
        "target": target,
        "weapon": weapon,
        "card": attack_card,
        "line_of_fire": True,
    }
    nominated = apply(state, "x", action)
    return nominated, apply(nominated.state, "y", {"type": "defend", "card": defence_card})


def test_example_1_sheriff_leader_shoots_an_outlawmen_ganger_for_two_wounds():
    """'Player X uses a J of Spades ... which makes it a 15. Player Y uses a 7 of diamonds
    ... which is 8 ... 1 wound from the shot test + the pistol damage of +1 equals 2 wounds.'"""
    leader = fighter(1, "Marshal Hale", "leader", ["pistol"])
    ganger = fighter(11, "Ma Barker", "ganger", [])
    state = _battle(leader, ("Lawmen", "sheriffs"), ganger, ("Barkers", "outlawmen"), gap=2)
    nominated, revealed = _shot(state, 1, 11, "pistol", "JS", "7D")

    assert RULESET.to_move(nominated.state) == ["y"]
    assert revealed.events[0]["text"] == (
        "Cards revealed: Marshal Hale plays the Jack of Spades, Ma Barker the 7 of Diamonds."
    )
    shot = next(e for e in revealed.events if e["type"] == "attack")
    assert shot["text"] == "Marshal Hale shoots Ma Barker: 15 against 8, 2 wounds."
    assert (shot["attack_total"], shot["defence_total"], shot["wounds"]) == (15, 8, 2)
    assert revealed.state["fighters"]["11"]["wounds_left"] == 6 - 2


def test_example_2_a_favoured_six_breaks_the_tie_and_the_deputy_is_only_winged():
    """'Player X's total is 2 + 6 = 8. Player Y's total is 3 + 5 = 8 ... Player X scores 9 vs
    Player Y's score of 8 ... the extra pistol damage is not enough to do damage to the
    deputy.'"""
    shooter = fighter(2, "Deputy Hale", "deputy", ["pistol"])
    target = fighter(12, "Deputy Barker", "deputy", ["light-leather"])
    state = _battle(shooter, ("Lawmen", "sheriffs"), target, ("Barkers", "outlawmen"), gap=3)
    _, revealed = _shot(state, 2, 12, "pistol", "6S", "5C")

    shot = next(e for e in revealed.events if e["type"] == "attack")
    assert shot["text"] == "Deputy Hale shoots Deputy Barker: 9 against 8, no wounds (winged)."
    assert shot["hit"] is True
    assert revealed.state["fighters"]["12"]["wounds_left"] == 7


def test_example_3_townsfolk_shotgun_and_favoured_ace_the_rule_text_gives_five_wounds():
    """'Player X uses the Ace of Hearts ... 19 in total. Player Y uses the J of Clubs ... a
    total of 13.' Damage by the rule text: 2 (difference 6) + 2 (shotgun) + 2 (favoured ace)
    - 1 toughness = 5 wounds (the example's own sum says 4)."""
    leader = fighter(3, "Mayor Tate", "leader", ["shotgun"])
    ganger = fighter(13, "Moonshine Sal", "ganger", [])
    state = _battle(leader, ("Townsfolk", "townsfolk"), ganger, ("Stills", "bootleggers"), gap=5)
    _, revealed = _shot(state, 3, 13, "shotgun", "AH", "JC")

    shot = next(e for e in revealed.events if e["type"] == "attack")
    assert shot["text"] == "Mayor Tate shoots Moonshine Sal: 19 against 13, 5 wounds."
    assert revealed.state["fighters"]["13"]["wounds_left"] == 6 - 5
    assert revealed.state["fighters"]["3"]["guns"] == [{"slug": "shotgun", "shots": 1}]


def test_the_cards_stay_hidden_until_both_are_in_then_both_are_discarded_and_replaced():
    """'Active player and Non-active player reveal their chosen cards simultaneously.'"""
    leader = fighter(1, "Marshal Hale", "leader", ["pistol"])
    ganger = fighter(11, "Ma Barker", "ganger", [])
    state = _battle(leader, ("Lawmen", "sheriffs"), ganger, ("Barkers", "outlawmen"), gap=2)
    nominated, revealed = _shot(state, 1, 11, "pistol", "JS", "7D")

    declared = nominated.events[-1]
    assert declared["type"] == "attack_declared"
    assert "JS" not in str(nominated.events) and "Jack" not in str(nominated.events)
    assert declared["text"] == (
        "Marshal Hale takes aim at Ma Barker with the pistol, 2 inches away, and chooses a card "
        "face down; Barkers choose a card for Ma Barker."
    )
    defender_view = RULESET.view(nominated.state, "y")
    assert defender_view["pending"]["attack_card"] is None
    assert defender_view["pending"]["attack_card_chosen"] is True
    assert "hand" not in defender_view["cards"]["x"]
    assert RULESET.view(nominated.state, "x")["pending"]["attack_card"] == "JS"
    assert RULESET.view(nominated.state, None)["pending"]["attack_card"] is None

    after = revealed.state
    assert after["pending"] is None
    assert after["cards"]["x"]["discard"] == ["JS"] and after["cards"]["y"]["discard"] == ["7D"]
    assert len(after["cards"]["x"]["hand"]) == len(after["cards"]["y"]["hand"]) == 5
    for seat in ("x", "y"):
        assert cards_in_place(after, seat) == FULL_DECK
    assert after["activation"] is None  # the shot was the leader's action
