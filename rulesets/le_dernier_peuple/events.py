"""Events: Supply, Noble Attack, Sneaky Attack and the passive and active Ripostes.

"A people's card becomes surrounded by 2 meeples, an event — which depends on the
configuration — occurs!" Decisions (see the rules doc):
- a surround needs one meeple on EACH of the two territories beside the people's card; two
  meeples on the same neighbour surround nothing;
- the card must *become* surrounded by the move: one already surrounded before it (after a
  Swap or a repositioning, which trigger nothing) makes no event when a meeple lands beside
  it again (a teleport onto the territory it already stood on);
- the meeple that just landed is always one of the two, and at least one of the two belongs
  to the active player (the seed: "one of which necessarily belongs to the active player");
  a surround made only of opponents' meeples (pushed there with a dark grey card) is no event;
- a people's card whose player has resigned triggers nothing.
"""

from __future__ import annotations

from rulesets.core.messages import said
from rulesets.core.rng import Rng
from rulesets.le_dernier_peuple import messages as say
from rulesets.le_dernier_peuple.peoples import in_play, name, owner_of_people_card, subject
from rulesets.le_dernier_peuple.territories import clockwise
from rulesets.le_dernier_peuple.vp_tokens import gain_vp, return_vp

EVENT_NAMES = {
    "supply": "Supply",
    "noble_attack": "Noble Attack",
    "sneaky_attack": "Sneaky Attack",
    "passive_riposte": "Passive Riposte",
    "active_riposte": "Active Riposte",
}


def surrounding(state: dict, owner: str, meeple: int, came_from: int | None = None) -> dict | None:
    """The people's card beside the landed meeple that it now surrounds, and the possible
    resolutions: ``{"people": seat, "pairs": {partner seat: [[seat, i], [seat, i]]}}``.

    The partner is the owner of the second meeple (the active player for Supply and Noble
    Attack). Several meeples of one partner give one resolution: the first one found. A card
    that was already surrounded with the meeple still on ``came_from`` (its territory before
    the move) does not "become" surrounded: no event (a teleport onto its own territory).
    """
    active, count = state["active"], state["territories"]
    here = state["meeples"][owner][meeple]
    for side in (-1, 1):
        card = clockwise(here, side, count)
        people = owner_of_people_card(state, card)
        if people is None or not in_play(state, people):
            continue
        if came_from is not None and _was_surrounded(state, card, owner, meeple, came_from):
            continue
        across = clockwise(here, 2 * side, count)
        pairs: dict[str, list] = {}
        for other in state["seats"]:
            for index, territory in enumerate(state["meeples"][other]):
                if territory != across or active not in (owner, other):
                    continue
                partner = other if owner == active else owner
                pairs.setdefault(partner, [[owner, meeple], [other, index]])
        if pairs:
            ordered = {s: pairs[s] for s in state["seats"] if s in pairs}
            return {"people": people, "pairs": ordered}
    return None


def _was_surrounded(state: dict, card: int, owner: str, meeple: int, came_from: int) -> bool:
    """Whether the people's card on ``card`` had a meeple on each neighbour before the move."""
    count = state["territories"]
    before = [
        came_from if (seat, index) == (owner, meeple) else territory
        for seat in state["seats"]
        for index, territory in enumerate(state["meeples"][seat])
    ]
    return all(clockwise(card, side, count) in before for side in (-1, 1))


def offer_resolutions(state: dict, surround: dict, events: list) -> None:
    """ "If several resolutions are possible for an event, the active player chooses which of
    the players involved will gain the 1 VP": a pending decision when there are several."""
    pairs = surround["pairs"]
    if len(pairs) == 1:
        (pair,) = pairs.values()
        state["queue"].insert(0, {"do": "event", "people": surround["people"], "pair": pair})
        return
    state["decision"] = {
        "kind": "riposte",
        "seat": state["active"],
        "people": surround["people"],
        "options": list(pairs),
        "pairs": pairs,
    }
    events.append(
        {
            "type": "riposte_choice",
            **said(
                "riposte_choice",
                surrounded=say.people(state, surround["people"]),
                people=say.people(state, state["active"]),
            ),
            "seat": state["active"],
            "options": list(pairs),
            "text": f"The people's card of {name(state, surround['people'])} is surrounded "
            f"in several ways: {name(state, state['active'])} choose who shares the event.",
        }
    )


