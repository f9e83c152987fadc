"""The Last One Standing ruleset: the contract of ``rulesets.core`` wired to the rule modules."""

from __future__ import annotations

import pickle

from rulesets.core.errors import IllegalAction, InvalidResult
from rulesets.core.messages import said
from rulesets.core.protocol import Outcome, Resolution, ScoreField
from rulesets.core.rng import Rng
from rulesets.last_one_standing import (
    deathmatch,
    drop_in,
    duos,
    hexes,
    island_events,
    items,
    legal,
    looting,
    reload,
    setup,
    shooting,
    views,
    winning,
)
from rulesets.last_one_standing.character import movement_points
from rulesets.last_one_standing.damage import drop_all_cards
from rulesets.last_one_standing.house_rules import HOUSE_RULES
from rulesets.last_one_standing.movement import can_stop_here, step, step_options
from rulesets.last_one_standing.turns import advance

PENDING_HANDLERS = {
    "loot": looting.apply_loot,
    "discard": looting.apply_discard,
    "rearrange": reload.apply_rearrange,
    "trade": duos.apply_trade,
    "reposition": shooting.apply_reposition,
}


# The fields each action type may carry besides "type" (docs: "How a client plays"). An action
# with any other field is refused, as the other engines do, so a client's typo or a field from
# another action is never silently ignored. Fields that only some actions of a type take (a hex
# for a Charge, a target for a Grenade) are checked where the action is read.
FIELDS = {
    "draft_pick": {"card"},
    "drop_in": {"hex"},
    "move": set(),
    "step": {"hex"},
    "end_move": set(),
    "shoot": {"slot", "attack", "target", "hex"},
    "use_item": {"card", "target"},
    "reload": set(),
    "end_turn": set(),
    "equip": {"card", "slot"},
    "unequip": {"slot"},
    "done": set(),
    "discard": {"card"},
    "give": {"card"},
    "supply_drop": {"how", "hex"},
}


def check_fields(action: dict) -> None:
    allowed = FIELDS.get(action["type"])
    if allowed is None:
        return  # an unknown type: the phase's handler says what is expected
    for key in action:
        if key != "type" and key not in allowed:
            raise IllegalAction(f"A {action['type']} action does not take {str(key)[:40]!r}.")


# The island's terrain and tiles change only when a side explodes, and then the explosion
# builds new dicts instead of editing them (island_events._remove_tiles). So a new state may
# share them with the old one; copying them on every action was most of the cost of ``apply``.
SHARED = ("terrain", "tiles")


def _clone(state: dict) -> dict:
    rest = {k: v for k, v in state.items() if k not in SHARED}
    new = pickle.loads(pickle.dumps(rest, pickle.HIGHEST_PROTOCOL))
    new.update({k: state[k] for k in SHARED})
    return new


class LastOneStanding:
    slug = "last-one-standing"
    name = "Last One Standing"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    live = True
    score_fields = (ScoreField("kills", "Kills"),)
    house_rules = HOUSE_RULES
    options = setup.DECLARED

    def new_game(self, seats: list[str], options: dict, seed: int) -> dict:
        return setup.new_game(seats, options, seed)

    def legal_actions(self, state: dict, seat: str) -> list[dict]:
        return legal.legal_actions(state, seat)

    def to_move(self, state: dict) -> list[str]:
        return legal.to_move(state)

    def view(self, state: dict, seat: str | None) -> dict:
        return views.view(state, seat)

    def outcome(self, state: dict) -> Outcome | None:
        return winning.outcome(state)

    def apply(self, state: dict, seat: str, action: dict) -> Resolution:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("An action must be an object with a type.")
        if state["phase"] == "over":
            raise IllegalAction("The game is over.")
        if not isinstance(seat, str) or seat not in legal.to_move(state):
            raise IllegalAction("It is not your decision to take now.")
        check_fields(action)
        new = _clone(state)
        rng = Rng(new["rng"])
        events: list[dict] = []
        try:
            _dispatch(new, seat, action, rng, events)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            # A hostile client may send anything; a rule module that trips on garbage must
            # still answer with a refusal, never a server error.
            raise IllegalAction("That action is malformed.") from exc
        advance(new, rng, events)
        new["rng"] = rng.state
        return Resolution(new, events)

    def resign(self, state: dict, seat: str) -> Resolution:
        """The seat concedes: out of the game at once, its cards discarded (no body to
        revive in Duos); play goes on without it."""
        if not isinstance(seat, str) or seat not in state["seats"]:
            raise IllegalAction("Only a player of this game can resign.")
        if state["phase"] == "over":
            raise IllegalAction("The game is over.")
        if state["players"][seat]["resigned"]:
            raise IllegalAction("You have already left the game.")
        new = _clone(state)
        rng = Rng(new["rng"])
        events: list[dict] = []
        player = new["players"][seat]
        for decision in new["pending"]:
            if decision["kind"] == "loot" and decision["seat"] == seat:
                player["hand"].extend(decision["cards"])
        supply = any(d["kind"] == "supply_drop" and d["seat"] == seat for d in new["pending"])
        new["pending"] = [d for d in new["pending"] if seat not in (d.get("seats") or [d["seat"]])]
        player.update(resigned=True, alive=False, hex=None, body=None)
        drop_all_cards(new, seat)
        if supply:  # nobody is left to choose: the supply drop card decides
            island_events.supply_drop(new, rng, events)
        events.append(
            {
                "type": "resign",
                **said("resign", seat=seat),
                "seat": seat,
                "text": f"{seat} resigns and leaves the game.",
            }
        )
        winning.record_out(new, events)
        if new["phase"] == "draft":
            deathmatch.drop_out_of_draft(new)
            if deathmatch.maybe_pass(new, events):
                new["phase"] = "drop_in"
        advance(new, rng, events)
        new["rng"] = rng.state
        return Resolution(new, events)

    def check_result(self, *, placements: dict[str, int], scores: dict[str, dict]) -> None:
        check_result(placements=placements, scores=scores)


