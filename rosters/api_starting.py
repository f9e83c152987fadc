"""``POST gangs/`` with a starting roster: the body's shape, read entry by entry.

A malformed entry (a fighter without a name, an item that is not a slug) is a fault at its
place; the well-formed entries are still checked by the rules (rosters/services/starting.py),
so one 400 names every field at fault. Only a gang that cannot be founded at all (no name, no
faction, a list that is not a list) is refused before the rules run.
"""

from __future__ import annotations

from rest_framework import serializers
from rest_framework.exceptions import ValidationError

from rosters import services
from rosters.serializers import GangCreateSerializer

# Bounds of one order, so one request cannot ask for thousands of checks. A little above the
# rules (8 fighters, 8 things carried: GangRules), so that the rules, not a bound, say what
# is wrong with a gang slightly too big.
MAX_FIGHTERS = 12
MAX_KIT = 10
MAX_STASH = 30

_slug = serializers.CharField(max_length=50)


class StartingFighterSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80)
    role = serializers.CharField(max_length=50, help_text="leader, deputy or ganger.")
    equipment = serializers.ListField(
        child=serializers.CharField(max_length=50),
        required=False,
        default=list,
        max_length=MAX_KIT,
        help_text="Catalogue slugs, bought for this fighter in order at the store's price.",
    )


class StartingGangSerializer(GangCreateSerializer):
    fighters = StartingFighterSerializer(
        many=True,
        required=False,
        max_length=MAX_FIGHTERS,
        help_text="Hired in order, each then equipped; all or nothing with the gang.",
    )
    stash = serializers.ListField(
        child=serializers.CharField(max_length=50),
        required=False,
        default=list,
        max_length=MAX_STASH,
        help_text="Catalogue slugs bought into the stash, after the fighters.",
    )


def _flat(errors, prefix: str) -> dict[str, list[str]]:
    if isinstance(errors, dict):
        flat: dict[str, list[str]] = {}
        for key, value in errors.items():
            flat.update(_flat(value, f"{prefix}.{key}"))
        return flat
    return {prefix: [str(e) for e in errors]}


def _entries(rows, *, field: str, limit: int, check) -> tuple[list, dict]:
    """Each entry of the list ``rows`` checked by ``check`` (value or raise): the values, with
    None in place of a malformed entry, and the faults by path."""
    if rows is None:
        return [], {}
    if not isinstance(rows, list):
        raise ValidationError({field: ["Expected a list of items."]})
    if len(rows) > limit:
        raise ValidationError({field: [f"Ensure this field has no more than {limit} elements."]})
    values, faults = [], {}
    for index, row in enumerate(rows):
        try:
            values.append(check(row))
        except ValidationError as exc:
            values.append(None)
            faults.update(_flat(exc.detail, f"{field}.{index}"))
    return values, faults


def _fighter(row):
    parsed = StartingFighterSerializer(data=row)
    parsed.is_valid(raise_exception=True)
    return parsed.validated_data


def starting_gang(request):
    """The gang of ``POST gangs/``, with its roster when the body brings one."""
    data = request.data if isinstance(request.data, dict) else {}
    gang = GangCreateSerializer(data=request.data)
    fighters, faults = _entries(
        data.get("fighters"), field="fighters", limit=MAX_FIGHTERS, check=_fighter
    )
    stash, stash_faults = _entries(
        data.get("stash"), field="stash", limit=MAX_STASH, check=_slug.run_validation
    )
    faults.update(stash_faults)
    if not gang.is_valid():
        raise ValidationError({**gang.errors, **faults})
    return services.create_starting_gang(
        owner=request.user, **gang.validated_data, fighters=fighters, stash=stash, faults=faults
    )
