"""Last Hope Frontier's events as codes (rulesets/core/messages.py): every event the live
battle emits, in English; locale/*/django.po holds the French and Dutch. Each event keeps
its English ``text`` too, for old replays and the API's ``text``.

To add an event: put its code and template in MESSAGES, emit
``{"type": ..., "text": english, **said(code, **params)}``, and give the template its fr and
nl translations. A parameter naming a thing of the game is a ``word`` (add it to WORDS)."""

from __future__ import annotations

from rulesets.core.messages import gettext_noop, ngettext_noop, said, word

MESSAGES = {
    # setup and initiative
    "initiative_choice": gettext_noop("%(gang)s decided how many rabbit's feet to spend."),
    "rabbits_feet": ngettext_noop(
        "%(gang)s spend %(count)s rabbit's foot (+%(bonus)s).",
        "%(gang)s spend %(count)s rabbit's feet (+%(bonus)s).",
        "count",
    ),
    "initiative": gettext_noop("Initiative for %(what)s: %(draws)s. %(winner)s go first."),
    "initiative_again": gettext_noop("%(draws)s; a tie, so again: %(next)s"),
    "flip": gettext_noop("%(gang)s flip %(card)s (%(value)s)"),
    "flip_bonus": gettext_noop("%(gang)s flip %(card)s (%(value)s + %(bonus)s = %(total)s)"),
    "first_turn": gettext_noop("the first turn"),
    "turn_number": gettext_noop("turn %(number)s"),
    "deployed": gettext_noop("%(fighter)s is set up at %(spot)s."),
    "town_map": gettext_noop(
        "%(fighter)s spends a town map: %(gang)s set up two models this turn."
    ),
    "town_map_interrupt": gettext_noop(
        "%(fighter)s spends a town map and interrupts: %(gang)s set up two models now."
    ),
    # turns
    "turn": gettext_noop("Turn %(turn)s of %(limit)s: %(gang)s are the active player."),
    "player_turn": gettext_noop("%(gang)s end their turn; %(next)s are the active player."),
    # an activation
    "activated": gettext_noop("%(fighter)s activates."),
    "activation_ended": gettext_noop("%(fighter)s ends the activation."),
    "moved": gettext_noop("%(fighter)s moves %(distance)s to %(spot)s."),
    "moved_how": gettext_noop("%(fighter)s moves %(distance)s (%(how)s) to %(spot)s."),
    "over_obstacle": gettext_noop("over an obstacle"),
    "climbing": gettext_noop("climbing %(distance)s"),
    "jumping_down": gettext_noop("jumping down %(distance)s"),
    "fall": gettext_noop("%(fighter)s lands hard: %(wounds)s that toughness cannot soak."),
    "mounted": gettext_noop("%(fighter)s mounts the horse."),
    "dismounted": gettext_noop("%(fighter)s dismounts from the horse."),
    "drink": gettext_noop(
        "%(fighter)s drinks: %(item)s, %(healed)s healed, %(left)s of %(max)s left."
    ),
    "reloaded": gettext_noop("%(fighter)s reloads: %(weapon)s."),
    # attacks
    "attack_declared": gettext_noop(
        "%(attacker)s %(how)s, and chooses a card face down; %(gang)s choose a card for %(target)s."
    ),
    "aim": gettext_noop("takes aim at %(target)s (%(weapon)s), %(away)s"),
    "go_for": gettext_noop("goes for %(target)s (%(weapon)s)"),
    "throw_knife": gettext_noop("throws a hunting knife at %(target)s, %(away)s"),
    "throw_dynamite": gettext_noop(
        "lights a stick of dynamite and throws it at %(target)s, %(away)s"
    ),
    "away": gettext_noop("%(distance)s away"),
    "cards_revealed": gettext_noop(
        "Cards revealed: %(attacker)s plays %(attack_card)s, %(target)s %(defence_card)s."
    ),
    "shot_hit": gettext_noop(
        "%(attacker)s shoots %(target)s: %(attack)s against %(defence)s, %(outcome)s."
    ),
    "shot_miss": gettext_noop(
        "%(attacker)s shoots at %(target)s: %(attack)s against %(defence)s, %(outcome)s."
    ),
    "throw_hit": gettext_noop(
        "%(attacker)s's knife hits %(target)s: %(attack)s against %(defence)s, %(outcome)s."
    ),
    "throw_miss": gettext_noop(
        "%(attacker)s's knife misses %(target)s: %(attack)s against %(defence)s, %(outcome)s."
    ),
    "combat_hit": gettext_noop(
        "%(attacker)s strikes %(target)s: %(attack)s against %(defence)s, %(outcome)s."
    ),
    "combat_miss": gettext_noop(
        "%(attacker)s strikes at %(target)s: %(attack)s against %(defence)s, %(outcome)s."
    ),
    "winged": gettext_noop("%(wounds)s (winged)"),
    "dynamite_hit": gettext_noop(
        "%(attacker)s's dynamite blows up by %(target)s: %(attack)s against %(defence)s, "
        "%(damage)s damage to every model within %(distance)s."
    ),
    "dynamite_miss": gettext_noop(
        "%(attacker)s's dynamite misses %(target)s: %(attack)s against %(defence)s, a miss."
    ),
    "blast": gettext_noop("%(fighter)s is caught in the blast: %(wounds)s."),
    "out_of_action": gettext_noop("%(fighter)s is out of action, taken out by %(by)s."),
    "out_of_action_fall": gettext_noop("%(fighter)s is out of action, from the fall."),
    "out_of_action_own": gettext_noop("%(fighter)s is out of action, by its own dynamite."),
    # the end
    "conceded": gettext_noop("%(gang)s concede the battle; %(winner)s win."),
    "wiped_out": gettext_noop("%(gang)s have nobody left standing; %(winner)s win the battle."),
    "wiped_out_draw": gettext_noop(
        "Both gangs are out of action to the last fighter: the battle is a draw."
    ),
    "turn_limit": gettext_noop(
        "The turn limit is reached: %(first)s took out %(a)s, %(second)s took out %(b)s. "
        "%(winner)s win the battle."
    ),
    "turn_limit_draw": gettext_noop(
        "The turn limit is reached: %(first)s took out %(a)s, %(second)s took out %(b)s. "
        "The battle is a draw."
    ),
    # missions (live_missions.py, live_loot.py)
    "objective_held": gettext_noop(
        "%(gang)s hold %(objective)s at the end of turn %(turn)s (+%(points)s)."
    ),
    "loot_picked_up": gettext_noop("%(fighter)s picks up the loot: %(item)s (+%(points)s)."),
    "mission_over": gettext_noop(
        "%(mission)s: %(first)s score %(a)s, %(second)s score %(b)s. %(winner)s win the battle."
    ),
    "mission_over_draw": gettext_noop(
        "%(mission)s: %(first)s score %(a)s, %(second)s score %(b)s. The battle is a draw."
    ),
    # units and counts
    "inches": ngettext_noop('%(n)s"', '%(n)s"', "n"),
    "wounds": ngettext_noop("%(n)s wound", "%(n)s wounds", "n"),
    "spot": gettext_noop("(%(x)s, %(y)s)"),
}

