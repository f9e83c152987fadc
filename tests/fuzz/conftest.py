"""The schemathesis run takes minutes, so a plain ``pytest`` (``make test``) leaves it out.

It runs when asked for: ``pytest -m fuzz`` (or any -m expression naming fuzz), or with
POSSE_FUZZ=1. ``.ci/run`` runs it as its own step after ``make test``.
"""

import os
import random

# A random seed is drawn once here, so that the header below can print it for a re-run.
if os.environ.get("POSSE_FUZZ_SEED") == "random":
    os.environ["POSSE_FUZZ_SEED"] = str(random.randrange(2**32))


def fuzz_requested(config) -> bool:
    return bool(os.environ.get("POSSE_FUZZ")) or "fuzz" in (config.option.markexpr or "")


def pytest_ignore_collect(collection_path, config):
    if collection_path.name == "test_schemathesis.py" and not fuzz_requested(config):
        return True
    return None


def pytest_report_header(config):
    if fuzz_requested(config):
        seed = os.environ.get("POSSE_FUZZ_SEED", "20261130 (the default)")
        examples = os.environ.get("POSSE_FUZZ_EXAMPLES", "10")
        return f"fuzz: POSSE_FUZZ_SEED={seed} POSSE_FUZZ_EXAMPLES={examples}"
    return None
