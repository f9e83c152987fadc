"""Le Dernier Peuple: a circle of territories, two meeples per people, movement and power
cards, face-down VP tokens; the first to 12 VP wins. See docs/rules/le-dernier-peuple.md."""

from rulesets.le_dernier_peuple.ruleset import RULESET, LeDernierPeuple

__all__ = ["RULESET", "LeDernierPeuple"]
