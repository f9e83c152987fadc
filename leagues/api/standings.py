"""A league's standings as JSON or CSV; a view that can answer CSV still gives its errors
as the usual JSON body."""

from __future__ import annotations

import csv
import io

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from config.serializers import RoundedFloatField
from config.spreadsheets import spreadsheet_cell
from leagues import selectors
from leagues.models import League
from leagues.standings import ROW_FIELDS

CSV_COLUMNS = list(ROW_FIELDS)  # one list of the table's columns, in leagues/standings.py


def csv_value(value) -> object:
    """A cell as a person reads it in a spreadsheet: yes/no, 2 decimals, blank for none; text
    that a spreadsheet would run as a formula is quoted (config/spreadsheets.py)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return round(value, 2)
    return spreadsheet_cell(value)


class StandingsCSVRenderer(BaseRenderer):
    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, extrasaction="ignore")
        writer.writeheader()
        for row in (data or {}).get("rows", []):
            writer.writerow({k: csv_value(v) for k, v in row.items()})
        return out.getvalue().encode(self.charset)


class ErrorsAsJSONSchema(api_settings.DEFAULT_SCHEMA_CLASS):
    """Documents the error answers of a CSV view as what they are: the JSON error body."""

    def _get_response_for_code(self, serializer, status_code, media_types=None, *args, **kw):
        if str(status_code)[0] in "45":
            media_types = ["application/json"]
        return super()._get_response_for_code(serializer, status_code, media_types, *args, **kw)


class ErrorsAsJSON:
    """A view that can answer CSV still gives its errors as the usual JSON body."""

    schema = ErrorsAsJSONSchema()

    def finalize_response(self, request, response, *args, **kwargs):
        if response.status_code >= 400 and isinstance(response, Response):
            request.accepted_renderer = JSONRenderer()
            request.accepted_media_type = "application/json"
        return super().finalize_response(request, response, *args, **kwargs)


class LeagueStandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    tied = serializers.BooleanField(help_text="No tie-breaker separated this row from another.")
    player = serializers.CharField()
    points = serializers.IntegerField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    average_placement = RoundedFloatField(allow_null=True)
    opponents_strength = RoundedFloatField()
    score_difference = serializers.IntegerField(allow_null=True)
    kills = serializers.IntegerField(allow_null=True)


class LeagueStandingsSerializer(serializers.Serializer):
    league = serializers.IntegerField()
    ruleset = serializers.CharField()
    scoring = serializers.CharField()
    tie_breakers = serializers.ListField(child=serializers.CharField())
    results = serializers.IntegerField(help_text="Confirmed results counted.")
    warnings = serializers.ListField(child=serializers.CharField())
    rows = LeagueStandingRowSerializer(many=True)


@extend_schema(tags=["leagues"])
class StandingsCSVView(ErrorsAsJSON, APIView):
    renderer_classes = [StandingsCSVRenderer]

    @extend_schema(
        operation_id="leagues_standings_csv",
        responses={(200, "text/csv"): OpenApiTypes.STR},
        summary="The standings as a CSV file",
    )
    def get(self, request, pk: int):
        league = get_object_or_404(League, pk=pk)
        response = Response(selectors.league_standings(league))
        response["Content-Disposition"] = f'attachment; filename="league-{league.pk}-standings.csv"'
        return response
