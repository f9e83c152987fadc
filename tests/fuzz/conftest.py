"""The schemathesis run takes minutes, so a plain ``pytest`` (``make test``) leaves it out.

It runs when asked for: ``pytest -m fuzz`` (or any -m expression naming fuzz), or with
POSSE_FUZZ=1. ``.ci/run`` runs it as its own step after ``make test``.
"""

import os


def fuzz_requested(config) -> bool:
    return bool(os.environ.get("POSSE_FUZZ")) or "fuzz" in (config.option.markexpr or "")


def pytest_ignore_collect(collection_path, config):
    if collection_path.name == "test_schemathesis.py" and not fuzz_requested(config):
        return True
    return None
