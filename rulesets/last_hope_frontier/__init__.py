"""Last Hope Frontier: a western gang skirmish game played with a deck of playing cards.

One module per rulebook concept: ``shot`` (the shot test), ``damage`` (damage vs toughness),
``combat``, ``dynamite``, ``weapons`` (ranges, reloads), ``movement``, ``wounds``,
``initiative``, ``items``, ``post_game`` (injuries, flips), ``marketplace``,
``gang_creation``, ``catalogue`` (data/catalogue.json) and ``calculator`` (the API's rules
calculator). Decisions where the seed is silent: docs/rules/last-hope-frontier.md.
"""

from rulesets.last_hope_frontier.ruleset import RULESET

__all__ = ["RULESET"]
