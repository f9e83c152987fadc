"""How a bot, or the turn clock, picks an action among the legal ones (no database here).

- ``random``: any legal action, uniformly (templates made concrete at random).
- ``greedy``: the game's own bot, reached through the ruleset registry (``get_bot``; each
  game's ``rulesets/<game>/bot.py``): either it scores states and the policy looks one action
  ahead, the best score for the bot after the action, ties broken at random, or it plays
  rules of thumb over the seat's view (rulesets/core/bots.py). In the look-ahead the
  engine's ``apply`` is the model, but the bot only reads what it may know afterwards (its
  own VP in Le Dernier Peuple; the public island in Battle Royale), and an action whose
  result drew on the dice or a shuffle (the rng moved) is scored as if nothing happened, so
  the bot never peeks at a roll before choosing.
- ``timeout``: what the server plays for a seat whose clock ran out, per game (docs/matches.md
  "Turn clocks"): pass or the cheapest legal action.
"""

from __future__ import annotations

import json
import random

from rulesets.core.errors import IllegalAction
from rulesets.registry import get_bot

INFORMATIVE = ("max_distance", "distance", "into_contact_with")


def concrete(action: dict, *, rnd: random.Random, hand: list[str]) -> dict:
    """A template (Last Hope Frontier) made into one concrete action, at random."""

    def fill(value):
        if isinstance(value, dict):
            if set(value) == {"min", "max"}:
                return round(rnd.uniform(value["min"], value["max"]), 2)
            if value == {"from_hand": True}:
                return rnd.choice(hand) if hand else None
            return {k: fill(v) for k, v in value.items()}
        if isinstance(value, list) and value and all(isinstance(x, bool) for x in value):
            return rnd.choice(value)
        return value

    return {k: fill(v) for k, v in action.items() if k not in INFORMATIVE}


def own_hand(view: dict, seat: str) -> list[str]:
    cards = (view.get("cards") or {}).get(seat) or {}
    return list(cards.get("hand") or [])


def legal_concrete(game, state: dict, seat: str, action: dict) -> bool:
    """Whether the referee would accept this concrete action (a template filled at random may
    land on another base, say). Only legality is read, which any player learns by trying."""
    try:
        game.apply(json.loads(json.dumps(state)), seat, action)
    except IllegalAction:
        return False
    return True


# --- random ------------------------------------------------------------------------------------


def random_action(game, state: dict, seat: str, rnd: random.Random) -> dict | None:
    legal = game.legal_actions(state, seat)
    hand = own_hand(game.view(state, seat), seat)
    for _ in range(20):
        if not legal:
            return None
        template = rnd.choice(legal)
        action = concrete(template, rnd=rnd, hand=hand)
        if action == template or legal_concrete(game, state, seat, action):
            return action
    return None


# --- greedy ------------------------------------------------------------------------------------


def lookahead_action(game, state: dict, seat: str, rnd: random.Random) -> dict | None:
    score = get_bot(game.slug).score
    legal = game.legal_actions(state, seat)
    if not legal:
        return None
    now = score(state, seat)
    best, best_score = [], None
    for action in legal:
        try:
            after = game.apply(json.loads(json.dumps(state)), seat, action).state
        except IllegalAction:
            continue
        value = now if after.get("rng") != state.get("rng") else score(after, seat)
        if best_score is None or value > best_score:
            best, best_score = [action], value
        elif value == best_score:
            best.append(action)
    return rnd.choice(best) if best else None


def greedy_action(game, state: dict, seat: str, rnd: random.Random) -> dict | None:
    """The game's greedy bot: a look-ahead where one action says enough, else rules of thumb
    over the seat's view (the game's ``bot.py``); random for a game with neither."""
    bot = get_bot(game.slug)
    if bot is not None and bot.choose is not None:
        legal = game.legal_actions(state, seat)
        if not legal:
            return None
        action = bot.choose(
            view=game.view(state, seat),
            legal=legal,
            accepts=lambda action: legal_concrete(game, state, seat, action),
            rnd=rnd,
        )
        return action if action is not None else random_action(game, state, seat, rnd)
    if bot is not None and bot.score is not None:
        return lookahead_action(game, state, seat, rnd)
    return random_action(game, state, seat, rnd)


POLICIES = {"random": random_action, "greedy": greedy_action}


def default_policy(slug: str) -> str:
    return "greedy" if get_bot(slug) is not None else "random"


# --- the turn clock's rule ---------------------------------------------------------------------

# The first type in this list that is legal is played; within a type, the first entry (for
# play_card, the smallest card; for defend, the lowest card).
TIMEOUT_PREFERENCE = {
    "le-dernier-peuple": [
        "skip_power",
        "draw_movement",
        "accept",
        "discard",
        "choose_riposte",
    ],
    "battle-royale": [
        "end_warrior",
        "end_movement",
        "choose_push",
        "move_eliminator",
        "choose_doom",
        "sacrifice",
        "pick_talent",
        "play_card",
    ],
    "last-one-standing": ["end_move", "done", "end_turn", "discard", "draft_pick", "drop_in"],
    "last-hope-frontier": [
        "spend_rabbits_feet",
        "end_turn",
        "end_activation",
        "defend",
        "deploy",
    ],
}


def _cheapest(actions: list[dict]) -> dict:
    def cost(action: dict):
        card = action.get("card")
        if isinstance(card, str) and "x" in card.split("-")[0]:  # Battle Royale "3x2"
            w, _, s = card.split("-")[0].partition("x")
            return (int(w) * int(s), card)
        return (action.get("count", 0), json.dumps(action, sort_keys=True))

    return min(actions, key=cost)


def timeout_action(game, state: dict, seat: str) -> dict | None:
    """The action the server plays for ``seat`` when its time is up (deterministic, except
    where a free position must be found: then the first legal spot on a grid)."""
    legal = game.legal_actions(state, seat)
    if not legal:
        return None
    for kind in TIMEOUT_PREFERENCE.get(game.slug, []):
        of_kind = [a for a in legal if a["type"] == kind]
        if of_kind:
            return _make_concrete(game, state, seat, _cheapest(of_kind))
    return _make_concrete(game, state, seat, legal[0])


def _make_concrete(game, state: dict, seat: str, action: dict) -> dict | None:
    hand = sorted(own_hand(game.view(state, seat), seat), key=_card_rank)
    if json.dumps(action).find('"min"') < 0 and '"from_hand"' not in json.dumps(action):
        return {k: v for k, v in action.items() if k not in INFORMATIVE}
    rnd = random.Random(json.dumps(action, sort_keys=True))  # the same spot every time
    for _ in range(50):
        candidate = concrete(action, rnd=rnd, hand=hand[:1])
        candidate = {k: (False if isinstance(v, bool) else v) for k, v in candidate.items()}
        for key in ("climb", "jump_down"):
            candidate.pop(key, None)
        if legal_concrete(game, state, seat, candidate):
            return candidate
    return None


def _card_rank(code: str) -> int:
    ranks = {"J": 11, "Q": 12, "K": 13, "A": 14}
    face = code[:-1]
    if face.isdigit():
        return int(face)
    return ranks.get(face, 15)
