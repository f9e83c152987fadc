"""The power cards phase and the power card effects.

"At the start of their turn, a player may discard a 'power' card from their hand (except
'Defense') and apply its effect." Cards that name "the player of your choice" target one
opponent still in the game, who may answer with Defense (except against Swap).
"""

from __future__ import annotations

from rulesets.core.messages import said
from rulesets.core.rng import Rng
from rulesets.le_dernier_peuple import messages as say
from rulesets.le_dernier_peuple.catalogue import POWER_CARDS, card_name, power_of
from rulesets.le_dernier_peuple.decks import discard, discard_from_hand, draw
from rulesets.le_dernier_peuple.peoples import in_play, name, opponents, subject
from rulesets.le_dernier_peuple.vp_tokens import gain_vp, return_vp, steal

TARGETED = frozenset({"thief", "bandit", "curse", "black_magic", "barter", "club", "swap"})
UNDEFENDABLE = frozenset({"swap"})  # "(except 'Swap')"


def power_actions(state: dict, seat: str) -> list[dict]:
    """Every power card the player may play now (never Defense), with its target(s)."""
    actions = []
    for card_id in state["hands"][seat]:
        power = power_of(card_id)
        if power is None or power == "defense":
            continue
        base = {"type": "play_power", "card": card_id}
        if power not in TARGETED:
            actions.append(base)
            continue
        for target in opponents(state, seat):
            if power != "swap":
                actions.append({**base, "target": target})
                continue
            for mine in range(len(state["meeples"][seat])):
                for theirs in range(len(state["meeples"][target])):
                    actions.append(
                        {**base, "target": target, "meeple": mine, "target_meeple": theirs}
                    )
    return [*actions, {"type": "skip_power"}]


def play_power(state: dict, seat: str, action: dict, events: list) -> None:
    """Discard the card, let its target defend, apply the effect, then the movement phase."""
    card_id, target = action["card"], action.get("target")
    power = power_of(card_id)
    discard_from_hand(state, seat, card_id)
    against = f" against {name(state, target)}" if target else ""
    coded = (
        said(
            "power_against",
            people=say.people(state, seat),
            card=say.card(card_id),
            target=say.people(state, target),
        )
        if target
        else said("power_played", people=say.people(state, seat), card=say.card(card_id))
    )
    events.append(
        {
            "type": "power_played",
            **coded,
            "seat": seat,
            "card": card_id,
            "power": power,
            "target": target,
            "text": f"{subject(state, seat)} play {card_name(card_id)}{against}.",
        }
    )
    effect = {"do": "power_effect", "power": power, "target": target}
    if power == "swap":
        effect.update(meeple=action["meeple"], target_meeple=action["target_meeple"])
    state["decision"] = None
    state["queue"] = [effect, {"do": "movement_phase"}]
    if target is not None and power not in UNDEFENDABLE:
        state["queue"].insert(0, {"do": "offer_defense", "target": target, "against": power})


def skip_power(state: dict, seat: str, events: list) -> None:
    state["decision"] = {"kind": "movement", "seat": seat}


def step_power_effect(state: dict, step: dict, rng: Rng, events: list) -> None:
    """Apply the effect, unless Defense countered it or its target has left the game."""
    if step.get("countered"):
        events.append(
            {
                "type": "countered",
                "text": f"Defense: {POWER_NAMES[step['power']]} has no effect.",
                **said("countered_power", power=POWER_NAMES[step["power"]]),
            }
        )
        return
    if step["target"] is not None and not in_play(state, step["target"]):
        return
    EFFECTS[step["power"]](state, step, rng, events)


POWER_NAMES = {card["power"]: card["name"] for card in POWER_CARDS.values()}


def _event(events: list, kind: str, text: str, **facts) -> None:
    events.append({"type": kind, "text": text, **facts})


def strength(state: dict, step: dict, rng: Rng, events: list) -> None:
    """Strength: "Gain a '2 VP' token from the bank"."""
    gain_vp(state, state["active"], 2, events)


def healing(state: dict, step: dict, rng: Rng, events: list) -> None:
    """Healing: "Gain a '1 VP' token from the bank"."""
    gain_vp(state, state["active"], 1, events)


