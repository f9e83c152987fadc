"""Every game Posse knows, by slug. Pure Python: engines register here, Django apps look up."""

from __future__ import annotations

from functools import cache

from rulesets.core.protocol import Ruleset


@cache
def _rulesets() -> dict[str, Ruleset]:
    # Imported lazily so that importing the registry does not import every engine at startup.
    found: list[Ruleset] = []
    for module_name in (
        "rulesets.last_hope_frontier",
        "rulesets.le_dernier_peuple",
        "rulesets.battle_royale",
        "rulesets.last_one_standing",
    ):
        try:
            module = __import__(module_name, fromlist=["RULESET"])
        except ModuleNotFoundError as exc:  # an engine not written yet
            if exc.name != module_name:
                raise
            continue
        ruleset = getattr(module, "RULESET", None)
        if ruleset is not None:
            found.append(ruleset)
    return {r.slug: r for r in found}


def get_ruleset(slug: str) -> Ruleset | None:
    return _rulesets().get(slug)


def all_rulesets() -> list[Ruleset]:
    return list(_rulesets().values())


def slugs() -> list[str]:
    return list(_rulesets())
