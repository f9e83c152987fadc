"""Bad input never reaches a 500, on every write endpoint of the API.

The endpoints and their string fields come from /api/schema/ (as the permissions matrix
derives its rows); each request goes to a real object of tests/security/world.py, as a persona
the matrix says may make it, with the matrix's valid body changed in one way:

- one string field (at any depth) holds a lone surrogate, or a NUL character: a 400 whose
  ``errors`` names that field by its dotted path;
- the body nests 10,000 deep: a 400;
- the body is 10 MB: a 413 (refused from its Content-Length, never read);
- the body is not JSON at all (a form): a 415.

Each answer is the API's error body (``{"detail", "errors"}``), never Django's HTML page, and
nothing is written: every table has the rows it had.
"""

from __future__ import annotations

import copy
import itertools
import json
from unittest import mock

import pytest
from django.apps import apps
from django.core.cache import cache
from django.core.exceptions import RequestDataTooBig
from django.db import IntegrityError, transaction
from django.test import RequestFactory
from rest_framework.test import APIClient

from config.api import exception_handler, json_400, unique_violation_field
from rosters import services as rosters
from rosters.models import Gang
from tests.security.test_permissions_matrix import MATRIX, WRITE_METHODS, Row
from tests.security.world import World, build_world

pytestmark = pytest.mark.django_db

SURROGATE = "\ud800"
TEN_MB = 10 * 1024 * 1024


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    with django_db_blocker.unblock():
        response = APIClient().get("/api/schema/?format=json")
    assert response.status_code == 200
    return response.json()


@pytest.fixture
def world():
    return build_world()


# --- the endpoints and their string fields, from the schema ---------------------------------


def write_operations(schema) -> list[tuple[str, str, dict]]:
    return [
        (method, path, operation)
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if method in WRITE_METHODS
    ]


def _resolve(schema, node: dict) -> dict:
    while "$ref" in node:
        node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    for combined in ("allOf", "oneOf", "anyOf"):
        if combined in node:
            return _resolve(schema, node[combined][0])
    return node


def string_paths(schema, node: dict, prefix: tuple = (), seen: frozenset = frozenset()):
    """Every place a string goes in a body of this schema, as a path of keys and indexes.

    Arrays are entered at index 0; an object with ``additionalProperties`` (a map, or the
    free-form live action) at a key ``"k"``."""
    ref = node.get("$ref")
    if ref in seen:
        return
    seen = seen | {ref} if ref else seen
    node = _resolve(schema, node)
    kind = node.get("type")
    if kind == "string" or (kind is None and not node.get("properties") and prefix):
        yield prefix
    if kind == "array":
        yield from string_paths(schema, node.get("items", {}), (*prefix, 0), seen)
    for name, child in node.get("properties", {}).items():
        if child.get("readOnly"):
            continue
        yield from string_paths(schema, child, (*prefix, name), seen)
    extra = node.get("additionalProperties")
    if isinstance(extra, dict):
        yield from string_paths(schema, extra, (*prefix, "k"), seen)


def request_schema(operation: dict) -> dict | None:
    content = operation.get("requestBody", {}).get("content", {})
    return content.get("application/json", {}).get("schema")


def rows_by_key() -> dict[tuple[str, str], Row]:
    rows: dict[tuple[str, str], Row] = {}
    for row in MATRIX:
        rows.setdefault(row.key, row)
    return rows


def allowed_persona(row: Row) -> str:
    for persona in ("owner", "arbitrator", "staff", "other"):
        if row.expect[persona] < 400:
            return persona
    raise AssertionError(f"nobody may call {row.key}")


def with_value(body, path: tuple, value):
    """A copy of ``body`` with ``value`` at ``path``, creating what is missing on the way."""
    body = copy.deepcopy(body) if isinstance(body, dict) else {}
    node = body
    for step, following in itertools.pairwise(path):
        container = [] if isinstance(following, int) else {}
        if isinstance(step, int):
            if not node:
                node.append(container)
            if not isinstance(node[0], type(container)):
                node[0] = container
            node = node[0]
        else:
            if not isinstance(node.get(step), type(container)):
                node[step] = container
            node = node[step]
    last = path[-1]
    if isinstance(last, int):
        if node:
            node[0] = value
        else:
            node.append(value)
    else:
        node[last] = value
    return body


# --- sending and checking -----------------------------------------------------------------------


def snapshot() -> dict[str, int]:
    return {model._meta.label: model._default_manager.count() for model in apps.get_models()}


def send(world: World, row: Row, persona: str, body: bytes | str, content_type: str):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=world.headers(persona)["Authorization"])
    headers = {f"HTTP_{k.upper().replace('-', '_')}": v for k, v in row.headers.items()}
    return client.generic(
        row.method, row.url(world), data=body, content_type=content_type, **headers
    )


