"""The OpenAPI schema of the gang detail (``GET /api/v1/gangs/{id}/``), declared from the
serializers of the endpoints that write its parts on their own; what it describes is written
by one builder, rosters/detail.py (tests/rosters/test_detail_cache.py checks the two agree)."""

from __future__ import annotations

import copy

from drf_spectacular.utils import inline_serializer
from rest_framework import serializers

from rosters.serializers import (
    EquipmentSerializer,
    FighterDetailSerializer,
    FighterSerializer,
    FlipDrawSerializer,
    GangSchema,
    GoodsSerializer,
    StatLineSerializer,
)


def _fields(serializer, order=None, **made) -> dict:
    """``serializer``'s fields in ``order``, each made anew (an inline serializer orders its
    fields by when they were made), some by ``made``'s factories (a type of the schema's own,
    or a field the serializer has not)."""
    fields = serializer.get_fields()
    return {
        name: made[name]() if name in made else copy.deepcopy(fields[name])
        for name in (order or fields)
    }


# What ``_build`` writes, for the OpenAPI schema (drf-spectacular): the gang as the list
# writes it, its fighters as the fighters endpoint writes them plus what a roster sheet shows,
# its stash and unsold goods, and why it is not ready to fight.
SCHEMA = inline_serializer(
    name="GangDetail",
    fields={
        **_fields(GangSchema),
        "fighters": inline_serializer(
            name="GangFighter",
            fields=_fields(
                FighterDetailSerializer(),
                [*FighterSerializer.Meta.fields, "movement", "advancements", "injuries", "showing"],
                gang=serializers.IntegerField,
                role=serializers.CharField,
                base_stats=StatLineSerializer,
                stats=StatLineSerializer,
                movement=lambda: serializers.IntegerField(
                    help_text="The role's move, in card lengths."
                ),
                showing=lambda: FlipDrawSerializer(
                    allow_null=True,
                    help_text="The flipped card waiting for a choice (as `flips/`'s `showing`), "
                    "or null.",
                ),
            ),
            many=True,
        ),
        "stash": EquipmentSerializer(many=True),
        "goods": GoodsSerializer(many=True),
        "problems": serializers.ListField(
            child=serializers.CharField(),
            help_text="Why the gang is not ready to fight; empty when it is.",
        ),
    },
)
