"""A tiny deterministic game to test the live machinery without a real engine.

"Pick": each player holds three hidden cards (random tokens like ``c1f9a03b2``) dealt from
a seeded, shuffled deck. On your turn you play a card (one point, and you draw a new one,
in secret) or pass. The first to ``target`` points (3 by default) wins. The hidden
information is the other hands, the deck order and the rng: a view shows none of them.

``{"type": "crash"}`` makes the engine raise a plain exception, as a buggy engine would.
"""

from __future__ import annotations

import json

from rulesets.core.errors import IllegalAction, InvalidInput, InvalidResult
from rulesets.core.protocol import Outcome, Resolution, ScoreField
from rulesets.core.rng import Rng

HAND = 3
DECK = 40


def _card(rng: Rng) -> str:
    return f"c{rng.next_u64() & 0xFFFFFFFF:08x}"


class Pick:
    slug = "fake-pick"
    name = "Pick"
    min_players = 2
    max_players = 3
    live = True
    score_fields = (ScoreField("points", "Points", minimum=0, maximum=10),)

    def new_game(self, seats: list[str], options: dict, seed: int) -> dict:
        for key in options:
            if key != "target":
                raise InvalidInput(f"options.{key}", "Pick has only one option: target.")
        target = int(options.get("target", 3))  # a ValueError on "abc": an engine crash
        rng = Rng.from_seed(seed)
        deck = [_card(rng) for _ in range(DECK)]
        hands = {seat: [deck.pop() for _ in range(HAND)] for seat in seats}
        return {
            "seats": list(seats),
            "active": seats[0],
            "hands": hands,
            "deck": deck,
            "points": dict.fromkeys(seats, 0),
            "played": [],
            "out": [],
            "target": target,
            "winner": None,
            "rng": rng.state,
        }

    def to_move(self, state: dict) -> list[str]:
        return [] if state["winner"] else [state["active"]]

    def legal_actions(self, state: dict, seat: str) -> list[dict]:
        if seat not in self.to_move(state):
            return []
        return [{"type": "pick", "card": c} for c in state["hands"][seat]] + [{"type": "pass"}]

    def apply(self, state: dict, seat: str, action: dict) -> Resolution:
        if seat not in self.to_move(state):
            raise IllegalAction("It is not your turn.")
        kind = action.get("type")
        if kind == "crash":
            raise RuntimeError("the engine has a bug")
        new = json.loads(json.dumps(state))
        events: list[dict] = []
        if kind == "pick":
            card = action.get("card")
            if card not in new["hands"][seat]:
                raise IllegalAction("You do not hold that card.")
            new["hands"][seat].remove(card)
            new["played"].append(card)
            new["points"][seat] += 1
            events.append(
                {"type": "picked", "seat": seat, "card": card, "text": f"{seat} plays {card}."}
            )
            if new["deck"]:
                drawn = new["deck"].pop()
                new["hands"][seat].append(drawn)
                events.append(
                    {
                        "type": "drew",
                        "card": drawn,
                        "private_to": seat,
                        "text": f"You draw {drawn}.",
                    }
                )
            if new["points"][seat] >= new["target"]:
                new["winner"] = seat
                return Resolution(new, events)
        elif kind == "pass":
            events.append({"type": "passed", "seat": seat, "text": f"{seat} passes."})
        else:
            raise IllegalAction("You may pick a card or pass.")
        self._next(new)
        # Spend randomness every turn so that replay really depends on the rng in the state.
        rng = Rng(new["rng"])
        rng.shuffle(new["deck"])
        new["rng"] = rng.state
        return Resolution(new, events)

    def _next(self, state: dict) -> None:
        seats = [s for s in state["seats"] if s not in state["out"]]
        here = state["seats"].index(state["active"])
        for step in range(1, len(state["seats"]) + 1):
            candidate = state["seats"][(here + step) % len(state["seats"])]
            if candidate in seats:
                state["active"] = candidate
                return

    def view(self, state: dict, seat: str | None) -> dict:
        viewer = seat if seat in state["seats"] else None
        return {
            "you": viewer,
            "active": state["active"],
            "points": dict(state["points"]),
            "played": list(state["played"]),
            "hand_sizes": {s: len(h) for s, h in state["hands"].items()},
            "deck_size": len(state["deck"]),
            "hand": list(state["hands"][viewer]) if viewer else None,
            "winner": state["winner"],
        }

    def outcome(self, state: dict) -> Outcome | None:
        if not state["winner"]:
            return None
        winner, points = state["winner"], state["points"]
        playing = [s for s in state["seats"] if s not in state["out"]]
        places = {winner: 1}
        for s in playing:
            if s != winner:
                places[s] = 2 + sum(1 for o in playing if o != winner and points[o] > points[s])
        for rank, s in enumerate(reversed(state["out"])):
            places[s] = len(playing) + 1 + rank
        return Outcome(
            winners=[winner],
            placements=places,
            scores={s: {"points": points[s]} for s in state["seats"]},
        )

    def check_result(self, *, placements: dict[str, int], scores: dict[str, dict]) -> None:
        for player, place in placements.items():
            points = scores.get(player, {}).get("points")
            if place == 1 and points is not None and points < 3:
                raise InvalidResult(f"scores.{player}.points", "The winner has 3 points or more.")


class PickWithResign(Pick):
    """The same game, but the engine can play on when a seat resigns."""

    slug = "fake-pick-resign"
    name = "Pick (resignable)"

    def resign(self, state: dict, seat: str) -> Resolution:
        if seat in state["out"]:
            raise IllegalAction("You have already resigned.")
        new = json.loads(json.dumps(state))
        new["out"].append(seat)
        new["deck"].extend(new["hands"][seat])
        new["hands"][seat] = []
        events = [{"type": "resigned", "seat": seat, "text": f"{seat} resigns."}]
        left = [s for s in new["seats"] if s not in new["out"]]
        if len(left) == 1:
            new["winner"] = left[0]
        elif new["active"] == seat:
            self._next(new)
        return Resolution(new, events)


class TableOnly(Pick):
    """A game the server cannot referee: results are logged only."""

    slug = "fake-table-only"
    name = "Table only"
    live = False


FAKE_RULESETS = {r.slug: r for r in (Pick(), PickWithResign(), TableOnly())}