def choose_riposte(state: dict, seat: str, action: dict, events: list) -> None:
    """The active player names the player whose meeple shares the event."""
    decision = state["decision"]
    partner = action["seat"]
    state["decision"] = None
    events.append(
        {
            "type": "riposte_chosen",
            **said(
                "riposte_chosen",
                people=say.people(state, seat),
                partner=say.people(state, partner),
            ),
            "seat": seat,
            "partner": partner,
            "text": f"{subject(state, seat)} share the event with {name(state, partner)}.",
        }
    )
    state["queue"].insert(
        0, {"do": "event", "people": decision["people"], "pair": decision["pairs"][partner]}
    )


def classify(active: str, owners: tuple[str, str], people: str) -> tuple[str, str | None]:
    """The event for this configuration, and the player it targets (who may play Defense).

    Supply: the active player's own 2 meeples surround their own people's card. Noble
    Attack: they surround an opposing player's people card. Two different players: Sneaky
    Attack, or a Riposte when one of the two owns the surrounded people (passive when it is
    the other player, active when it is the active player, who cannot defend out of turn).
    """
    first, second = owners
    if first == second == active:
        return ("supply", None) if people == active else ("noble_attack", people)
    partner = second if first == active else first
    if people == active:
        return "active_riposte", None
    if people == partner:
        return "passive_riposte", people
    return "sneaky_attack", people


def step_event(state: dict, step: dict, rng: Rng, events: list) -> None:
    """Announce the event, let its target defend, move the VP, then reposition the two
    meeples: "the active player [...] repositions their meeple", then "the second meeple
    that took part in the event"."""
    people, pair = step["people"], step["pair"]
    active = state["active"]
    owners = (pair[0][0], pair[1][0])
    if not all(in_play(state, s) for s in (people, *owners)):
        return  # someone resigned while the active player was choosing
    kind, target = classify(active, owners, people)
    partner = owners[1] if owners[0] == active else owners[0]
    events.append(
        {
            "type": kind,
            **said(
                "surrounded",
                event=say.word(kind),
                people=say.people(state, people),
                territory=state["people"][people],
            ),
            "seat": active,
            "people": people,
            "partner": partner,
            "text": f"{EVENT_NAMES[kind]}: the people's card of {name(state, people)} "
            f"(territory {state['people'][people]}) is surrounded.",
        }
    )
    ordered = pair if owners[0] == active else [pair[1], pair[0]]
    steps = []
    if target is not None:
        steps.append({"do": "offer_defense", "target": target, "against": kind})
    steps.append({"do": "event_vp", "kind": kind, "people": people, "partner": partner})
    steps += [{"do": "reposition", "owner": s, "meeple": i} for s, i in ordered]
    state["queue"][:0] = steps


def step_event_vp(state: dict, step: dict, rng: Rng, events: list) -> None:
    """The VP of the event. Supply: +2. Noble Attack: the opposing player returns 1, the
    active player gains 3. Sneaky Attack and Ripostes: the surrounded player returns 1, the
    active player gains 2, the owner of the second meeple gains 1. A countered attack
    (Defense) moves no VP at all: "the attacker(s) do not gain any VP"."""
    if step.get("countered"):
        events.append(
            {
                "type": "countered",
                **said("countered_attack"),
                "text": "Defense: the attack is countered, no VP change hands; the meeples "
                "are still repositioned.",
            }
        )
        return
    kind, people, partner = step["kind"], step["people"], step["partner"]
    active = state["active"]
    if kind == "supply":
        gain_vp(state, active, 2, events)
        return
    return_vp(state, people, events)
    if kind == "noble_attack":
        gain_vp(state, active, 3, events)
        return
    gain_vp(state, active, 2, events)
    gain_vp(state, partner, 1, events)