def thief(state: dict, step: dict, rng: Rng, events: list) -> None:
    """Thief: "Steal 1 VP from the player of your choice (if they have no '1 VP' token, they
    must make change with the bank to give you this VP)"."""
    active, target = state["active"], step["target"]
    stolen = steal(state, active, target, 1)
    _event(
        events,
        "vp_stolen",
        f"{subject(state, active)} steal {stolen} VP from {name(state, target)}.",
        seat=active,
        target=target,
        value=stolen,
        **said(
            "vp_stolen",
            people=say.people(state, active),
            target=say.people(state, target),
            value=stolen,
        ),
    )


def bandit(state: dict, step: dict, rng: Rng, events: list) -> None:
    """Bandit: "Randomly steal a card from the hand of the player of your choice"."""
    active, target = state["active"], step["target"]
    hand = state["hands"][target]
    if not hand:
        _event(
            events,
            "nothing_to_steal",
            f"{subject(state, target)} hold no card.",
            **said("no_card", people=say.people(state, target)),
        )
        return
    state["hands"][active].append(hand.pop(rng.randbelow(len(hand))))
    _event(
        events,
        "card_stolen",
        f"{subject(state, active)} steal a card at random from {name(state, target)}.",
        seat=active,
        target=target,
        **said("card_stolen", people=say.people(state, active), target=say.people(state, target)),
    )


def curse(state: dict, step: dict, rng: Rng, events: list) -> None:
    """Curse: "The player of your choice must return (if they can) 1 VP to the bank"."""
    return_vp(state, step["target"], events)


def black_magic(state: dict, step: dict, rng: Rng, events: list) -> None:
    """Black Magic: "Randomly choose a card from the hand of the player of your choice, which
    you discard without applying its effect" (the discarded card is public)."""
    target = step["target"]
    hand = state["hands"][target]
    if not hand:
        _event(
            events,
            "nothing_to_discard",
            f"{subject(state, target)} hold no card.",
            **said("no_card", people=say.people(state, target)),
        )
        return
    card_id = hand.pop(rng.randbelow(len(hand)))
    discard(state, card_id)
    _event(
        events,
        "card_discarded",
        f"Black Magic discards {card_name(card_id)} from the hand of {name(state, target)}.",
        seat=target,
        card=card_id,
        **said("black_magic", card=say.card(card_id), target=say.people(state, target)),
    )


def barter(state: dict, step: dict, rng: Rng, events: list) -> None:
    """Barter: "Swap your hand of cards with that of the player of your choice"."""
    active, target = state["active"], step["target"]
    hands = state["hands"]
    hands[active], hands[target] = hands[target], hands[active]
    _event(
        events,
        "hands_swapped",
        f"{subject(state, active)} swap hands with {name(state, target)}.",
        seat=active,
        target=target,
        **said("hands_swapped", people=say.people(state, active), target=say.people(state, target)),
    )


def speed(state: dict, step: dict, rng: Rng, events: list) -> None:
    """Speed: "Play 2 consecutive turns" (one more turn once this one ends)."""
    state["extra_turns"][state["active"]] += 1


def club(state: dict, step: dict, rng: Rng, events: list) -> None:
    """Club: "The player of your choice must skip their next turn"."""
    state["skip_turns"][step["target"]] += 1


def swap(state: dict, step: dict, rng: Rng, events: list) -> None:
    """Swap: "Swap the position of one of your meeples with that of the player of your choice.
    (Do not resolve any action that this new configuration might trigger.)\""""
    active, target = state["active"], step["target"]
    mine, theirs = state["meeples"][active], state["meeples"][target]
    i, j = step["meeple"], step["target_meeple"]
    mine[i], theirs[j] = theirs[j], mine[i]
    _event(
        events,
        "meeples_swapped",
        f"A meeple of {name(state, active)} (now on {mine[i]}) and one of "
        f"{name(state, target)} (now on {theirs[j]}) swap places.",
        seat=active,
        target=target,
        **said(
            "meeples_swapped",
            people=say.people(state, active),
            mine=mine[i],
            other=say.people(state, target),
            theirs=theirs[j],
        ),
    )


def luck(state: dict, step: dict, rng: Rng, events: list) -> None:
    """Luck: "Draw a 'movement' card and a 'power' card and add them to your hand"."""
    draw(state, state["active"], "movement", 1, rng, events)
    draw(state, state["active"], "power", 1, rng, events)


EFFECTS = {
    "strength": strength,
    "healing": healing,
    "thief": thief,
    "bandit": bandit,
    "curse": curse,
    "black_magic": black_magic,
    "barter": barter,
    "speed": speed,
    "club": club,
    "swap": swap,
    "luck": luck,
}
