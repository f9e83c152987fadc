"""Turns, activations and the end of the battle.

The seed speaks of the "active player" and of a "movement phase". Our turn structure
(decisions, docs/rules/last-hope-frontier.md, "Live play"):

- A **turn** (numbered 1 up to the ``turn_limit`` option): each player in turn is the active
  player, the initiative winner first. Turn 1 uses the setup's initiative (rabbit's feet
  count only there: "for first turn initiative"); every later turn starts with a fresh
  high-card draw (initiative.py).
- In their turn the active player **activates** their fighters one at a time, in any order,
  each at most once. An activation has a movement phase (one move, mounting or dismounting
  before it, whiskey and hooch as free actions) and then at most one action (shoot, fight,
  throw a knife, throw dynamite or reload); the action ends the activation. The player may
  end an activation or the whole turn early; a turn ends by itself when every fighter of the
  side has activated.
- The battle ends when a gang has nobody left in play, when a player concedes, or after the
  last turn (a mission scores its markers at the end of each turn, may end the battle early
  on points, and decides the winner on points: live_missions.py). Without a mission, at the
  turn limit the side that took more enemy fighters out of action wins; the same number is
  a draw (so is both gangs going down to the same stick of dynamite).
"""

from __future__ import annotations

from rulesets.core.messages import said
from rulesets.core.rng import Rng
from rulesets.last_hope_frontier import messages as say
from rulesets.last_hope_frontier.deck import card_value
from rulesets.last_hope_frontier.initiative import draw_initiative
from rulesets.last_hope_frontier.live_cards import card_name
from rulesets.last_hope_frontier.live_gangs import fighters_of, gang_name, other_seat
from rulesets.last_hope_frontier.live_missions import decide, reached, score_turn
from rulesets.last_hope_frontier.live_missions import ending as mission_ending


def begin_battle(state: dict, events: list) -> None:
    """Deployment is over: turn 1, the first-turn initiative winner first."""
    state["phase"] = "battle"
    state["deployment"] = None
    _start_turn(state, 1, state["order"], events)


def _start_turn(state: dict, number: int, order: list[str], events: list) -> None:
    state["turn"] = number
    state["order"] = list(order)
    state["active"] = order[0]
    for fighter in state["fighters"].values():
        fighter["activated"] = False
    events.append(
        {
            "type": "turn",
            "turn": number,
            "seat": order[0],
            "text": f"Turn {number} of {state['turn_limit']}: {gang_name(state, order[0])} "
            "are the active player.",
            **said("turn", turn=number, limit=state["turn_limit"], gang=gang_name(state, order[0])),
        }
    )


def initiative_event(state: dict, result, bonuses: dict, what: str, coded: dict) -> dict:
    """ "Initiative for turn 2: Hale's Lawmen flip the 9 of Hearts (9), ..." (public: the
    initiative cards are flipped face up)."""
    draws = []
    for cards in result.rounds:
        parts = []
        for seat, card in cards.items():
            bonus = bonuses.get(seat, 0)
            extra = f" + {bonus} = {card_value(card) + bonus}" if bonus else ""
            parts.append(
                f"{gang_name(state, seat)} flip {card_name(card)} ({card_value(card)}{extra})"
            )
        draws.append(", ".join(parts))
    text = f"Initiative for {what}: " + "; a tie, so again: ".join(draws)
    text += f". {gang_name(state, result.winner)} go first."
    return {
        "type": "initiative",
        "winner": result.winner,
        "draws": [dict(r) for r in result.rounds],
        "text": text,
        **said(
            "initiative",
            what=coded,
            draws=_draws(state, result, bonuses),
            winner=gang_name(state, result.winner),
        ),
    }


def _draws(state: dict, result, bonuses: dict) -> dict | list:
    """Each round of flips as phrases, a tie leading to the next round."""
    rounds = []
    for cards in result.rounds:
        flips = []
        for seat, card in cards.items():
            bonus = bonuses.get(seat, 0)
            words = {"gang": gang_name(state, seat), "card": say.card(card)}
            value = card_value(card)
            if bonus:
                flips.append(
                    said("flip_bonus", value=value, bonus=bonus, total=value + bonus, **words)
                )
            else:
                flips.append(said("flip", value=value, **words))
        rounds.append(flips)
    coded = rounds[-1]
    for flips in reversed(rounds[:-1]):
        coded = said("initiative_again", draws=flips, next=coded)
    return coded


def ready_fighters(state: dict, seat: str) -> list[dict]:
    """The seat's fighters in play that have not activated this turn."""
    return [f for f in fighters_of(state, seat, "in_play") if not f["activated"]]


