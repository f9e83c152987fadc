"""Fighters over HTTP: the list (filter, search, order), one fighter, renaming, retiring.
(Out of rosters/api.py, which had outgrown its room.)"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from config.converters import ObjectId
from rosters import access, selectors, services
from rosters import serializers as s


@extend_schema_view(
    retrieve=extend_schema(
        summary="A fighter: current stat line, equipment, injuries, advancements"
    )
)
@extend_schema(tags=["gangs"])
class FighterViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    lookup_value_regex = ObjectId.regex  # a 404 for anything but an id
    serializer_class = s.FighterDetailSerializer
    filterset_fields = ["gang", "status"]
    search_fields = ["name"]  # the `search` the schema advertises
    ordering_fields = ["name", "id"]
    ordering = ["id"]

    def get_queryset(self):
        return selectors.fighter_queryset()

    @extend_schema(request=s.FighterUpdateSerializer, responses=s.FighterDetailSerializer)
    def partial_update(self, request, pk=None):
        fighter = self.get_object()
        gang = access.access_gang(
            user=request.user, action=access.Action.EDIT_FIGHTER, gang_id=fighter.gang_id
        )
        data = s.FighterUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.rename_fighter(
            gang=gang, fighter_id=fighter.pk, name=data.validated_data["name"], actor=request.user
        )
        return Response(self.get_serializer(self.get_queryset().get(pk=fighter.pk)).data)

    @extend_schema(
        request=None,
        responses=s.FighterDetailSerializer,
        summary="Retire a fighter (refund only before the gang's first battle)",
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def retire(self, request, pk=None):
        fighter = self.get_object()
        gang = access.access_gang(
            user=request.user, action=access.Action.RETIRE, gang_id=fighter.gang_id
        )
        services.retire_fighter(gang=gang, fighter_id=fighter.pk, actor=request.user)
        return Response(self.get_serializer(self.get_queryset().get(pk=fighter.pk)).data)
