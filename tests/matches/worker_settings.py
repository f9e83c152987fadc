"""Settings for the real worker of tests/matches: the project's, plus the fake games."""

from config.settings import *  # noqa: F403

CELERY_IMPORTS = ["tests.matches.fake_game_worker"]