def end_player_turn(state: dict, rng: Rng, events: list) -> None:
    """The active player is done: the other player's turn, or the next turn, or the end."""
    state["activation"] = None
    seat = state["active"]
    if seat == state["order"][0]:
        state["active"] = state["order"][1]
        events.append(
            {
                "type": "player_turn",
                "turn": state["turn"],
                "seat": state["active"],
                "text": f"{gang_name(state, seat)} end their turn; "
                f"{gang_name(state, state['active'])} are the active player.",
                **said(
                    "player_turn",
                    gang=gang_name(state, seat),
                    next=gang_name(state, state["active"]),
                ),
            }
        )
        return
    score_turn(state, events)  # a mission's objective markers score at the end of a turn
    if reached(state):
        finish(state, "mission_points", events)
        return
    if state["turn"] >= state["turn_limit"]:
        finish(state, "turn_limit", events)
        return
    result = draw_initiative(rng, state["seats"])
    what = said("turn_number", number=state["turn"] + 1)
    events.append(initiative_event(state, result, {}, f"turn {state['turn'] + 1}", what))
    _start_turn(state, state["turn"] + 1, [result.winner, other_seat(state, result.winner)], events)


def settle(state: dict, rng: Rng, events: list) -> None:
    """After every action: end the battle if a gang is gone, close a finished activation,
    and pass the turn on when the active player has nobody left to activate."""
    if state["phase"] != "battle":
        return
    standing = [seat for seat in state["seats"] if fighters_of(state, seat, "in_play")]
    if len(standing) < 2:
        finish(state, "wiped_out", events)
        return
    if reached(state):  # loot picked up or a take-down brought a side to its target
        finish(state, "mission_points", events)
        return
    activation = state["activation"]
    if activation is not None and state["pending"] is None:
        fighter = state["fighters"][str(activation["fighter"])]
        if activation["acted"] or fighter["status"] != "in_play":
            state["activation"] = None
    while (
        state["phase"] == "battle"
        and state["pending"] is None
        and state["activation"] is None
        and not ready_fighters(state, state["active"])
    ):
        end_player_turn(state, rng, events)


def taken_out_by(state: dict, seat: str) -> int:
    """Enemy fighters out of action at the end (the score field ``fighters_taken_out``)."""
    return len(fighters_of(state, other_seat(state, seat), "out"))


def finish(state: dict, reason: str, events: list, resigned: str | None = None) -> None:
    """The battle is over: decide the winner, lay down any face-down cards, record why."""
    first, second = state["seats"]
    if reason == "resigned":
        winner = other_seat(state, resigned)
        text = f"{gang_name(state, resigned)} concede the battle; {gang_name(state, winner)} win."
    elif reason == "wiped_out":
        standing = [s for s in state["seats"] if fighters_of(state, s, "in_play")]
        winner = standing[0] if len(standing) == 1 else None
        text = (
            f"{gang_name(state, other_seat(state, winner))} have nobody left standing; "
            f"{gang_name(state, winner)} win the battle."
            if winner
            else "Both gangs are out of action to the last fighter: the battle is a draw."
        )
    elif state.get("mission") is not None:  # the turn limit or the points to win
        winner, text = decide(state)
    else:
        a, b = taken_out_by(state, first), taken_out_by(state, second)
        winner = first if a > b else second if b > a else None
        text = f"The turn limit is reached: {gang_name(state, first)} took out {a}, "
        text += f"{gang_name(state, second)} took out {b}. "
        text += f"{gang_name(state, winner)} win the battle." if winner else "The battle is a draw."
    pending = state["pending"]
    if pending is not None:  # an attack called off by a concession: the card goes back unseen
        state["cards"][pending["attacker_seat"]]["hand"].append(pending["attack_card"])
    state.update(
        phase="over",
        active=None,
        activation=None,
        pending=None,
        result={"winner": winner, "reason": reason, "resigned": resigned},
    )
    coded = _ending(state, reason, winner, resigned)
    events.append(
        {"type": "battle_over", "winner": winner, "reason": reason, "text": text, **coded}
    )


def _ending(state: dict, reason: str, winner: str | None, resigned: str | None) -> dict:
    """The code of the battle's last event (``finish`` keeps the English)."""
    gang = gang_name(state, winner) if winner else ""
    if reason == "resigned":
        return said("conceded", gang=gang_name(state, resigned), winner=gang)
    if reason == "wiped_out":
        if not winner:
            return said("wiped_out_draw")
        return said("wiped_out", gang=gang_name(state, other_seat(state, winner)), winner=gang)
    if state.get("mission") is not None:  # the turn limit or the points to win
        return mission_ending(state, winner)
    first, second = state["seats"]
    scores = {
        "first": gang_name(state, first),
        "a": taken_out_by(state, first),
        "second": gang_name(state, second),
        "b": taken_out_by(state, second),
    }
    if winner:
        return said("turn_limit", winner=gang, **scores)
    return said("turn_limit_draw", **scores)
