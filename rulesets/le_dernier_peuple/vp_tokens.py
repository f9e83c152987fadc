"""VP tokens and making change with the bank.

"40 Victory Point (VP) tokens: 1-VP (x 17), 2-VP (x 15), 3-VP (x 8)." A purse (the bank or a
player's people card) is ``{"1": n, "2": n, "3": n}``. Tokens only ever move between purses,
so the 17/15/8 tokens are conserved.

"If they have no '1 VP' token, they must make change with the bank": every payment is an
exchange in which the payer hands over some tokens and may take change back. We pick the
exchange that moves the fewest tokens (ties: the payer hands over the least value), so a
"2 VP" gain takes the 2-VP token when the bank has one. Decision: when no exchange can move
the exact value (the bank has run out of the tokens needed for change), the payment shrinks
to the largest value that can be moved exactly, possibly nothing; VP are never created.
"""

from __future__ import annotations

from itertools import product

from rulesets.core.messages import said
from rulesets.le_dernier_peuple import messages as say
from rulesets.le_dernier_peuple.peoples import in_play, subject

DENOMINATIONS = ("1", "2", "3")
TOKEN_VALUES = {"1": 1, "2": 2, "3": 3}


def empty_purse() -> dict[str, int]:
    return dict.fromkeys(DENOMINATIONS, 0)


def total(purse: dict[str, int]) -> int:
    """The VP a purse is worth."""
    return purse["1"] + 2 * purse["2"] + 3 * purse["3"]


def token_count(purse: dict[str, int]) -> int:
    """How many tokens lie (face down) in the purse: what the other players can see."""
    return sum(purse.values())


def _exchanges(value: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every (handed over, change back) pair of token counts worth ``value`` net, best first.

    Three of a kind is more than any exchange of 1-3 VP ever needs.
    """
    found = []
    for give, back in product(product(range(4), repeat=3), repeat=2):
        if any(g and b for g, b in zip(give, back, strict=True)):
            continue  # handing over a 1 and taking a 1 back is no exchange at all
        net = sum((g - b) * (i + 1) for i, (g, b) in enumerate(zip(give, back, strict=True)))
        if net == value:
            worth = sum(g * (i + 1) for i, g in enumerate(give))
            found.append((sum(give) + sum(back), worth, give, back))
    found.sort()
    return [(give, back) for _, _, give, back in found]


_EXCHANGES = {value: _exchanges(value) for value in (1, 2, 3)}


def _fits(purse: dict[str, int], counts: tuple[int, ...]) -> bool:
    return all(purse[d] >= n for d, n in zip(DENOMINATIONS, counts, strict=True))


def exchange(payer: dict[str, int], payee: dict[str, int], value: int) -> int:
    """Move ``value`` VP from ``payer`` to ``payee`` (change flows back); return VP moved."""
    for amount in range(min(value, 3), 0, -1):
        for give, back in _EXCHANGES[amount]:
            if _fits(payer, give) and _fits(payee, back):
                for d, g, b in zip(DENOMINATIONS, give, back, strict=True):
                    payer[d] += b - g
                    payee[d] += g - b
                return amount
    return 0


def gain(state: dict, seat: str, value: int) -> int:
    """A player gains a "value VP" token from the bank; returns the VP actually gained."""
    return exchange(state["bank"], state["vp"][seat], value)


def give_back(state: dict, seat: str, value: int) -> int:
    """A player "must return (if they can)" VP to the bank; returns the VP returned."""
    return exchange(state["vp"][seat], state["bank"], value)


def steal(state: dict, thief: str, victim: str, value: int) -> int:
    """Thief: the victim hands the VP over, making change with the bank when needed.

    Routed through the bank (victim pays the bank, the bank pays the thief) so that change
    always comes from the bank, as the rule says.
    """
    taken = give_back(state, victim, value)
    return gain(state, thief, taken) if taken else 0


def gain_vp(state: dict, seat: str, value: int, events: list) -> int:
    """Gain VP from the bank and tell the table (the bank is face up: gains are public)."""
    if not in_play(state, seat):
        return 0
    got = gain(state, seat, value)
    events.append(
        {
            "type": "vp_gained",
            "seat": seat,
            "value": got,
            "text": f"{subject(state, seat)} gain {got} VP from the bank.",
            **said("vp_gained", people=say.people(state, seat), value=got),
        }
    )
    return got


def return_vp(state: dict, seat: str, events: list) -> int:
    """ "Must return (if they can) a '1 VP' token", making change with the bank if needed."""
    if not in_play(state, seat):
        return 0
    held = total(state["vp"][seat])
    paid = give_back(state, seat, 1)
    who = subject(state, seat)
    if paid:
        text = f"{who} return {paid} VP to the bank."
        code = "vp_returned"
    elif held:  # only 2s and 3s, and the bank has nothing to give back as change
        text = (
            f"{who} cannot return 1 VP: they hold no 1-VP token and the bank has no change to give."
        )
        code = "vp_no_change"
    else:
        text = f"{who} have no VP to return."
        code = "vp_none"
    coded = said(code, people=say.people(state, seat), value=paid)
    events.append({"type": "vp_returned", "seat": seat, "value": paid, "text": text, **coded})
    return paid
