"""Gang rosters over HTTP. Views are thin: they parse input and call rosters.services."""

from __future__ import annotations

import django_filters
import orjson
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.utils.urls import replace_query_param
from rest_framework.views import APIView

from config.converters import ObjectId
from rosters import access, detail, detail_schema, export_format, exports, selectors, services
from rosters import serializers as s
from rosters.api_flips import FighterFlipRequestSerializer, FlipsResultSerializer, flip_request
from rosters.api_starting import StartingGangSerializer, starting_gang
from rosters.keyed_writes import PARAMETER, keyed
from rosters.models import Fighter, Gang, LedgerEntry


class GangFilter(django_filters.FilterSet):
    owner = django_filters.CharFilter(field_name="owner__username")
    faction = django_filters.ChoiceFilter(choices=Gang.Faction.choices)

    class Meta:
        model = Gang
        fields = ["owner", "faction"]


class LedgerFilter(django_filters.FilterSet):
    reason = django_filters.ChoiceFilter(choices=LedgerEntry.Reason.choices)

    class Meta:
        model = LedgerEntry
        fields = ["reason"]


def _gang_detail(request, gang_id, code=status.HTTP_200_OK):
    """The cached, flat gang detail (rosters/detail.py): one query when nothing changed. Its
    JSON goes out as cached, bytes for bytes; the browsable API gets the data to show."""
    raw = detail.gang_detail_json(int(gang_id))
    if raw is None:
        raise Http404
    if request.accepted_renderer.format == "json":
        return HttpResponse(raw, status=code, content_type="application/json")
    return Response(orjson.loads(raw), status=code)


