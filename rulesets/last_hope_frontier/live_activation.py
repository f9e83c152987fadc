"""An activation: choosing a fighter, its movement phase, reloading, ending it or the turn.

Movement (movement.py): "up to and including the entire length of a playing card" on foot,
"2 cards length" on a horse, "reduced to width of a playing card" over a fence, wall or
obstacle, climbing "length of playing card" at most, and a jump or fall beyond one card
length costs "one unsoakable damage ... for each additional length". The server cannot see
the terrain, so the player declares it in the move: ``"over_obstacle": true``, ``"climb":
height`` or ``"jump_down": height`` (inches); the server checks distances from the positions
it keeps, that the base ends wholly on the board and on no other base.

Whiskey and hooch are "free action[s] to use during movement phase": any time in the
activation before its action. Mounting or dismounting is free too, before the move.
"""

from __future__ import annotations

from rulesets.core.errors import IllegalAction
from rulesets.core.messages import said
from rulesets.core.rng import Rng
from rulesets.last_hope_frontier.items import drink as drink_item
from rulesets.last_hope_frontier.live_gangs import in_play, spend
from rulesets.last_hope_frontier.live_input import (
    check_keys,
    flag,
    number,
    own_fighter,
    position_from,
    text,
)
from rulesets.last_hope_frontier.live_table import (
    BASE_RADIUS,
    MAX_JUMP,
    board_bounds,
    overlaps,
    spot,
    xy,
)
from rulesets.last_hope_frontier.live_turns import end_player_turn
from rulesets.last_hope_frontier.live_wounds import wound, wounds_text
from rulesets.last_hope_frontier.messages import inches as said_inches
from rulesets.last_hope_frontier.messages import spot as said_spot
from rulesets.last_hope_frontier.messages import thing
from rulesets.last_hope_frontier.messages import wounds as said_wounds
from rulesets.last_hope_frontier.movement import (
    BOARD_SIZE,
    CARD_LENGTH,
    check_climb,
    check_move,
    distance,
    fall_damage,
    inches,
    wholly_within,
)
from rulesets.last_hope_frontier.weapons import reload as reload_weapon
from rulesets.last_hope_frontier.weapons import weapon

DRINKS = ("whiskey", "hooch")


def check_own_turn(state: dict, seat: str) -> None:
    if state["phase"] != "battle" or state["active"] != seat or state["pending"] is not None:
        raise IllegalAction("It is not your turn to act.")


def active_fighter(state: dict, seat: str, raw: object) -> dict:
    """The fighter whose activation is open (the only one that may move or act now)."""
    check_own_turn(state, seat)
    activation = state["activation"]
    fighter = own_fighter(state, seat, raw)
    if activation is None:
        raise IllegalAction(f"Activate {fighter['name']} first.")
    if activation["fighter"] != fighter["id"]:
        current = state["fighters"][str(activation["fighter"])]["name"]
        raise IllegalAction(f"{current} is activated now; end that activation first.")
    return fighter