def refused_without_writing(world: World, row: Row, body, content_type="application/json"):
    """Send the body inside a savepoint (rolled back), and check nothing was written."""
    cache.clear()
    persona = allowed_persona(row)
    with transaction.atomic():
        if row.prepare:
            row.prepare(world)
        before = snapshot()
        response = send(world, row, persona, body, content_type)
        after = snapshot()
        transaction.set_rollback(True)
    assert 400 <= response.status_code < 500, (row.key, response.status_code, response.content)
    assert response["Content-Type"].startswith("application/json"), response.content[:200]
    assert set(response.json()) == {"detail", "errors"}, response.content
    assert before == after, f"{row.key} wrote rows: {set(before.items()) ^ set(after.items())}"
    return response


def test_every_write_endpoint_has_a_valid_body_to_spoil(schema):
    rows = rows_by_key()
    missing = [(m, p) for m, p, _ in write_operations(schema) if (m, p) not in rows]
    assert not missing, f"no valid request to start from (add it to the matrix): {missing}"


def test_text_that_cannot_be_stored_is_a_400_naming_the_field(schema, world):
    rows = rows_by_key()
    checked = 0
    for method, path, operation in write_operations(schema):
        body_schema = request_schema(operation)
        if body_schema is None:
            continue
        row = rows[(method, path)]
        valid = row.body(world)
        for field_path in sorted(set(string_paths(schema, body_schema)), key=str):
            dotted = ".".join(str(step) for step in field_path)
            for bad in (SURROGATE, f"Dal{SURROGATE}ton", "Dal\x00ton"):
                body = json.dumps(with_value(valid, field_path, bad))  # ASCII: \ud800 escaped
                response = refused_without_writing(world, row, body)
                assert response.status_code == 400, (method, path, dotted, response.content)
                assert list(response.json()["errors"]) == [dotted], (method, path, response.json())
                checked += 1
    assert checked > 100  # every string field of ~40 endpoints, three ways each


def test_a_key_that_cannot_be_stored_is_a_400(world):
    row = rows_by_key()[("post", "/api/v1/matches/{match_id}/actions/")]
    response = refused_without_writing(world, row, json.dumps({"type": "pass", SURROGATE: 1}))
    assert response.status_code == 400
    assert "key" in response.json()["detail"].lower()


KEYED = [row for row in MATRIX if "Idempotency-Key" in row.headers]


@pytest.mark.parametrize("row", KEYED, ids=lambda row: f"{row.method} {row.template}")
def test_a_roster_write_with_a_key_that_cannot_be_stored_is_a_400_writing_nothing(world, row):
    body = json.dumps(row.body(world))
    for bad in ("x" * 201, "tab\there", " "):
        spoilt = Row(row.method, row.template, row.url, row.expect, row.body, {**row.headers})
        spoilt.headers["Idempotency-Key"] = bad
        response = refused_without_writing(world, spoilt, body)
        assert response.status_code == 400, (row.key, bad, response.content)
        assert list(response.json()["errors"]) == ["Idempotency-Key"]
    # a keyed write whose body is refused keeps no key either (the snapshot counts KeyedWrite)
    assert refused_without_writing(world, row, "[[[]]]").status_code == 400


def test_the_roster_writes_a_client_may_retry_have_keyed_rows():
    assert {row.template.rsplit("/", 2)[-2] for row in KEYED} >= {
        "purchases",
        "sales",
        "adjustments",
    }


@pytest.mark.parametrize(
    "deep",
    ["[" * 10_000 + "]" * 10_000, '{"a":' * 10_000 + "1" + "}" * 10_000, "[" * 40 + "]" * 40],
    ids=["arrays-10000", "objects-10000", "arrays-40"],
)
def test_nesting_too_deep_is_a_400_on_every_write_endpoint(schema, world, deep):
    rows = rows_by_key()
    for method, path, _ in write_operations(schema):
        response = refused_without_writing(world, rows[(method, path)], deep)
        assert response.status_code == 400, (method, path, response.content)


def test_a_10_mb_body_is_a_413_on_every_write_endpoint(schema, world):
    rows = rows_by_key()
    huge_json = b'{"name": "' + b"x" * TEN_MB + b'"}'
    huge_form = b"name=" + b"x" * TEN_MB
    for method, path, _ in write_operations(schema):
        row = rows[(method, path)]
        for body, content_type in (
            (huge_json, "application/json"),
            (huge_form, "application/x-www-form-urlencoded"),
        ):
            response = refused_without_writing(world, row, body, content_type)
            assert response.status_code == 413, (method, path, response.content[:200])


def test_a_body_that_is_not_json_is_a_415_on_every_write_endpoint(schema, world):
    rows = rows_by_key()
    for method, path, _ in write_operations(schema):
        response = refused_without_writing(
            world, rows[(method, path)], "name=Dalton", "application/x-www-form-urlencoded"
        )
        assert response.status_code == 415, (method, path, response.content)


def test_nan_and_huge_numbers_are_a_400(world):
    row = rows_by_key()[("post", "/api/v1/gangs/{id}/adjustments/")]
    for body in ('{"amount": NaN, "note": "x"}', '{"amount": 1e999, "note": "x"}'):
        assert refused_without_writing(world, row, body).status_code == 400
    huge = '{"amount": 1' + "0" * 5000 + ', "note": "x"}'
    assert refused_without_writing(world, row, huge).status_code == 400


