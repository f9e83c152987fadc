"""Setting up a live battle: options, decks and hands, first-turn initiative, deployment.

Order (decisions, docs/rules/last-hope-frontier.md, "Live play"):

1. Each player gets their own shuffled 54-card deck and draws a hand.
2. **Initiative** for the first turn by high card (initiative.py). A player whose leader
   holds rabbit's feet first decides, secretly, how many to spend ("can spend 1 per rabbits
   foot to increase value of high card draw card for first turn initiative"); both decisions
   are revealed together, then the cards are flipped. Feet are used up whether or not they
   win. With no feet on either side the cards are flipped at once.
3. **Deployment**: the initiative winner sets up first, then the players alternate one model
   at a time, each inside their own deployment zone (live_table.zone_bounds). "Town map ...
   allows for an interrupt in the setup phase. Spend the map and two models can set up on a
   players turn" - spent on your own setup turn (two models that turn), or as an interrupt
   during the opponent's setup turn: your two models are set up at once, then the
   interrupted turn goes on (items.py, decision L6).
4. The first turn begins, the initiative winner first (live_turns.py).
"""

from __future__ import annotations

from rulesets.core.errors import IllegalAction, InvalidInput
from rulesets.core.house_rules import read_house_rules, split_options
from rulesets.core.messages import said
from rulesets.core.options import INT, Option, gettext_noop
from rulesets.core.rng import Rng
from rulesets.last_hope_frontier import messages as say
from rulesets.last_hope_frontier.house_rules import HOUSE_RULES, STAT_CAPS
from rulesets.last_hope_frontier.initiative import draw_initiative
from rulesets.last_hope_frontier.items import initiative_bonus, models_to_set_up
from rulesets.last_hope_frontier.live_cards import (
    DEFAULT_HAND_SIZE,
    MAX_HAND_SIZE,
    MIN_HAND_SIZE,
    deal,
)
from rulesets.last_hope_frontier.live_gangs import (
    check_gangs,
    demo_gang,
    fighter_record,
    fighters_of,
    gang_name,
    in_play,
    other_seat,
    spend,
)
from rulesets.last_hope_frontier.live_input import check_keys, own_fighter, position_from
from rulesets.last_hope_frontier.live_missions import deployment_zone, mission_state
from rulesets.last_hope_frontier.live_table import overlaps, spot
from rulesets.last_hope_frontier.live_turns import begin_battle, initiative_event

OPTION_KEYS = ("gangs", "turn_limit", "hand_size", "house_rules", "mission")
DEFAULT_TURN_LIMIT = 8
MAX_TURN_LIMIT = 50
RABBITS_FOOT = "rabbits-foot"
TOWN_MAP = "town-map"
# What a person chooses (rulesets/core/options.py); ``gangs`` is the rosters' to send.
OPTIONS = (
    Option(
        "turn_limit",
        gettext_noop("Turn limit"),
        DEFAULT_TURN_LIMIT,
        INT,
        gettext_noop("The battle ends after this many turns."),
        minimum=1,
        maximum=MAX_TURN_LIMIT,
    ),
    Option(
        "hand_size",
        gettext_noop("Hand size"),
        DEFAULT_HAND_SIZE,
        INT,
        gettext_noop("Cards each player holds."),
        minimum=MIN_HAND_SIZE,
        maximum=MAX_HAND_SIZE,
    ),
)


def check_options(seats: object, options: object, *, capped: bool = False) -> tuple[dict, int, int]:
    """Two distinct seats and known, well-formed options: (gangs, turn limit, hand size).
    ``capped``: house rule ``stat_caps`` bounds the stats a gang brings."""
    if not isinstance(seats, list) or not all(isinstance(s, str) and s for s in seats):
        raise InvalidInput("players", "Seats are a list of non-empty strings.")
    if len(seats) != 2 or seats[0] == seats[1]:
        raise InvalidInput("players", "A Last Hope Frontier battle is fought by two players.")
    if not isinstance(options, dict):
        raise InvalidInput("options", "Options must be an object.")
    for key in options:
        if key not in OPTION_KEYS:
            raise InvalidInput(f"options.{key}", f"Unknown option; use {', '.join(OPTION_KEYS)}.")
    if "gangs" in options:
        gangs = check_gangs(options["gangs"], seats, capped=capped)
    else:
        gangs = {seat: demo_gang(i) for i, seat in enumerate(seats)}
    turn_limit = _whole(options, "turn_limit", DEFAULT_TURN_LIMIT, 1, MAX_TURN_LIMIT)
    hand_size = _whole(options, "hand_size", DEFAULT_HAND_SIZE, MIN_HAND_SIZE, MAX_HAND_SIZE)
    return gangs, turn_limit, hand_size


