"""Last One Standing: The Battle Royale Board Game (hex island battle royale, 2-8 players).

Rules modules are named after the rulebook: ``island`` (Build the Island), ``setup``,
``drop_in``, ``turns``, ``movement`` (A: Move), ``looting``, ``island_events`` (Island Event,
Island Explosion, Supply Drop), ``line_of_sight`` and ``shooting`` (B: Shoot), ``items``
(C: Use Item), ``reload`` (D: Reload & Rearrange), ``winning``, ``duos``, ``deathmatch``.
Card and tile designs are data in ``data/``. See docs/rules/last-one-standing.md.
"""

from rulesets.last_one_standing.engine import LastOneStanding

RULESET = LastOneStanding()

__all__ = ["RULESET", "LastOneStanding"]