# --- the limits Django itself enforces, outside the API's parser --------------------------------


def test_djangos_own_body_limit_is_the_json_413_inside_drf():
    request = RequestFactory().post("/api/v1/gangs/")
    response = exception_handler(RequestDataTooBig("too big"), {"request": request})
    assert response.status_code == 413
    assert set(response.data) == {"detail", "errors"}


def test_djangos_400_page_is_json_under_the_api_and_html_elsewhere():
    api = json_400(RequestFactory().post("/api/v1/gangs/"), RequestDataTooBig("too big"))
    assert api.status_code == 413 and set(json.loads(api.content)) == {"detail", "errors"}
    api = json_400(RequestFactory().post("/api/v1/gangs/"), None)
    assert api.status_code == 400 and set(json.loads(api.content)) == {"detail", "errors"}
    page = json_400(RequestFactory().post("/gangs/1/"), None)
    assert page.status_code == 400 and page["Content-Type"].startswith("text/html")


# --- unique constraints: a 409 naming the field ------------------------------------------------


def test_a_gang_name_taken_in_another_case_is_refused_when_founding(as_user, user):
    rosters.create_gang(owner=user, name="Dalton Boys", faction="outlawmen")
    response = as_user.post("/api/v1/gangs/", {"name": "DALTON boys", "faction": "sheriffs"})
    assert response.status_code in (400, 409)
    assert list(response.json()["errors"]) == ["name"]
    assert Gang.objects.count() == 1


def test_renaming_a_gang_to_a_name_taken_in_another_case_is_refused(as_user, user):
    rosters.create_gang(owner=user, name="Dalton Boys", faction="outlawmen")
    other = rosters.create_gang(owner=user, name="Earp Posse", faction="sheriffs")
    response = as_user.patch(f"/api/v1/gangs/{other.pk}/", {"name": "dalton BOYS"})
    assert response.status_code == 400, response.content
    assert list(response.json()["errors"]) == ["name"]
    assert Gang.objects.get(pk=other.pk).name == "Earp Posse"


def test_a_name_the_unique_index_refuses_past_the_check_is_a_409_naming_the_field(as_user, user):
    """What a request that raced past the service's check meets: the database's index."""
    rosters.create_gang(owner=user, name="Dalton Boys", faction="outlawmen")

    def past_the_check(*, owner, name, faction, notes=""):
        with transaction.atomic():
            return Gang.objects.create(owner=owner, name=name, faction=faction, notes=notes)

    with mock.patch("rosters.services.starting.create_gang", side_effect=past_the_check):
        response = as_user.post("/api/v1/gangs/", {"name": "DALTON BOYS", "faction": "sheriffs"})
    assert response.status_code == 409, response.content
    assert response.json()["errors"] == {"name": [mock.ANY]}
    assert Gang.objects.count() == 1


def test_two_players_may_have_gangs_of_the_same_name(user, other_user):
    rosters.create_gang(owner=user, name="Dalton Boys", faction="outlawmen")
    rosters.create_gang(owner=other_user, name="dalton boys", faction="outlawmen")
    assert Gang.objects.count() == 2


def test_the_database_refuses_a_gang_name_in_another_case(user):
    Gang.objects.create(owner=user, name="Dalton Boys", faction="outlawmen")
    with pytest.raises(IntegrityError) as caught, transaction.atomic():
        Gang.objects.create(owner=user, name="DALTON BOYS", faction="outlawmen")
    assert unique_violation_field(caught.value) == (True, "name")


def test_an_integrity_error_that_is_not_about_uniqueness_is_a_409_without_a_field(as_user):
    broken = IntegrityError("FOREIGN KEY constraint failed")
    with mock.patch("rosters.services.starting.create_gang", side_effect=broken):
        response = as_user.post("/api/v1/gangs/", {"name": "Clantons", "faction": "outlawmen"})
    assert response.status_code == 409
    assert response.json()["errors"] == {}


# --- a decision that is not yours ---------------------------------------------------------------


def test_a_strangers_confirm_of_a_confirmed_battle_is_refused(world):
    from campaigns.models import Battle

    url = f"/api/v1/campaigns/{world.ids['campaign']}/battles/{world.ids['battle']}/confirm/"

    def confirm(persona):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=world.headers(persona)["Authorization"])
        return client.post(url)

    assert confirm("owner").status_code == 200  # the other side confirms the rival's report
    confirmed = Battle.objects.values().get(pk=world.ids["battle"])
    for persona in ("other", "rival"):  # a stranger; the reporter, who never could confirm
        response = confirm(persona)
        assert response.status_code in (403, 404), (persona, response.content)
        assert set(response.json()) == {"detail", "errors"}
    assert confirm("owner").status_code == 200  # confirming twice changes nothing
    assert confirm("arbitrator").status_code == 200
    assert confirm("staff").status_code == 200  # staff arbitrate everywhere
    assert Battle.objects.values().get(pk=world.ids["battle"]) == confirmed
