"""Post-game admin: injuries, death, and card-flip advancement.

Order of the post-game sequence (decision): injuries first (they decide who died, and so
which take-downs were killing blows), then flips. A fighter who died this game loses its
flips with its life.

Injuries: "If a model has been taken out of action ... a model suffers a permanent -1 to
their wound total ... This can happen a second time and gains another -1 to wound total. If a
model is taken out a third time ... the model is dead and removed from the gang. Equipment
attached to the dead gang member are also removed. Buried with their corpse."

Flips: "Taking out an opposing model gives that model a 'card flip' at the end of the game. A
model that dealt the killing blow to another model earns two card flips." A killing blow is
a take-down that turns out to be the victim's third (fatal) one. Decision: it earns two flips
in total, not 1 + 2. Only opposing models count: a gang's own dynamite earns nothing.

"Shuffle your deck and flip the top card. Joker,2,3,4,5 allows for a Shot or Combat upgrade
of 1 point; 6,7,8,9,10 ... Strength or Toughness; J,K,Q,A ... Defence or Wounds. If a
character has multiple points accrued and a player doesn't like the flip choice, they can
burn another point to reflip."

A flip session is plain data, ``{"flips_left": int, "card": str | None}``, so it can sit in a
match or campaign state; every function returns a new dict and never changes its input.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rulesets.core.errors import IllegalAction
from rulesets.core.rng import Rng
from rulesets.last_hope_frontier.catalogue import STATS, catalogue
from rulesets.last_hope_frontier.deck import as_card, flip_top_card

TIMES_OUT_TO_DIE = 3  # "three strikes and you're out"


# --- injuries -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Injury:
    times_out_of_action: int  # after this game
    wounds_lost: int  # permanent wound loss from this take-down (0 when the model dies)
    dead: bool


def injury_for(times_out_before: int) -> Injury:
    """The first and second time out: -1 wound for good; the third time: dead."""
    if times_out_before < 0 or times_out_before >= TIMES_OUT_TO_DIE:
        raise ValueError("A fighter has been out of action 0, 1 or 2 times while alive.")
    times = times_out_before + 1
    if times >= TIMES_OUT_TO_DIE:
        return Injury(times, 0, True)
    return Injury(times, 1, False)


def apply_injury(fighter: Mapping) -> tuple[dict, list[str]]:
    """Record one more time out of action on a fighter record.

    ``fighter`` is ``{"stats": {...}, "times_out_of_action": n, "equipment": [...], ...}``.
    Returns ``(new record, buried equipment)``; a dead fighter gets ``"dead": True`` and no
    equipment ("buried with their corpse": it cannot be sold or handed on).
    """
    record = copy.deepcopy(dict(fighter))
    if record.get("dead"):
        raise ValueError("A dead fighter cannot be injured again.")
    injury = injury_for(record.get("times_out_of_action", 0))
    record["times_out_of_action"] = injury.times_out_of_action
    record["stats"]["wounds"] -= injury.wounds_lost
    if not injury.dead:
        return record, []
    buried = list(record.get("equipment", []))
    record["equipment"] = []
    record["dead"] = True
    return record, buried


# --- flips earned ---------------------------------------------------------------------------


def takedown_flips(*, killing_blow: bool) -> int:
    """One flip for taking an opposing model out of action; two (in all) for a killing blow."""
    return 2 if killing_blow else 1


def flips_earned(*, taken_out: int, killing_blows: int) -> int:
    """Flips for a fighter who took ``taken_out`` enemies out, ``killing_blows`` of them fatally."""
    if taken_out < 0 or not 0 <= killing_blows <= taken_out:
        raise ValueError("Killing blows are some of the take-downs, never more.")
    return taken_out + killing_blows


def settle_takedowns(takedowns: Iterable[Mapping], died: Iterable[str]) -> dict[str, int]:
    """Flips per fighter from this game's take-downs, once injuries have decided who died.

    ``takedowns``: ``{"by": fighter id or None, "victim": id, "enemy": bool}`` ("by" is None
    for a fall; "enemy" is False when a fighter downed one of its own gang, e.g. dynamite).
    ``died``: the victims whose third time out this was. Fighters who died earn nothing.
    """
    dead = set(died)
    flips: dict[str, int] = {}
    for takedown in takedowns:
        by = takedown.get("by")
        if by is None or not takedown.get("enemy", True) or by in dead:
            continue
        killing_blow = takedown["victim"] in dead
        flips[by] = flips.get(by, 0) + takedown_flips(killing_blow=killing_blow)
    return flips


# --- the flip table -------------------------------------------------------------------------


def flip_options(card: str) -> tuple[str, str]:
    """The two stats a flipped card offers (one point to one of them)."""
    value = as_card(card).value
    if value is None or value <= 5:  # Joker, 2-5
        return ("shoot", "combat")
    if value <= 10:
        return ("strength", "toughness")
    return ("defence", "wounds")  # J, Q, K, A


def flip_band(card: str) -> str:
    """The row of the flip table a card falls in, as the rulebook writes it."""
    return {
        ("shoot", "combat"): "Joker, 2-5",
        ("strength", "toughness"): "6-10",
        ("defence", "wounds"): "J, Q, K, A",
    }[flip_options(card)]


def draw_flip(rng: Rng) -> str:
    """Rule: "Shuffle your deck and flip the top card", with the game's Rng (the server draws)."""
    return flip_top_card(rng)


