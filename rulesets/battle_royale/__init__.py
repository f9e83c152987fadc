"""Battle Royale Last One Standing (Identity Games): live rules engine.

Rules and decisions: docs/rules/battle-royale.md.
"""

from rulesets.battle_royale.ruleset import BattleRoyale

RULESET = BattleRoyale()

__all__ = ["RULESET", "BattleRoyale"]