def _dispatch(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    phase = state["phase"]
    if phase == "draft":
        if deathmatch.pick(state, seat, action, events):
            state["phase"] = "drop_in"
    elif phase in ("drop_in", "respawn"):
        drop_in.drop(state, seat, action, events)
    elif state["pending"] and state["pending"][0]["kind"] == "supply_drop":
        island_events.apply_supply_drop(state, seat, action, rng, events)
    elif state["pending"]:
        PENDING_HANDLERS[state["pending"][0]["kind"]](state, seat, action, events)
    elif state["turn"]["move"] is not None:
        _moving(state, seat, action, rng, events)
    else:
        _turn_action(state, seat, action, rng, events)


def _turn_action(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    """Rulebook: "During each turn you will choose and perform 2 of the following actions" (the same
    action may be chosen twice; ``end_turn`` gives up what is left)."""
    turn, kind = state["turn"], action["type"]
    if kind == "end_turn":
        turn["actions"] = 0
        events.append(
            {
                "type": "end_turn",
                "seat": seat,
                "text": f"{seat} ends their turn.",
                **said("end_turn", seat=seat),
            }
        )
        return
    if turn["actions"] <= 0:
        raise IllegalAction("You have no actions left this turn.")
    if kind == "move":
        if turn["heavy_fired"]:
            raise IllegalAction("You may not move and shoot a Heavy Weapon on the same turn.")
        turn["actions"] -= 1
        turn["moved"] = True  # a Move taken is moving, even if it ends where it started
        points = movement_points(state["players"][seat], turn["bonus_points"])
        turn["move"] = {"points": points}
        events.append(
            {
                "type": "move",
                "seat": seat,
                "points": points,
                "text": f"{seat} moves ({points} movement points).",
                **said("move", seat=seat, points=points),
            }
        )
        _maybe_stop(state, seat, rng, events)
    elif kind == "shoot":
        shooting.shoot(state, seat, action, rng, events)
    elif kind == "use_item":
        items.use_item(state, seat, action, rng, events)
    elif kind == "reload":
        reload.start(state, seat, events)
    else:
        raise IllegalAction("Choose Move, Shoot, Use Item, Reload & Rearrange, or end your turn.")


def _moving(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    kind = action["type"]
    if kind == "step":
        target = hexes.from_action(action.get("hex"))
        if target not in step_options(state, seat):
            raise IllegalAction(
                "You cannot step there: it is not a neighbouring hex you can "
                "enter with the movement points you have left."
            )
        step(state, seat, target, events)
        _maybe_stop(state, seat, rng, events)
    elif kind == "end_move":
        if not can_stop_here(state, seat):
            raise IllegalAction("You cannot end your movement on a hex that is occupied.")
        end_move(state, seat, rng, events)
    else:
        raise IllegalAction("You are moving: step to a neighbouring hex or end your move.")


def _maybe_stop(state: dict, seat: str, rng: Rng, events: list) -> None:
    if not step_options(state, seat) and can_stop_here(state, seat):
        end_move(state, seat, rng, events)


def end_move(state: dict, seat: str, rng: Rng, events: list) -> None:
    """Rulebook: "If you finish [a move] on a Loot Crate, perform the Looting Action." Duos:
    ending a
    movement next to your teammate opens a trade."""
    state["turn"]["move"] = None
    looting.loot_here(state, seat, rng, events)
    if state["options"]["mode"] == "duos" and state["players"][seat]["alive"]:
        duos.maybe_open_trade(state, seat, events)


def check_result(*, placements: dict[str, int], scores: dict[str, dict]) -> None:
    """A result logged at the table: 2-8 players, competition placements (1, 1, 3 ...), and
    only a non-negative ``kills`` count per player."""
    if (
        not isinstance(placements, dict)
        or not setup.MIN_PLAYERS <= len(placements) <= setup.MAX_PLAYERS
    ):
        raise InvalidResult("placements", "Give a place for each of the 2 to 8 players.")
    values = list(placements.values())
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise InvalidResult("placements", "Places are whole numbers.")
    for place in set(values):
        if place < 1 or sum(1 for v in values if v < place) != place - 1:
            raise InvalidResult(
                "placements",
                "Places run from 1 with ties sharing a place "
                "and the next place skipped (1, 1, 3 ...).",
            )
    if not isinstance(scores, dict):
        raise InvalidResult("scores", "Scores must be given per player.")
    for player, fields in scores.items():
        if player not in placements:
            raise InvalidResult(f"scores.{player}", "This player has no placement.")
        if not isinstance(fields, dict):
            raise InvalidResult(f"scores.{player}", "Scores must be an object of fields.")
        for name, value in fields.items():
            if name != "kills":
                raise InvalidResult(f"scores.{player}.{name}", "Unknown score field.")
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise InvalidResult(
                    f"scores.{player}.{name}", "Kills are a whole number, 0 or more."
                )
