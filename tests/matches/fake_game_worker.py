"""Imported by the test worker (see worker_settings.py): registers the fake games there."""

from rulesets import registry
from tests.matches.fake_game import FAKE_RULESETS

_real = registry._rulesets
registry._rulesets = lambda: {**_real(), **FAKE_RULESETS}
