"""What every game engine shares: the Ruleset protocol, seeded randomness, playing cards, errors."""

from rulesets.core.errors import IllegalAction, InvalidResult, RulesError
from rulesets.core.protocol import Outcome, Resolution, Ruleset
from rulesets.core.rng import Rng

__all__ = [
    "IllegalAction",
    "InvalidResult",
    "Outcome",
    "Resolution",
    "Rng",
    "RulesError",
    "Ruleset",
]