def stat_cap(stat: str, *, capped: bool = False) -> int | None:
    """The most a flip may raise ``stat`` to: None by the text ("the flip table" names the
    stats a card raises and no maximum); with house rule ``stat_caps`` (``capped=True``) the
    catalogue's ``stat_caps``."""
    return getattr(catalogue().stat_caps, stat) if capped else None


# --- a flip session -------------------------------------------------------------------------


def start_flips(earned: int) -> dict:
    if earned < 0:
        raise ValueError("Flips earned are never negative.")
    return {"flips_left": earned, "card": None}


def flip(session: Mapping, rng: Rng) -> dict:
    """Spend one flip and turn a card."""
    if session["card"] is not None:
        raise IllegalAction("Choose an upgrade for the card showing, reflip it or pass first.")
    if session["flips_left"] < 1:
        raise IllegalAction("This fighter has no card flips left.")
    return {"flips_left": session["flips_left"] - 1, "card": draw_flip(rng)}


def reflip(session: Mapping, rng: Rng) -> dict:
    """Burn another flip to discard the card showing and turn a new one."""
    if session["card"] is None:
        raise IllegalAction("There is no card showing to reflip.")
    if session["flips_left"] < 1:
        raise IllegalAction("A reflip burns another flip, and this fighter has none left.")
    return {"flips_left": session["flips_left"] - 1, "card": draw_flip(rng)}


def choose_upgrade(
    session: Mapping, stats: Mapping[str, int], stat: str, *, capped: bool = False
) -> tuple[dict, dict]:
    """Take +1 to one of the two stats the card showing offers. Returns (session, stats).
    ``capped``: house rule ``stat_caps`` (the gang's campaign chose it), off by the text."""
    card = session["card"]
    if card is None:
        raise IllegalAction("Flip a card before choosing an upgrade.")
    options = flip_options(card)
    if stat not in options:
        raise IllegalAction(f"The {as_card(card).name} offers {options[0]} or {options[1]}.")
    cap = stat_cap(stat, capped=capped)
    if cap is not None and stats[stat] >= cap:
        raise IllegalAction(f"{stat.capitalize()} is already at its maximum of {cap}.")
    new_stats = {name: stats[name] for name in STATS}
    new_stats[stat] += 1
    return {"flips_left": session["flips_left"], "card": None}, new_stats


def decline(session: Mapping) -> dict:
    """Pass on the card showing (e.g. both its stats are at their caps): no upgrade."""
    if session["card"] is None:
        raise IllegalAction("There is no card showing to pass on.")
    return {"flips_left": session["flips_left"], "card": None}
