"""What a client generator reads in /api/schema/: names it can use, and what to type."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema(client):
    response = client.get("/api/schema/?format=json")
    assert response.status_code == 200
    return response.json()


def test_the_token_scheme_says_to_type_the_word_token_before_the_key(schema):
    scheme = schema["components"]["securitySchemes"]["tokenAuth"]
    assert scheme["name"] == "Authorization"
    assert "`Token <key>`" in scheme["description"]


def test_operation_ids_do_not_carry_the_api_version(schema):
    ids = [op["operationId"] for path in schema["paths"].values() for op in path.values()]
    assert "matches_actions_create" in ids
    assert not [i for i in ids if i.startswith("v1_")]


def test_no_two_components_differ_only_by_a_leading_underscore(schema):
    names = list(schema["components"]["schemas"])
    assert not [n for n in names if n.startswith("_")]


def test_statuses_a_client_compares_are_enums(schema):
    components = schema["components"]["schemas"]
    assert components["State"]["properties"]["status"] == {
        "allOf": [{"$ref": "#/components/schemas/MatchStatusEnum"}],
        "readOnly": True,
    }
    assert "$ref" in str(components["Action"]["properties"]["status"])


def test_a_legal_action_documents_its_fill(schema):
    entry = schema["components"]["schemas"]["LegalAction"]
    assert set(entry["properties"]) >= {"type", "fill"}
    fill = schema["components"]["schemas"]["Fill"]
    assert set(fill["properties"]) >= {"type", "min", "max", "choices", "optional", "excludes"}
    assert fill["properties"]["type"]["allOf"] == [{"$ref": "#/components/schemas/FillTypeEnum"}]
