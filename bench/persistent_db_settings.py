"""config.settings with persistent database connections, for one comparison in bench/RESULTS.md.

The shipped settings open a new PostgreSQL connection for every request and every task
(``conn_max_age=0`` in config/env.py). This module measures what keeping them would give.
"""

from config.settings import *  # noqa: F403
from config.settings import DATABASES

DATABASES["default"]["CONN_MAX_AGE"] = 60
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