def _whole(options: dict, key: str, default: int, low: int, high: int) -> int:
    value = options.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput(f"options.{key}", f"This must be a whole number {low}-{high}.")
    return value


def new_game(seats: list[str], options: dict, seed: int) -> dict:
    """A battle ready for its first decision: the rabbit's-foot choice, or the first model to
    set up when neither leader holds a foot."""
    options, chosen = split_options(options)
    house_rules = read_house_rules(HOUSE_RULES, chosen)
    capped = STAT_CAPS in house_rules
    gangs, turn_limit, hand_size = check_options(seats, options, capped=capped)
    rng = Rng.from_seed(seed)
    state = {
        "game": "last-hope-frontier",
        "seats": list(seats),
        "house_rules": house_rules,
        "turn_limit": turn_limit,
        "hand_size": hand_size,
        "phase": "initiative",
        "turn": 0,
        "order": list(seats),
        "active": None,
        "gangs": {
            seat: {
                "gang_id": gang["gang_id"],
                "name": gang["name"],
                "faction": gang["faction"],
                "fighters": [f["id"] for f in gang["fighters"]],
            }
            for seat, gang in gangs.items()
        },
        "fighters": {
            str(f["id"]): fighter_record(seat, f)
            for seat, gang in gangs.items()
            for f in gang["fighters"]
        },
        "cards": {seat: deal(rng, hand_size) for seat in seats},
        "initiative": {"pledges": {}, "draws": [], "winner": None},
        "deployment": None,
        "activation": None,
        "pending": None,
        "takedowns": [],
        "out_of_action": [],
        "spent": [],
        "result": None,
        "mission": None,
    }
    if options.get("mission") is not None:  # the mission's turn limit replaces the option's
        state["mission"] = mission_state(options["mission"], list(seats))
        state["turn_limit"] = state["mission"]["turn_limit"]
    pledges = {seat: None for seat in seats if feet_held(state, seat)}
    state["initiative"]["pledges"] = pledges
    if not pledges:
        draw_first_initiative(state, rng, {}, [])
    state["rng"] = rng.state
    return state


# --- initiative -------------------------------------------------------------------------------


def feet_held(state: dict, seat: str) -> int:
    """Rabbit's feet held by the seat's fighters (the catalogue lets only the leader carry them)."""
    return sum(f["equipment"].count(RABBITS_FOOT) for f in fighters_of(state, seat))


