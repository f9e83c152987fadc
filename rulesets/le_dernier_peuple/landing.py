"""Actions: what happens where a meeple lands.

"If, at the end of a move, or during a move (if a 'split movement' card was used): a
player's meeple lands on a territory card showing a Draw symbol, that player draws a power
card [...]; a people's card becomes surrounded by 2 meeples, an event occurs!"
"""

from __future__ import annotations

from rulesets.core.messages import said
from rulesets.core.rng import Rng
from rulesets.le_dernier_peuple import messages as say
from rulesets.le_dernier_peuple.events import offer_resolutions, surrounding
from rulesets.le_dernier_peuple.peoples import in_play, name
from rulesets.le_dernier_peuple.territories import has_draw_symbol


def step_land(state: dict, step: dict, rng: Rng, events: list) -> None:
    """Resolve the landing of one meeple; a split movement's last space comes afterwards,
    unless "the first phase of the movement leads to an event" (then it "is not played").

    Decision: "that player" who draws on a Draw symbol is the owner of the meeple that
    landed, even when an opponent moved it there with a dark grey card.
    """
    owner, meeple = step["owner"], step["meeple"]
    if not in_play(state, owner):
        return
    territory = state["meeples"][owner][meeple]
    rest = []
    if step.get("then"):
        rest = [{"do": "move", "owner": owner, "meeple": meeple, "by": step["then"]}]
    if has_draw_symbol(state, territory):
        events.append(
            {
                "type": "draw_symbol",
                "seat": owner,
                "territory": territory,
                "text": f"Territory {territory} shows a Draw symbol: "
                f"{name(state, owner)} draw a power card.",
                **said("draw_symbol", territory=territory, people=say.people(state, owner)),
            }
        )
        state["queue"][:0] = [{"do": "draw", "seat": owner, "deck": "power", "count": 1}, *rest]
        return
    surround = surrounding(state, owner, meeple, came_from=step.get("from"))
    if surround is None:
        state["queue"][:0] = rest
        return
    if rest:
        events.append(
            {
                "type": "split_stopped",
                **said("split_stopped"),
                "text": "The first part of the split movement led to an event: "
                "the last space is not played.",
            }
        )
    offer_resolutions(state, surround, events)
