"""VP tokens and making change with the bank."""

from rulesets.le_dernier_peuple.peoples import subject
from rulesets.le_dernier_peuple.vp_tokens import exchange, return_vp, total
from tests.rulesets.le_dernier_peuple.tables import play, table, vp


def purse(ones=0, twos=0, threes=0):
    return {"1": ones, "2": twos, "3": threes}


def test_returning_1_vp_hands_in_a_1_vp_token_when_there_is_one():
    player, bank = purse(1, 1), purse(5, 5, 5)
    assert exchange(player, bank, 1) == 1
    assert player == purse(0, 1) and bank == purse(6, 5, 5)


def test_without_a_1_vp_token_the_player_makes_change_with_the_bank():
    """ "if they have no '1 VP' token, they must make change with the bank to return this VP\""""
    player, bank = purse(0, 1), purse(5, 5, 5)
    assert exchange(player, bank, 1) == 1
    assert player == purse(1, 0) and bank == purse(4, 6, 5)


def test_a_3_vp_token_is_changed_for_a_2_vp_token():
    player, bank = purse(0, 0, 1), purse(5, 5, 5)
    assert exchange(player, bank, 1) == 1
    assert player == purse(0, 1, 0)


def test_a_gain_takes_the_named_token_when_the_bank_has_it():
    bank, player = purse(5, 5, 5), purse()
    assert exchange(bank, player, 3) == 3
    assert player == purse(0, 0, 1)


def test_a_gain_is_paid_in_smaller_tokens_when_the_named_one_is_gone():
    bank, player = purse(5, 0, 0), purse()
    assert exchange(bank, player, 2) == 2
    assert player == purse(2, 0, 0)


def test_when_the_bank_cannot_make_change_the_payment_shrinks_and_vp_are_never_created():
    """Decision: the payment is the largest value that can be moved exactly."""
    player, bank = purse(0, 0, 1), purse(0, 0, 8)
    assert exchange(player, bank, 1) == 0
    assert player == purse(0, 0, 1)
    bank, player = purse(0, 1, 0), purse()
    assert exchange(bank, player, 3) == 2
    assert total(bank) + total(player) == 2


def test_nothing_is_returned_by_a_player_without_vp():
    """ "must return (if they can)\""""
    player, bank = purse(), purse(17, 15, 8)
    assert exchange(player, bank, 1) == 0
    assert bank == purse(17, 15, 8)


def test_a_noble_attack_on_a_player_holding_only_a_2_vp_token():
    state = table(
        active="green",
        meeples={"green": [11, 12]},
        hands={"green": ["m19"]},
        vp={"red": 2},
    )
    state, _ = play(
        state, "green", {"type": "play_movement", "card": "m19", "owner": "green", "meeple": 1}
    )
    assert state["vp"]["red"] == purse(1, 0, 0)
    assert vp(state, "green") == 3


def test_when_the_bank_cannot_make_change_the_event_says_so_not_that_there_is_no_vp():
    """ "must return (if they can) a '1 VP' token ... if they have no '1 VP' token, they must
    make change with the bank": red holds a 2-VP token, the bank has no 1-VP token to give
    back, so red returns nothing - and the sentence says why."""
    state = table(vp={"red": 2})
    assert state["vp"]["red"] == purse(0, 1)
    state["bank"]["1"] = 0
    events = []
    assert return_vp(state, "red", events) == 0
    assert events[-1]["text"] == (
        f"{subject(state, 'red')} cannot return 1 VP: they hold no 1-VP token and the bank "
        "has no change to give."
    )
    state["vp"]["red"] = purse()
    events = []
    return_vp(state, "red", events)
    assert events[-1]["text"] == f"{subject(state, 'red')} have no VP to return."