def pledge_feet(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    """``{"type": "spend_rabbits_feet", "count": n}``: a secret choice until both are in."""
    check_keys(action, {"type", "count"})
    pledges = state["initiative"]["pledges"]
    if state["phase"] != "initiative" or pledges.get(seat, 0) is not None:
        raise IllegalAction("You have no rabbit's feet to decide on now.")
    count = action["count"]
    if isinstance(count, bool) or not isinstance(count, int):
        raise IllegalAction("count is a whole number of rabbit's feet.")
    initiative_bonus(count, feet_held(state, seat))  # refuses a negative count or too many
    pledges[seat] = count
    events.append(
        {
            "type": "initiative_choice",
            "seat": seat,
            "text": f"{gang_name(state, seat)} decided how many rabbit's feet to spend.",
            **said("initiative_choice", gang=gang_name(state, seat)),
        }
    )
    if all(p is not None for p in pledges.values()):
        draw_first_initiative(state, rng, pledges, events)


def draw_first_initiative(state: dict, rng: Rng, pledges: dict, events: list) -> None:
    """Spend the pledged feet, flip for initiative, and open the deployment."""
    bonuses = {}
    for seat in [s for s in state["seats"] if s in pledges]:  # seat order, not key order
        count = pledges[seat]
        bonuses[seat] = initiative_bonus(count, feet_held(state, seat))
        for _ in range(count):
            holder = next(f for f in fighters_of(state, seat) if RABBITS_FOOT in f["equipment"])
            spend(state, holder, RABBITS_FOOT)
        feet = "rabbit's foot" if count == 1 else "rabbit's feet"
        events.append(
            {
                "type": "rabbits_feet",
                "seat": seat,
                "count": count,
                "text": f"{gang_name(state, seat)} spend {count} {feet} (+{bonuses[seat]}).",
                **said(
                    "rabbits_feet", gang=gang_name(state, seat), count=count, bonus=bonuses[seat]
                ),
            }
        )
    result = draw_initiative(rng, state["seats"], bonuses)
    state["initiative"].update(draws=[dict(r) for r in result.rounds], winner=result.winner)
    state["initiative"]["bonuses"] = bonuses
    events.append(initiative_event(state, result, bonuses, "the first turn", said("first_turn")))
    state["order"] = [result.winner, other_seat(state, result.winner)]
    state["phase"] = "deployment"
    state["active"] = result.winner
    state["deployment"] = {"left": 1, "map_used": False}


# --- deployment -------------------------------------------------------------------------------


def deploy(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    """``{"type": "deploy", "fighter": id, "to": {"x": .., "y": ..}}`` in your own zone."""
    check_keys(action, {"type", "fighter", "to"})
    _check_setting_up(state, seat)
    fighter = own_fighter(state, seat, action["fighter"])
    if fighter["status"] != "reserve":
        raise IllegalAction(f"{fighter['name']} is already on the table.")
    to = position_from(action["to"], "to", deployment_zone(state, seat))
    if overlaps(to, [f["position"] for f in in_play(state)]):
        raise IllegalAction("That spot is taken: bases may not overlap.")
    fighter.update(status="in_play", position=to)
    events.append(
        {
            "type": "deployed",
            "fighter": fighter["id"],
            "position": dict(to),
            "text": f"{fighter['name']} is set up at {spot(to)}.",
            **said("deployed", fighter=fighter["name"], spot=say.spot(to)),
        }
    )
    state["deployment"]["left"] -= 1
    _next_to_set_up(state, seat, events)


def use_town_map(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    """``{"type": "use_town_map", "fighter": id}``: two models set up on this setup turn, or,
    spent during the opponent's setup turn, an interrupt: two models set up now."""
    check_keys(action, {"type", "fighter"})
    interrupt = state["phase"] == "deployment" and state["active"] != seat
    if interrupt:
        if not may_interrupt(state, seat):
            raise IllegalAction("An interrupt cannot be interrupted.")
    else:
        _check_setting_up(state, seat)
    fighter = own_fighter(state, seat, action["fighter"])
    if TOWN_MAP not in fighter["equipment"]:
        raise IllegalAction(f"{fighter['name']} holds no town map.")
    deployment = state["deployment"]
    if deployment["map_used"] and not interrupt:
        raise IllegalAction("A town map has already been spent on this setup turn.")
    left = models_to_set_up(spend_map=True, models_left=len(fighters_of(state, seat, "reserve")))
    if interrupt:
        resume = {
            "seat": state["active"],
            "left": deployment["left"],
            "map_used": deployment["map_used"],
        }
        state["deployment"] = {"left": left, "map_used": True, "resume": resume}
        state["active"] = seat
        text = f"spends a town map and interrupts: {gang_name(state, seat)} set up two models now."
    else:
        deployment.update(left=left, map_used=True)
        text = f"spends a town map: {gang_name(state, seat)} set up two models this turn."
    spend(state, fighter, TOWN_MAP)
    events.append(
        {
            "type": "town_map",
            "fighter": fighter["id"],
            "interrupt": interrupt,
            "text": f"{fighter['name']} {text}",
            **said(
                "town_map_interrupt" if interrupt else "town_map",
                fighter=fighter["name"],
                gang=gang_name(state, seat),
            ),
        }
    )


def may_interrupt(state: dict, seat: str) -> bool:
    """The player not setting up may spend a town map as an interrupt: one of its fighters
    holds a map, two or more of its models are still to set up, and no interrupt is running."""
    if state["phase"] != "deployment" or state["active"] == seat:
        return False
    if state["deployment"].get("resume") is not None:
        return False
    return len(fighters_of(state, seat, "reserve")) >= 2 and bool(town_map_holders(state, seat))


def town_map_holders(state: dict, seat: str) -> list[dict]:
    return [f for f in fighters_of(state, seat) if TOWN_MAP in f["equipment"]]


def _check_setting_up(state: dict, seat: str) -> None:
    if state["phase"] != "deployment" or state["active"] != seat:
        raise IllegalAction("It is not your turn to set up a model.")


def _next_to_set_up(state: dict, seat: str, events: list) -> None:
    """Alternate one model at a time; a side with nobody left to place is skipped."""
    if state["deployment"]["left"] > 0 and fighters_of(state, seat, "reserve"):
        return
    resume = state["deployment"].get("resume")
    if resume is not None and fighters_of(state, resume["seat"], "reserve"):
        state["active"] = resume["seat"]  # after an interrupt, the interrupted turn goes on
        state["deployment"] = {"left": resume["left"], "map_used": resume["map_used"]}
        return
    for candidate in (other_seat(state, seat), seat):
        if fighters_of(state, candidate, "reserve"):
            state["active"] = candidate
            state["deployment"] = {"left": 1, "map_used": False}
            return
    begin_battle(state, events)
