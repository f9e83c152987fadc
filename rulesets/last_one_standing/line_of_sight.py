"""Line of Sight, range and Hard to Hit."""

from __future__ import annotations

from rulesets.last_one_standing import hexes
from rulesets.last_one_standing.character import has_ability


def line_of_sight(terrain: dict, shooter: str, target: str) -> bool:
    """Rulebook: "Draw a straight line from the center of your tile to the target's tile. If half or
    more of the tile is 'visible' that target is within your line of sight." "Walls: Block
    line of sight." "Towers: When you're in a Tower, you are able to shoot over Walls ...
    Opponents may shoot at you over Walls as well."

    The line is drawn twice, nudged a hair to either side: a line grazing a wall's corner is
    blocked on one side only, so half the target stays visible and the shot is allowed.
    """
    if terrain.get(shooter) == "tower" or terrain.get(target) == "tower":
        return True
    for path in hexes.lines(shooter, target):
        if not any(terrain.get(h) == "wall" for h in path[1:-1]):
            return True
    return False


def in_range(terrain: dict, shooter: str, target: str, weapon_range: int) -> bool:
    """Towers: "you are able to shoot ... 1 space further"."""
    bonus = 1 if terrain.get(shooter) == "tower" else 0
    return hexes.distance(shooter, target) <= weapon_range + bonus


def can_see_and_reach(terrain: dict, shooter: str, target: str, weapon_range: int) -> bool:
    return in_range(terrain, shooter, target, weapon_range) and line_of_sight(
        terrain, shooter, target
    )


def hard_to_hit(state: dict, seat: str) -> bool:
    """Rulebook: "Forest ... While in a Forest you are 'Hard to Hit'" (and the Ghillie Suit's
    wearer)."""
    player = state["players"][seat]
    return state["terrain"].get(player["hex"]) == "forest" or has_ability(player, "camouflage")


HIT_ON = 3


def hits(roll: int) -> bool:
    """Rulebook: "On a result of 3 (three) or higher you hit and deal damage as normal.\""""
    return roll >= HIT_ON
