"""The orjson renderer writes exactly what DRF's JSONRenderer writes."""

from __future__ import annotations

import datetime
import uuid
import zoneinfo
from decimal import Decimal

import pytest
from django.utils.translation import gettext_lazy
from rest_framework.exceptions import ErrorDetail
from rest_framework.renderers import JSONRenderer
from rest_framework.utils.serializer_helpers import ReturnDict, ReturnList

from config.renderers import ORJSONRenderer

UTC = datetime.UTC
PARIS = zoneinfo.ZoneInfo("Europe/Paris")

SAMPLES = {
    "plain": {"a": 1, "b": [1, 2.5, None, True, False], "c": {"d": "e"}},
    "unicode": {"name": "Émile «le Sûr» 🤠", "separators": "a\u2028b\u2029c"},
    "datetimes": {
        "utc": datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC),
        "micro": datetime.datetime(2026, 1, 2, 3, 4, 5, 678, tzinfo=UTC),
        "zone_utc": datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=zoneinfo.ZoneInfo("UTC")),
        "paris": datetime.datetime(2026, 7, 2, 3, 4, 5, tzinfo=PARIS),
        "naive": datetime.datetime(2026, 1, 2, 3, 4, 5),
        "date": datetime.date(2026, 1, 2),
        "time": datetime.time(3, 4, 5),
        "delta": datetime.timedelta(seconds=90),
    },
    "others": {
        "decimal": Decimal("1.25"),
        "uuid": uuid.UUID("12345678-1234-5678-1234-567812345678"),
        "lazy": gettext_lazy("This field is required."),
        "error": [ErrorDetail("Bad value.", code="invalid")],
        "tuple": (1, 2),
        "keys": {1: "one", None: "none"},
        "generator": (n for n in range(3)),
    },
    "drf containers": ReturnDict(
        {"results": ReturnList([{"id": 1}], serializer=None)}, serializer=None
    ),
    "huge int": {"n": 2**70},
    "empty": {},
    "list": [1, "two", {"three": 3}],
}


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_same_bytes_as_drf(name):
    def fresh():
        data = SAMPLES[name]
        if name == "others":  # a generator is spent once written
            data = {**data, "generator": (n for n in range(3))}
        return data

    assert ORJSONRenderer().render(fresh()) == JSONRenderer().render(fresh())


def test_indented_output_is_drfs():
    data = {"a": [1, {"b": 2}]}
    media = "application/json; indent=4"
    assert ORJSONRenderer().render(data, media, {}) == JSONRenderer().render(data, media, {})
    assert b"\n    " in ORJSONRenderer().render(data, media, {})


def test_none_renders_as_an_empty_body():
    assert ORJSONRenderer().render(None) == b""


def test_the_api_renders_with_orjson(api, db):
    response = api.get("/api/v1/ping/")
    assert response.content == b'{"pong":true}'
    assert isinstance(response.accepted_renderer, ORJSONRenderer)


@pytest.mark.parametrize("zone", ["UTC", "Europe/Paris"])
def test_iso_datetime_writes_a_datetime_as_drfs_field_does(zone, settings):
    """The flat writers' one datetime helper (a gang, a match, an action)."""
    from rest_framework.fields import DateTimeField

    from config.renderers import iso_datetime

    settings.TIME_ZONE = zone
    plus_two = datetime.timezone(datetime.timedelta(hours=2))
    for value in (
        datetime.datetime(2026, 3, 1, 20, 15, 7, 123456, tzinfo=plus_two),
        datetime.datetime(2026, 3, 2, tzinfo=datetime.UTC),
        datetime.datetime(2026, 7, 2, 12, 30, tzinfo=zoneinfo.ZoneInfo("America/New_York")),
    ):
        assert iso_datetime(value) == DateTimeField().to_representation(value)
    assert iso_datetime(None) is None
