"""schemathesis against /api/schema/, in-process through the WSGI app, signed in and anonymous.

Every operation of the schema becomes one test per persona. Each answer must not be a 5xx,
must carry a status code the schema documents, and its body must match the schema for that
code (errors included: config/schema.py documents them). A small world (tests/security/world.py)
gives the generator ids that exist, so it reaches the code behind the 404s, not only them.

Bounded for CI: POSSE_FUZZ_EXAMPLES (default 10) examples per operation and persona with a fixed
seed, so a run is repeatable; POSSE_FUZZ_SEED=random (or a number) explores further, e.g.
``POSSE_FUZZ_EXAMPLES=200 POSSE_FUZZ_SEED=random pytest -m fuzz``.
"""

from __future__ import annotations

import os

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    ignored_auth,
    response_schema_conformance,
    status_code_conformance,
)

from config.wsgi import application
from tests.security.world import build_world

pytestmark = pytest.mark.fuzz

MAX_EXAMPLES = int(os.environ.get("POSSE_FUZZ_EXAMPLES", "10"))
SEED = int(os.environ.get("POSSE_FUZZ_SEED", "20261130"))  # "random": see conftest.py


def _load(*, coverage: bool):
    return schemathesis.openapi.from_wsgi(
        "/api/schema/?format=json",
        application,
        config=schemathesis.Config.from_dict(
            {
                "seed": SEED,
                "generation": {"max-examples": MAX_EXAMPLES, "database": "none"},
                "phases": {"coverage": {"enabled": coverage}},
            }
        ),
    )


# Signed in, the coverage phase also runs: every boundary and every kind of wrong value of
# every field, deterministically (it found the 500 of a campaign whose win is worth less than
# a draw). Anonymous requests stop at the 401, so random examples are enough there.
schema = _load(coverage=True)
anonymous_schema = _load(coverage=False)

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    # A successful signed-in answer is asked again without the token: it must be refused.
    ignored_auth,
]

# The world of the current test: the hooks below draw ids from it.
KNOWN: dict[str, list] = {}


def _known_for(path: str, name: str) -> list:
    """Ids that exist for the path parameter ``name`` of ``path``."""
    resource = path.removeprefix("/api/v1/").split("/")[0]
    by_name = {
        "battle_id": "battle",
        "membership_id": "memberships",
        "number": "round",
        "equipment_id": "stash",
        "match_id": "match",
        "action_id": "action",
        "slug": "slugs",
        "result_id": "result",
        "username": "usernames",
    }
    by_resource = {
        "gangs": "gangs",
        "fighters": "fighters",
        "campaigns": "campaign",
        "tasks": "job",
        "leagues": "league",
    }
    key = by_name.get(name) or (by_resource.get(resource) if name in ("id", "pk") else None)
    value = KNOWN.get(key, [])
    return value if isinstance(value, list) else [value]


def flatmap_path_parameters(context, path_parameters):
    """Half the time, ids that exist; otherwise whatever the generator made."""
    known = {name: _known_for(context.operation.path, name) for name in path_parameters or {}}
    known = {name: values for name, values in known.items() if values}
    if not known:
        return st.just(path_parameters)
    chosen = st.fixed_dictionaries({name: st.sampled_from(v) for name, v in known.items()})
    return st.one_of(st.just(path_parameters), chosen.map(lambda c: {**path_parameters, **c}))


# Body fields that name things: half the time, something that exists.
BODY_KEYS = {
    "gang": "gangs",
    "gangs": "gang_pairs",
    "fighter": "fighters",
    "equipment": "stash_ids",
    "goods": "goods_ids",
    "item": "items",
    "username": "usernames",
    "players": "player_lists",
    "winner": "gangs",
    "join_code": "join_codes",
    "player": "usernames",
    "match": "match",
}


def flatmap_body(context, body):
    if not isinstance(body, dict):
        return st.just(body)
    options = {k: KNOWN.get(BODY_KEYS[k]) for k in body if k in BODY_KEYS}
    options = {k: values for k, values in options.items() if values}
    if not options:
        return st.just(body)
    chosen = st.fixed_dictionaries({k: st.sampled_from(v) for k, v in options.items()})
    return st.one_of(st.just(body), chosen.map(lambda c: {**body, **c}))


@pytest.fixture
def in_test_transaction():
    """schemathesis calls the real WSGI handler, whose request signals close the database
    connection after each request (CONN_MAX_AGE=0); on PostgreSQL that is the connection that
    holds the test's transaction. Django's test client unhooks the same handler; so do we."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def world(db, in_test_transaction):
    world = build_world()
    ids = world.ids
    KNOWN.clear()
    KNOWN.update(
        {
            "gangs": [ids["gang"], ids["gang_pending"], ids["gang_free"], ids["gang_rival"]],
            "fighters": ids["fighters"],
            "campaign": [ids["campaign"]],
            "memberships": ids["memberships"],
            "round": [ids["round"]],
            "battle": [ids["battle"]],
            "stash": [ids["stash"]],
            "match": [ids["match"]],
            "action": [ids["action"]],
            "job": [ids["job"]],
            "slugs": ["le-dernier-peuple", "last-hope-frontier", "battle-royale"],
            "gang_pairs": [[ids["gang"], ids["gang_rival"]], [ids["gang_rival"], ids["gang"]]],
            "stash_ids": [ids["stash"]],
            "goods_ids": [ids["goods"]],
            "items": ["pistol", "whiskey", "horse", "beaver-pelt", "dynamite"],
            "usernames": [u.username for u in world.users.values()],
            "player_lists": [[world.users["owner"].username, world.users["rival"].username]],
            "join_codes": [ids["join_code"], ids["league_code"]],
            "league": [ids["league"]],
            "result": [ids["result"]],
        }
    )
    yield world
    KNOWN.clear()


for _schema in (schema, anonymous_schema):
    _schema.hook(flatmap_path_parameters)
    _schema.hook(flatmap_body)

HYPOTHESIS = settings(
    deadline=None,
    # One world per operation, shared by its examples: what they write piles up in it and is
    # rolled back with the test, which is the point.
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
    ],
)


def _call(case, headers):
    from django.core.cache import cache

    # Throttles count in the cache: tests/security/ proves they bite; here they would only
    # turn most examples of the sign-in endpoints into 429s.
    cache.clear()
    case.call_and_validate(headers=headers, checks=CHECKS)


@schema.parametrize()
@HYPOTHESIS
def test_api_signed_in(case, world):
    _call(case, world.headers("owner"))


@anonymous_schema.parametrize()
@HYPOTHESIS
def test_api_anonymous(case, world):
    _call(case, {})