def activate(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    """``{"type": "activate", "fighter": id}``: each fighter in play once per turn."""
    check_keys(action, {"type", "fighter"})
    check_own_turn(state, seat)
    fighter = own_fighter(state, seat, action["fighter"])
    if state["activation"] is not None:
        current = state["fighters"][str(state["activation"]["fighter"])]["name"]
        raise IllegalAction(f"{current} is activated now; end that activation first.")
    if fighter["activated"]:
        raise IllegalAction(f"{fighter['name']} has already activated this turn.")
    fighter["activated"] = True
    state["activation"] = {"fighter": fighter["id"], "moved": False, "acted": False}
    events.append(
        {
            "type": "activated",
            "fighter": fighter["id"],
            "text": f"{fighter['name']} activates.",
            **said("activated", fighter=fighter["name"]),
        }
    )


def end_activation(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    check_keys(action, {"type"})
    check_own_turn(state, seat)
    if state["activation"] is None:
        raise IllegalAction("No fighter is activated.")
    fighter = state["fighters"][str(state["activation"]["fighter"])]
    state["activation"] = None
    events.append(
        {
            "type": "activation_ended",
            "fighter": fighter["id"],
            "text": f"{fighter['name']} ends the activation.",
            **said("activation_ended", fighter=fighter["name"]),
        }
    )


def end_turn(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    """End your turn; fighters not activated yet do nothing this turn."""
    check_keys(action, {"type"})
    check_own_turn(state, seat)
    if state["activation"] is not None:
        raise IllegalAction("End the current activation first.")
    end_player_turn(state, rng, events)


def move(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    """``{"type": "move", "fighter": id, "to": {"x", "y"}}`` with the optional declarations
    ``over_obstacle`` (bool), ``climb`` or ``jump_down`` (inches), and ``onto`` (the top of
    the terrain piece the model is placed on: ``{"left", "bottom", "right", "top"}``)."""
    check_keys(action, {"type", "fighter", "to"}, {"over_obstacle", "climb", "jump_down", "onto"})
    fighter = active_fighter(state, seat, action["fighter"])
    if state["activation"]["moved"]:
        raise IllegalAction(f"{fighter['name']} has already moved this activation.")
    over = flag(action, "over_obstacle")
    climb = number(action.get("climb", 0), "climb", 0, CARD_LENGTH)
    jump = number(action.get("jump_down", 0), "jump_down", 0, MAX_JUMP)
    if climb and jump:
        raise IllegalAction("A move climbs up or jumps down, not both.")
    if climb and fighter["mounted"]:
        raise IllegalAction("A horse cannot climb: dismount first.")
    to = position_from(action["to"], "to", board_bounds())
    start = xy(fighter["position"])
    check_move(
        start, xy(to), base_radius=BASE_RADIUS, mounted=fighter["mounted"], over_obstacle=over
    )
    moved = distance(start, xy(to))
    if climb:
        check_climb(horizontal=moved, height=climb)
    if overlaps(to, [f["position"] for f in in_play(state) if f is not fighter]):
        raise IllegalAction("That spot is taken: bases may not overlap.")
    if "onto" in action:
        check_onto(action["onto"], to)
    fighter["position"] = to
    state["activation"]["moved"] = True
    how = "".join(
        [
            " over an obstacle" if over else "",
            f", climbing {inches(climb)}" if climb else "",
            f", jumping down {inches(jump)}" if jump else "",
        ]
    )
    events.append(
        {
            "type": "moved",
            "fighter": fighter["id"],
            "position": dict(to),
            "text": f"{fighter['name']} moves {inches(moved)}{how} to {spot(to)}.",
            **_moved(fighter, moved, to, over=over, climb=climb, jump=jump),
        }
    )
    damage = fall_damage(jump)
    if damage:
        events.append(
            {
                "type": "fall",
                "fighter": fighter["id"],
                "wounds": damage,
                "text": f"{fighter['name']} lands hard: {wounds_text(damage)} that toughness "
                "cannot soak.",
                **said("fall", fighter=fighter["name"], wounds=said_wounds(damage)),
            }
        )
        wound(state, fighter, damage, by=None, cause="fall", events=events)


def mount(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    _ride(state, seat, action, events, mounted=True)


def dismount(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    _ride(state, seat, action, events, mounted=False)


def _ride(state: dict, seat: str, action: dict, events: list, *, mounted: bool) -> None:
    """Horse: "movement becomes 2 cards length but shooting from horse is -1"."""
    check_keys(action, {"type", "fighter"})
    fighter = active_fighter(state, seat, action["fighter"])
    if "horse" not in fighter["equipment"]:
        raise IllegalAction(f"{fighter['name']} has no horse.")
    if fighter["mounted"] == mounted:
        raise IllegalAction(f"{fighter['name']} is already {'on' if mounted else 'off'} the horse.")
    if state["activation"]["moved"]:
        raise IllegalAction("Mount or dismount before the move.")
    fighter["mounted"] = mounted
    verb = "mounts" if mounted else "dismounts from"
    events.append(
        {
            "type": "mounted" if mounted else "dismounted",
            "fighter": fighter["id"],
            "text": f"{fighter['name']} {verb} the horse.",
            **said("mounted" if mounted else "dismounted", fighter=fighter["name"]),
        }
    )


def drink(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    """``{"type": "drink", "fighter": id, "item": "whiskey" | "hooch"}``."""
    check_keys(action, {"type", "fighter", "item"})
    fighter = active_fighter(state, seat, action["fighter"])
    slug = text(action, "item")
    if slug not in fighter["equipment"]:
        raise IllegalAction(f"{fighter['name']} carries no {slug}.")
    before = fighter["wounds_left"]
    fighter["wounds_left"] = drink_item(
        slug, wounds_left=before, max_wounds=fighter["stats"]["wounds"]
    )
    spend(state, fighter, slug)
    healed = fighter["wounds_left"] - before
    events.append(
        {
            "type": "drink",
            "fighter": fighter["id"],
            "item": slug,
            "healed": healed,
            "text": f"{fighter['name']} drinks the {slug}: {wounds_text(healed)} healed, "
            f"{fighter['wounds_left']} of {fighter['stats']['wounds']} left.",
            **said(
                "drink",
                fighter=fighter["name"],
                item=thing(slug),
                healed=said_wounds(healed),
                left=fighter["wounds_left"],
                max=fighter["stats"]["wounds"],
            ),
        }
    )


def reload(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    """``{"type": "reload", "fighter": id, "weapon": slug}``: the activation's action. With
    two copies of the weapon, the one with more shots since its last reload is reloaded."""
    check_keys(action, {"type", "fighter", "weapon"})
    fighter = active_fighter(state, seat, action["fighter"])
    slug = text(action, "weapon")
    guns = [g for g in fighter["guns"] if g["slug"] == slug]
    if not guns:
        raise IllegalAction(f"{fighter['name']} carries no {slug}.")
    # Of two copies, reload the one that needs it most: an empty gun before one fired once.
    emptiest = max(guns, key=lambda g: g["shots"])
    if emptiest["shots"] == 0 or weapon(slug).reload_every is None:
        reload_weapon(slug)  # refuses a weapon that never reloads
        raise IllegalAction(f"The {weapon(slug).name.lower()} is already loaded.")
    emptiest["shots"] = reload_weapon(slug)
    state["activation"]["acted"] = True
    events.append(
        {
            "type": "reloaded",
            "fighter": fighter["id"],
            "weapon": slug,
            "text": f"{fighter['name']} reloads the {weapon(slug).name.lower()}.",
            **said("reloaded", fighter=fighter["name"], weapon=thing(slug)),
        }
    )


def _moved(fighter: dict, moved: float, to: dict, *, over, climb, jump) -> dict:
    """The move's code: how it went (over an obstacle, climbing, jumping down), if at all."""
    how = [said("over_obstacle")] if over else []
    if climb:
        how.append(said("climbing", distance=said_inches(climb)))
    if jump:
        how.append(said("jumping_down", distance=said_inches(jump)))
    words = {"fighter": fighter["name"], "distance": said_inches(moved), "spot": said_spot(to)}
    return said("moved_how", how=how, **words) if how else said("moved", **words)


def check_onto(onto: object, to: dict) -> None:
    """ "The model can move onto terrain in a move action, if the base of the model can be
    securely placed onto the terrain piece of choice": the whole base on the piece's top, the
    rectangle the player declares (the server cannot see the terrain)."""
    sides = ("left", "bottom", "right", "top")
    if not isinstance(onto, dict) or set(onto) != set(sides):
        raise IllegalAction("onto is the terrain piece's top: left, bottom, right and top.")
    rect = {side: number(onto[side], f"onto.{side}", 0.0, BOARD_SIZE) for side in sides}
    if not wholly_within(xy(to), BASE_RADIUS, **rect):
        raise IllegalAction(
            "The base cannot be securely placed on that terrain piece: it must lie wholly on "
            "its top."
        )
