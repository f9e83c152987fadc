"""The engine behind the Ruleset protocol: legal actions, apply, resign, views, outcome."""

from __future__ import annotations

import pickle

from rulesets.core.errors import IllegalAction
from rulesets.core.protocol import Outcome, Resolution, ScoreField
from rulesets.core.rng import Rng
from rulesets.le_dernier_peuple import (
    defense,
    end_of_game,
    events,
    movement,
    powers,
    results,
    setup,
    views,
)
from rulesets.le_dernier_peuple.decks import discard_excess
from rulesets.le_dernier_peuple.peoples import name
from rulesets.le_dernier_peuple.resignation import resign as resign_seat
from rulesets.le_dernier_peuple.sequence import run

WAITING_FOR = {
    "power": "play a power card or skip",
    "movement": "draw or play a movement card",
    "discard": "discard down to 7 cards",
    "riposte": "choose who shares the event",
    "defense": "decide whether to play Defense",
}


def _choices(state: dict, seat: str) -> list[dict]:
    """The actions of the pending decision, for the seat that takes it."""
    decision = state["decision"]
    kind = decision["kind"]
    if kind == "power":
        return powers.power_actions(state, seat)
    if kind == "movement":
        return movement.movement_actions(state, seat)
    if kind == "discard":
        return [{"type": "discard", "card": c} for c in state["hands"][seat]]
    if kind == "riposte":
        return [{"type": "choose_riposte", "seat": s} for s in decision["options"]]
    return defense.defense_actions(state, seat)


HANDLERS = {
    "play_power": powers.play_power,
    "skip_power": lambda state, seat, action, evs: powers.skip_power(state, seat, evs),
    "draw_movement": lambda state, seat, action, evs: movement.draw_two(state, seat, evs),
    "play_movement": movement.play_movement,
    "discard": lambda state, seat, action, evs: discard_excess(state, seat, action["card"], evs),
    "choose_riposte": events.choose_riposte,
    "defend": lambda state, seat, action, evs: defense.defend(state, seat, evs),
    "accept": lambda state, seat, action, evs: defense.accept(state, seat, evs),
}


def _same(legal: dict, action: dict) -> bool:
    """Exactly the legal action: same keys, same values of the same types (True is not 1)."""
    return legal.keys() == action.keys() and all(
        type(legal[k]) is type(action[k]) and legal[k] == action[k] for k in legal
    )


def _copy(state: dict) -> dict:
    """A deep copy, so that ``apply`` never touches its input. The state is plain data built
    by this engine (never from a client), and a pickle round trip copies it about twice as
    fast as a JSON round trip."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


class LeDernierPeuple:
    slug = "le-dernier-peuple"
    name = "Le Dernier Peuple"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    live = True
    score_fields = (ScoreField("vp", "Victory points", minimum=0, maximum=results.MAX_VP),)
    house_rules = setup.HOUSE_RULES
    options = ()  # no option but its house rules

    def new_game(self, seats: list[str], options: dict, seed: int) -> dict:
        return setup.new_game(seats, options, seed)

    def legal_actions(self, state: dict, seat: str) -> list[dict]:
        decision = state["decision"]
        if state["over"] or decision is None or decision["seat"] != seat:
            return []
        return _choices(state, seat)

    def to_move(self, state: dict) -> list[str]:
        if state["over"] or state["decision"] is None:
            return []
        return [state["decision"]["seat"]]

    def apply(self, state: dict, seat: str, action: dict) -> Resolution:
        chosen = self._legal_match(state, seat, action)
        new = _copy(state)
        rng = Rng(new["rng"])
        evs: list[dict] = []
        HANDLERS[chosen["type"]](new, seat, chosen, evs)
        run(new, rng, evs)
        new["rng"] = rng.state
        return Resolution(new, evs)

    def resign(self, state: dict, seat: str) -> Resolution:
        self._check_player(state, seat)
        new = _copy(state)
        rng = Rng(new["rng"])
        evs: list[dict] = []
        resign_seat(new, seat, rng, evs)
        run(new, rng, evs)
        new["rng"] = rng.state
        return Resolution(new, evs)

    def view(self, state: dict, seat: str | None) -> dict:
        return views.view(state, seat)

    def outcome(self, state: dict) -> Outcome | None:
        return end_of_game.outcome(state)

    def check_result(self, *, placements: dict[str, int], scores: dict[str, dict]) -> None:
        results.check_result(placements=placements, scores=scores)

    def _check_player(self, state: dict, seat: object) -> None:
        if state["over"]:
            raise IllegalAction("The game is over.")
        if not isinstance(seat, str) or seat not in state["seats"]:
            raise IllegalAction("You are not playing in this game.")
        if seat in state["out"]:
            raise IllegalAction("You have resigned from this game.")

    def _legal_match(self, state: dict, seat: str, action: object) -> dict:
        """The legal action the player submitted, or an IllegalAction saying why not."""
        self._check_player(state, seat)
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction('An action must be an object with a "type".')
        legal = self.legal_actions(state, seat)
        if not legal:
            decision = state["decision"]
            raise IllegalAction(
                f"It is not your turn: waiting for {name(state, decision['seat'])} "
                f"to {WAITING_FOR[decision['kind']]}."
            )
        for candidate in legal:
            if _same(candidate, action):
                return candidate
        kinds = sorted({a["type"] for a in legal})
        if action["type"] not in kinds:
            raise IllegalAction(f"You cannot do that now; you may: {', '.join(kinds)}.")
        if "card" in action and action.get("card") not in state["hands"][seat]:
            raise IllegalAction("You do not hold that card.")
        raise IllegalAction(
            "That action is not allowed now: check the card, the player and the meeple named."
        )


RULESET = LeDernierPeuple()