WORDS = {
    "no_wounds": gettext_noop("no wounds"),
    "a_miss": gettext_noop("a miss"),
    "in_contact": gettext_noop("in base contact"),
    "joker": gettext_noop("a Joker"),
    "fists": gettext_noop("bare fists"),
    "whiskey": gettext_noop("whiskey"),
    "hooch": gettext_noop("hooch"),
    "derringer": gettext_noop("derringer"),
    "pistol": gettext_noop("pistol"),
    "revolver": gettext_noop("revolver"),
    "shotgun": gettext_noop("shotgun"),
    "carbine": gettext_noop("carbine rifle"),
    "scope-rifle": gettext_noop("scope rifle"),
    "switchblade": gettext_noop("switchblade"),
    "hunting-knife": gettext_noop("hunting knife"),
    "hatchet": gettext_noop("hatchet"),
    "machete": gettext_noop("machete"),
}

SUITS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}


def inches(value: float) -> dict:
    return said("inches", n=round(float(value), 2))


def spot(position: dict) -> dict:
    return said("spot", x=round(float(position["x"]), 2), y=round(float(position["y"]), 2))


def wounds(count: int) -> dict:
    return word("no_wounds") if count == 0 else said("wounds", n=count)


def away(distance: float) -> dict:
    return word("in_contact") if distance == 0 else said("away", distance=inches(distance))


def card(code: str) -> object:
    """A card as the hand shows it ("10♣"), the same in every language; a Joker is a word."""
    if code.upper().startswith("JOKER"):
        return word("joker")
    return f"{code[:-1]}{SUITS.get(code[-1], code[-1])}"


def thing(slug: str | None) -> dict:
    """A weapon or an item by its slug (bare fists when there is none)."""
    if slug is None:
        return word("fists")
    return word(slug) if slug in WORDS else slug


def attack(kind: str, target: str, slug: str | None, distance: float) -> dict:
    """What an attack's declaration says the attacker does ("takes aim at ...")."""
    if kind == "combat":
        return said("go_for", target=target, weapon=thing(slug))
    code = {"shot": "aim", "throw": "throw_knife"}.get(kind, "throw_dynamite")
    extra = {"weapon": thing(slug)} if kind == "shot" else {}
    return said(code, target=target, away=away(distance), **extra)


def outcome(hit: bool, count: int) -> object:
    """An attack's result: a miss, the wounds, or no wounds on a hit (winged)."""
    if not hit:
        return word("a_miss")
    return wounds(count) if count else said("winged", wounds=wounds(0))


def revealed(attacker: str, attack_card: str, target: str, defence_card: str) -> dict:
    return said(
        "cards_revealed",
        attacker=attacker,
        attack_card=card(attack_card),
        target=target,
        defence_card=card(defence_card),
    )


def attack_result(kind: str, attacker: dict, target: dict, test, count: int) -> dict:
    """A shot, a thrown knife or a blow resolved: the opposed test's totals and the result."""
    return said(
        f"{kind}_{'hit' if test.hit else 'miss'}",
        attacker=attacker["name"],
        target=target["name"],
        attack=test.attack_total,
        defence=test.defence_total,
        outcome=outcome(test.hit, count),
    )
