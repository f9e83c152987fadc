"""The shipped settings, with each request's CPU time logged by endpoint
(bench/cpu_middleware.py, first in the stack so that every middleware is counted)."""

from config.settings import *  # noqa: F403
from config.settings import MIDDLEWARE

MIDDLEWARE = ["bench.cpu_middleware.CpuPerRequest", *MIDDLEWARE]
