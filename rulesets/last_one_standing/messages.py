"""Last One Standing's events as codes (rulesets/core/messages.py): every event type
has one (tests/matches/test_event_messages.py checks it over seeded random games).
A seat is named by its id
("s1"): the table turns seat ids into names after rendering."""

from __future__ import annotations

from rulesets.core.messages import gettext_noop, ngettext_noop, word

MESSAGES = {
    "round": gettext_noop("Round %(number)s begins: %(order)s in that order."),
    "round_nobody": gettext_noop("Round %(number)s begins: nobody is left to play."),
    "turn": gettext_noop("It is %(seat)s's turn."),
    "end_turn": gettext_noop("%(seat)s ends their turn."),
    "step": gettext_noop("%(seat)s moves to %(hex)s."),
    "move": gettext_noop("%(seat)s moves (%(points)s movement points)."),
    "drop_in": gettext_noop("%(seat)s drops in at %(hex)s."),
    "reload": gettext_noop("%(seat)s reloads and rearranges."),
    "equip_face_down": gettext_noop("%(seat)s equips a card face down in the %(slot)s slot."),
    "equip": gettext_noop("%(seat)s equips %(card)s in the %(slot)s slot."),
    "unequip": gettext_noop("%(seat)s takes the card off the %(slot)s slot."),
    "loaded": gettext_noop("%(seat)s is loaded and ready; weight %(weight)s."),
    "armour": gettext_noop("%(seat)s's %(card)s stops %(stopped)s damage."),
    "eliminated": gettext_noop("Eliminated: %(seats)s."),
    "eliminated_by": gettext_noop("Eliminated by %(killer)s: %(seats)s."),
    "event_track": gettext_noop(
        "A loot token showing %(value)s goes on space %(space)s of the Island Event track."
    ),
    "event_track_explosion": gettext_noop(
        "A loot token showing %(value)s goes on space %(space)s of the Island Event track: "
        "an Island Explosion!"
    ),
    "event_track_supply": gettext_noop(
        "A loot token showing %(value)s goes on space %(space)s of the Island Event track: "
        "a Supply Drop!"
    ),
    "marked": gettext_noop("The Island Explosion markers go on side %(side)s."),
    "marked_centre": gettext_noop(
        "Only the Centre Tile is left: the next explosion hits everyone."
    ),
    "explosion": gettext_noop("Side %(side)s explodes: tile(s) %(tiles)s are gone."),
    "explosion_centre": gettext_noop("The Centre Tile shakes: every player takes 5 damage."),
    "damage": gettext_noop("%(seat)s takes %(amount)s damage (%(health)s health left)."),
    "damage_explosion": gettext_noop("%(seat)s takes %(amount)s damage from the explosion."),
    "damage_grenade": gettext_noop("%(seat)s takes %(amount)s damage from the grenade."),
    "use_item": gettext_noop("%(seat)s uses a %(item)s."),
    "heal": gettext_noop("%(seat)s is back to %(health)s health."),
    "revive": gettext_noop("%(seat)s revives %(target)s with %(health)s health."),
    "no_loot": gettext_noop("%(seat)s moved with a secondary attack this turn and cannot loot."),
    "loot_token": ngettext_noop(
        "%(seat)s opens a loot token showing %(value)s and draws %(count)s loot card.",
        "%(seat)s opens a loot token showing %(value)s and draws %(count)s loot cards.",
        "count",
    ),
    "loot_crate": ngettext_noop(
        "%(seat)s opens a supply crate showing %(value)s and draws %(count)s loot card.",
        "%(seat)s opens a supply crate showing %(value)s and draws %(count)s loot cards.",
        "count",
    ),
    "shoot": gettext_noop("%(seat)s uses %(card)s (%(attack)s) on %(target)s."),
    "roll_hit": gettext_noop("%(target)s is Hard to Hit: %(seat)s rolls %(roll)s and hits."),
    "roll_miss": gettext_noop("%(target)s is Hard to Hit: %(seat)s rolls %(roll)s and misses."),
    "game_over": gettext_noop("The game is over: %(winners)s won."),
    "game_over_none": gettext_noop(
        "The game is over: the last players were eliminated together; nobody wins."
    ),
    "last_round": gettext_noop("Round %(number)s was the last."),
    "draft_pick": gettext_noop("%(seat)s picks a card."),
    "draft_over": ngettext_noop(
        "The draft is over; %(count)s card is discarded.",
        "The draft is over; %(count)s cards are discarded.",
        "count",
    ),
    "draft_pass": gettext_noop("The packs pass to the left."),
    "trade": gettext_noop("%(seat)s and %(mate)s may trade loot cards."),
    "give": gettext_noop("%(seat)s gives a card to %(mate)s."),
    "resign": gettext_noop("%(seat)s resigns and leaves the game."),
    "no_ground": gettext_noop("There is no ground left for %(seat)s to land on."),
    "relocated": gettext_noop("%(seat)s is thrown to %(hex)s."),
    "supply_drop_choice": gettext_noop(
        "%(seat)s chooses: a supply drop card, or a crate placed %(distance)s or more spaces away."
    ),
    "supply_drop_nowhere": gettext_noop(
        "%(seat)s finds no forest, plains or desert space %(distance)s or more spaces away: "
        "the supply drop is lost."
    ),
    "supply_drop_placed": gettext_noop("%(seat)s places the supply drop at %(hex)s."),
    "supply_drop_lands": gettext_noop("A supply crate lands on tile %(tile)s at %(hex)s."),
    "supply_drop_lost": gettext_noop("The supply drop finds nowhere to land and is lost."),
    "bare_island": gettext_noop("No crate is left to loot: the island explodes."),
    "storm": gettext_noop("%(every)s rounds without an explosion: the storm closes in."),
    "loot_body": ngettext_noop(
        "%(seat)s loots %(body)s and takes %(count)s card; %(body)s can no longer be revived.",
        "%(seat)s loots %(body)s and takes %(count)s cards; %(body)s can no longer be revived.",
        "count",
    ),
    "discard": gettext_noop("%(seat)s discards a %(card)s."),
    "knockback": gettext_noop("%(seat)s is knocked back to %(hex)s."),
    "runs": gettext_noop("%(seat)s runs to %(hex)s."),
    "no_drop": gettext_noop("There is nowhere left for %(seat)s to drop in."),
    "token_set_aside": gettext_noop(
        "It is their first turn: the token is set aside, not placed on the Island Event track."
    ),
}

# The slots by key (a card keeps its own name: the cards are the game's, in English).
WORDS = {
    "light": gettext_noop("Light Weapon"),
    "long": gettext_noop("Long Gun"),
    "heavy": gettext_noop("Heavy Weapon"),
    "armour": gettext_noop("Armour"),
    "backpack": gettext_noop("Backpack"),
    "apparel": gettext_noop("Apparel"),
}


def slot(key: str) -> object:
    return word(key) if key in WORDS else key