@extend_schema_view(
    list=extend_schema(
        summary="List gangs (any signed-in user may read rosters)", responses=s.GangSchema
    ),
    retrieve=extend_schema(
        summary="A gang with fighters, stash, goods, credits, rating and wealth",
        responses=detail_schema.SCHEMA,
    ),
)
@extend_schema(tags=["gangs"])
class GangViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    lookup_value_regex = ObjectId.regex  # a 404 for anything but an id
    max_body_bytes = None  # the default (config/parsers.py) but for the import action
    # The input of a new gang, for OPTIONS and the browsable API's form; every response is
    # written by a function (selectors.gang_list_item, detail.py) and its schema declared.
    serializer_class = s.GangCreateSerializer
    filterset_class = GangFilter
    search_fields = ["name", "owner__username"]
    ordering_fields = ["name", "rating", "wealth", "credits", "created_at"]
    ordering = ["name"]

    def get_queryset(self):
        if self.action == "retrieve":
            return selectors.gang_detail_queryset()
        return selectors.gangs_for_list()

    def list(self, request):
        # Filtered, searched, ordered and paged as the mixin's, each row written from
        # values() by selectors.gang_list_item. With no query parameter at all
        # the filter backends would only order by ``ordering`` and the paginator count and
        # slice: one query does both (selectors.gang_list_first_page); the browsable
        # API, which draws page controls, pages as before.
        if not request.query_params and request.accepted_renderer.format == "json":
            return self._first_page()
        gangs = self.get_queryset()
        gangs = (
            self.filter_queryset(gangs) if request.query_params else gangs.order_by(*self.ordering)
        )
        page = self.paginate_queryset(selectors.gang_list_rows(gangs))
        return self.get_paginated_response([selectors.gang_list_item(row) for row in page])

    def _first_page(self):
        """What the paginator answers for page 1 (a test keeps the two equal)."""
        size = self.paginator.page_size
        count, results = selectors.gang_list_first_page(size=size)
        url = self.request.build_absolute_uri()
        following = replace_query_param(url, self.paginator.page_query_param, 2)
        return Response(
            {
                "count": count,
                "next": following if count > size else None,
                "previous": None,
                "results": results,
            }
        )

    def retrieve(self, request, pk=None):
        return _gang_detail(request, pk)

    def _detail(self, gang_id: int, code=status.HTTP_200_OK):
        return _gang_detail(self.request, gang_id, code)

    def _gang_for(self, action: access.Action) -> Gang:
        """The gang of the URL, if the caller may take ``action`` on it (rosters/access.py)."""
        return access.access_gang(user=self.request.user, action=action, gang_id=self.kwargs["pk"])

    def _checked(self, data, action: access.Action) -> dict:
        """The request's valid input; for invalid input, the gang's 404 or the caller's 403
        first, as ever, then the 400 naming the field."""
        if not data.is_valid():
            self._gang_for(action)
            raise ValidationError(data.errors)
        return data.validated_data

    def _locked_write(self, write, action: access.Action, **kwargs):
        """``write`` (a service) on the gang of the URL, which asks rosters.access whether the
        caller may take ``action`` of the gang it has just locked: the lock, the access
        check's read and what the write reads first are one statement (services.writes)."""
        user = self.request.user

        def check(gang: Gang) -> None:
            access.require(user=user, action=action, gang=gang)

        try:
            return write(gang=int(self.kwargs["pk"]), check=check, actor=user, **kwargs)
        except Gang.DoesNotExist:
            raise Http404 from None

    @extend_schema(
        request=StartingGangSerializer,
        responses={201: detail_schema.SCHEMA},
        summary="Found a gang (it starts with the treasury), optionally with its fighters, "
        "their kit and a stash: all or nothing, every fault named at once",
    )
    def create(self, request):
        gang = starting_gang(request)  # rosters/api_starting.py
        return self._detail(gang.pk, status.HTTP_201_CREATED)

    @extend_schema(request=s.GangUpdateSerializer, responses=detail_schema.SCHEMA)
    def partial_update(self, request, pk=None):
        gang = self._gang_for(access.Action.EDIT_GANG)
        data = s.GangUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.update_gang(gang=gang, actor=request.user, **data.validated_data)
        return self._detail(gang.pk)

    @extend_schema(
        methods=["GET"], responses=s.FighterSerializer(many=True), summary="The gang's fighters"
    )
    @extend_schema(
        methods=["POST"],
        request=s.HireSerializer,
        responses={201: s.FighterSerializer},
        summary="Hire a fighter (the hire cost comes out of the gang's credits)",
    )
    @action(detail=True, methods=["get", "post"], filter_backends=[])
    def fighters(self, request, pk=None):
        if request.method == "GET":
            gang = get_object_or_404(Gang, pk=pk)
            fighters = selectors.fighter_queryset().filter(gang=gang)
            page = self.paginate_queryset(fighters)
            return self.get_paginated_response(s.FighterSerializer(page, many=True).data)
        gang = self._gang_for(access.Action.HIRE)
        data = s.HireSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fighter = services.hire_fighter(gang=gang, actor=request.user, **data.validated_data)
        fighter = selectors.fighter_queryset().get(pk=fighter.pk)
        return Response(s.FighterSerializer(fighter).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        methods=["GET"],
        responses=s.LedgerEntrySerializer(many=True),
        summary="Purchases (ledger rows with reason 'purchase')",
    )
    @extend_schema(
        methods=["POST"],
        request=s.PurchaseSerializer,
        responses={201: s.PurchaseResultSerializer},
        summary="Buy equipment for a fighter, or for the stash with fighter null",
        parameters=[PARAMETER],
    )
    @action(detail=True, methods=["get", "post"], filter_backends=[])
    def purchases(self, request, pk=None):
        if request.method == "GET":
            return self._ledger_page(pk, reason=LedgerEntry.Reason.PURCHASE)
        return keyed(request, self._purchase)

    def _purchase(self) -> Response:
        v = self._checked(s.PurchaseSerializer(data=self.request.data), access.Action.BUY)
        bought = self._locked_write(
            services.purchase_item,
            access.Action.BUY,
            item=v["item"],
            fighter_id=v["fighter"],
            quantity=v["quantity"],
        )
        # Every row bought holds the gang as the service locked and totalled it: the balance
        # and totals of this transaction, as committed (no read-back).
        gang = bought[0].gang
        body = {
            "equipment": s.EquipmentSerializer(bought, many=True).data,
            "credits": gang.credits,
            "rating": gang.rating,
            "wealth": gang.wealth,
        }
        return Response(body, status=status.HTTP_201_CREATED)

    @extend_schema(
        methods=["GET"],
        responses=s.LedgerEntrySerializer(many=True),
        summary="Sales (ledger rows with reason 'sale')",
    )
    @extend_schema(
        methods=["POST"],
        request=s.SaleSerializer,
        responses={201: s.LedgerEntrySerializer},
        summary="Sell equipment or goods at the town marketplace for half market value",
        parameters=[PARAMETER],
    )
    @action(detail=True, methods=["get", "post"], filter_backends=[])
    def sales(self, request, pk=None):
        if request.method == "GET":
            return self._ledger_page(pk, reason=LedgerEntry.Reason.SALE)
        return keyed(request, self._sale)

    def _sale(self) -> Response:
        v = self._checked(s.SaleSerializer(data=self.request.data), access.Action.SELL)
        if "equipment" in v:
            entry = self._locked_write(
                services.sell_equipment, access.Action.SELL, equipment_id=v["equipment"]
            )
        else:
            gang = self._gang_for(access.Action.SELL)
            entry = services.sell_goods(gang=gang, goods_id=v["goods"], actor=self.request.user)
        return Response(s.LedgerEntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        responses=s.LedgerEntrySerializer(many=True),
        parameters=[OpenApiParameter("reason", enum=LedgerEntry.Reason.values)],
        summary="The credits ledger: every change of credits, append-only",
    )
    @action(detail=True, methods=["get"], filter_backends=[])
    def ledger(self, request, pk=None):
        return self._ledger_page(pk)

    def _ledger_page(self, pk, reason: str | None = None):
        gang = get_object_or_404(Gang, pk=pk)
        rows = LedgerEntry.objects.filter(gang=gang).select_related("actor")
        if reason:
            rows = rows.filter(reason=reason)
        elif "reason" in self.request.query_params:
            filtered = LedgerFilter(self.request.query_params, queryset=rows)
            if not filtered.is_valid():
                raise ValidationError(filtered.errors)
            rows = filtered.qs
        page = self.paginate_queryset(rows)
        return self.get_paginated_response(s.LedgerEntrySerializer(page, many=True).data)

    @extend_schema(
        responses=s.GangEventSerializer(many=True),
        summary="The gang's history: hires, purchases, sales, injuries, advancements...",
    )
    @action(detail=True, methods=["get"], filter_backends=[])
    def history(self, request, pk=None):
        gang = get_object_or_404(Gang, pk=pk)
        page = self.paginate_queryset(gang.events.select_related("actor").all())
        return self.get_paginated_response(s.GangEventSerializer(page, many=True).data)

    @extend_schema(
        request=s.AdjustmentSerializer,
        responses={201: s.LedgerEntrySerializer},
        summary="Arbitrator or staff adjustment of credits, with the reason",
        parameters=[PARAMETER],
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def adjustments(self, request, pk=None):
        return keyed(request, self._adjustment)

    def _adjustment(self) -> Response:
        data = s.AdjustmentSerializer(data=self.request.data)
        v = self._checked(data, access.Action.ADJUST_CREDITS)
        entry = self._locked_write(services.adjust_credits, access.Action.ADJUST_CREDITS, **v)
        return Response(s.LedgerEntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        methods=["GET"], responses=s.GoodsSerializer(many=True), summary="Goods the gang holds"
    )
    @extend_schema(
        methods=["POST"],
        request=s.AddGoodsSerializer,
        responses={201: s.GoodsSerializer},
        summary="Arbitrator or staff: record goods found in a mission",
    )
    @action(detail=True, methods=["get", "post"], filter_backends=[])
    def goods(self, request, pk=None):
        if request.method == "GET":
            gang = get_object_or_404(Gang, pk=pk)
            page = self.paginate_queryset(gang.goods.select_related("item").all())
            return self.get_paginated_response(s.GoodsSerializer(page, many=True).data)
        gang = self._gang_for(access.Action.GRANT_GOODS)
        data = s.AddGoodsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        goods = services.add_goods(gang=gang, actor=request.user, **data.validated_data)
        return Response(s.GoodsSerializer(goods).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        responses={200: export_format.GangExportSerializer},
        summary="The whole gang as JSON, with its history, signed by this server",
    )
    @action(detail=True, methods=["get"], filter_backends=[])
    def export(self, request, pk=None):
        gang = get_object_or_404(selectors.gang_detail_queryset(), pk=pk)
        return Response(exports.export_gang(gang))

    @extend_schema(
        request=export_format.GangExportSerializer,
        responses={201: detail_schema.SCHEMA},
        summary="Recreate a gang from an export, owned by the caller (rule: docs/api.md)",
    )
    # A long campaign's ledger makes a big file: more room than the default 64 KB.
    @action(detail=False, methods=["post"], url_path="import", max_body_bytes=2**20)
    def import_gang(self, request):
        gang = exports.import_gang(data=request.data, owner=request.user)
        return self._detail(gang.pk, status.HTTP_201_CREATED)


@extend_schema(tags=["gangs"])
class MoveEquipmentView(APIView):
    @extend_schema(
        request=s.MoveSerializer,
        responses=s.EquipmentSerializer,
        summary="Give equipment to a fighter, or put it in the stash (fighter null)",
    )
    def post(self, request, pk: int, equipment_id: int):
        gang = access.access_gang(
            user=request.user, action=access.Action.MOVE_EQUIPMENT, gang_id=pk
        )
        data = s.MoveSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        equipment = services.move_equipment(
            gang=gang,
            equipment_id=equipment_id,
            fighter_id=data.validated_data["fighter"],
            actor=request.user,
        )
        return Response(s.EquipmentSerializer(equipment).data)


@extend_schema(tags=["gangs"])
class FlipsView(APIView):
    """A fighter's advancement card flips: the server draws every card; the player chooses."""

    def _body(self, fighter: Fighter):
        draws = fighter.flip_draws.select_related("resolution").order_by("seq")
        return {"flips": fighter.flips, "showing": services.showing_flip(fighter), "draws": draws}

    @extend_schema(
        responses=s.FlipsSerializer, summary="Flips left, the card showing, and every draw"
    )
    def get(self, request, pk: int):
        fighter = get_object_or_404(Fighter, pk=pk)
        return Response(s.FlipsSerializer(self._body(fighter)).data)

    @extend_schema(
        request=FighterFlipRequestSerializer,
        responses=FlipsResultSerializer,
        summary="flip (spend one), reflip (burn another), choose a stat, or decline the card; "
        "flip or reflip with prefer: the stat taken at once when the card offers it",
    )
    def post(self, request, pk: int):
        fighter = get_object_or_404(Fighter.objects.select_related("gang"), pk=pk)
        access.access_gang(user=request.user, action=access.Action.FLIP, gang_id=fighter.gang_id)
        prefer = flip_request(fighter=fighter, actor=request.user, data=request.data)
        fighter.refresh_from_db()
        body = {**self._body(fighter), **({"prefer": prefer} if prefer else {})}
        return Response(FlipsResultSerializer(body).data)
