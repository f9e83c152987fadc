"""Who may write what: every write endpoint of the API, as each persona, with the status it gets.

The table below is the contract. Each row is one write request (a templated path from the
schema, filled in from tests/security/world.py, and a body that is valid, so that the status
says who is allowed and not what is malformed) with the status each persona gets:

    anonymous         nobody signed in
    other             a signed-in player unrelated to the object
    owner             the gang's owner, the match's seated player, the member of the campaign
    arbitrator        the campaign's arbitrator (an organiser of one campaign, not staff)
    staff             is_staff: organisers of the whole site

and, for every write on a gang, a fighter or a campaign (``CAMPAIGN_PERSONAS``, #14):

    rival             the owner's opponent: the other member of the campaign, owner of gang B
    other_arbitrator  an arbitrator of another campaign (one gang A is not in)
    inviter           the founder of a campaign that "added" gang A, which its owner never
                      accepted (and whose other invitation the owner declined)

What an arbitrator may do to a gang is ``rosters.access``: the campaign's business (goods,
corrections, battles), and the roster (hire, buy, sell, move, flips) only where its owner lets
the campaign's arbitrators manage it; all only for gangs whose owner accepted the campaign.

Every cell runs on the same world inside a savepoint that is rolled back, so cells do not see
each other's writes. The list of write endpoints comes from /api/schema/: a new one that is not
in the table fails ``test_every_write_endpoint_is_in_the_matrix`` until someone decides, here,
who may call it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from campaigns.models import Battle, Membership, Round, ScheduledBattle
from rosters.models import Fighter, Gang
from tests.leagues.security_rows import league_rows
from tests.matches.security_rows import consent_rows
from tests.notifications.security_rows import notification_rows
from tests.security.world import BASE_PERSONAS, CAMPAIGN_PERSONAS, PERSONAS, World, build_world

pytestmark = pytest.mark.django_db

WRITE_METHODS = {"post", "put", "patch", "delete"}


@dataclass
class Row:
    method: str
    template: str  # exactly as in /api/schema/
    url: Callable[[World], str]
    expect: dict[str, int]
    body: Callable[[World], object] = lambda w: {}
    headers: dict[str, str] = field(default_factory=dict)
    prepare: Callable[[World], None] | None = None  # runs inside the cell's savepoint

    @property
    def key(self) -> tuple[str, str]:
        return self.method.lower(), self.template


def expect(
    anonymous: int, other: int, owner: int, arbitrator: int, staff: int, **more: int
) -> dict:
    """The five personas in order; a gang, fighter or campaign row also names ``rival``,
    ``other_arbitrator`` and ``inviter`` (test_every_gang_and_campaign_row_names_every_persona)."""
    unknown = set(more) - set(CAMPAIGN_PERSONAS)
    assert not unknown, f"no such persona: {unknown}"
    return {
        **dict(zip(BASE_PERSONAS, (anonymous, other, owner, arbitrator, staff), strict=True)),
        **more,
    }


def outsiders(code: int = 403, **but: int) -> dict:
    """The three personas of #14, each nobody to this gang (``code``) unless ``but`` says."""
    return {**dict.fromkeys(CAMPAIGN_PERSONAS, code), **but}


# Shorthands for the usual patterns (the order is always: anonymous, other, owner, arbitrator,
# staff, then the three of #14).
EVERY_PLAYER = expect(401, 201, 201, 201, 201, **outsiders(201))  # any player creates their own


def roster(ok: int) -> dict:
    """The gang's own roster: its owner, or staff. Not an arbitrator, whatever campaign."""
    return expect(401, 403, ok, 403, ok, **outsiders())


def oversight(ok: int) -> dict:
    """Goods and corrections: an arbitrator of a campaign the owner accepted, or staff; never
    the owner themself, never a campaign the gang is not (or not yet) in."""
    return expect(401, 403, 403, ok, ok, **outsiders())


def arbitration(ok: int) -> dict:
    """An arbitrator of the campaign (or staff); never the player themself."""
    return expect(401, 403, 403, ok, ok, **outsiders())


def managed(ok: int) -> dict:
    """The roster, once its owner lets the campaign's arbitrators manage it (#30): the owner,
    the campaign's arbitrator, or staff; never an arbitrator of a campaign the gang is not in,
    nor the inviter of a campaign the owner declined."""
    return expect(401, 403, ok, ok, ok, **outsiders())


def _consent(world: World) -> None:
    """The owner says yes on gang A's membership (rolled back with the cell)."""
    Membership.objects.filter(pk=world.ids["membership"]).update(arbitrators_manage_roster=True)


def owner_only(ok: int) -> dict:
    """The gang's owner's consent: nobody else's, not even staff's."""
    return expect(401, 403, ok, 403, 403, **outsiders())


SEATED_ONLY = expect(401, 403, 202, 403, 403)  # only a seated player acts in a match


def _close_round(world: World) -> None:
    Round.objects.filter(campaign_id=world.ids["campaign"]).update(status=Round.Status.CLOSED)


def _prepared(world: World) -> None:
    """The world's scheduled battle set up at pre-battle (rolled back with the cell)."""
    ScheduledBattle.objects.filter(pk=world.ids["scheduled"]).update(
        attacker_id=world.ids["gang"], prepared_at=timezone.now()
    )


def _c(world: World, rest: str = "") -> str:
    return f"/api/v1/campaigns/{world.ids['campaign']}/{rest}"


def _g(world: World, rest: str = "") -> str:
    return f"/api/v1/gangs/{world.ids['gang']}/{rest}"


def _m(world: World, rest: str = "") -> str:
    return f"/api/v1/matches/{world.ids['match']}/{rest}"


def _export(world: World) -> dict:
    # Gang J: its file is valid for anyone. (Gang A's leader holds a flip the world awarded
    # without a take-down, which no import accepts: tests/rosters/test_import_rules.py.)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=world.headers("owner")["Authorization"])
    body = client.get(f"/api/v1/gangs/{world.ids['gang_free']}/export/").json()
    return {**body, "name": "Dalton Kin (copy)"}


CAMPAIGN = "/api/v1/campaigns/{id}/"
BATTLE_DECISION = "/api/v1/campaigns/{id}/battles/{battle_id}/{decision}/"
MEMBER_DECISION = "/api/v1/campaigns/{id}/members/{membership_id}/{decision}/"

MATRIX: list[Row] = [
    # --- accounts: open to everyone, signed in or not (they ignore any token) ------------------
    Row(
        "POST",
        "/api/v1/auth/register/",
        lambda w: "/api/v1/auth/register/",
        expect(201, 201, 201, 201, 201),
        body=lambda w: {"username": "newcomer", "password": "a-long-fresh-password-7"},
    ),
    Row(
        "POST",
        "/api/v1/auth/token/",
        lambda w: "/api/v1/auth/token/",
        expect(200, 200, 200, 200, 200),
        body=lambda w: {"username": w.users["owner"].username, "password": w.password},
    ),
    # --- campaigns --------------------------------------------------------------------------------
    Row(
        "POST",
        "/api/v1/campaigns/",
        lambda w: "/api/v1/campaigns/",
        EVERY_PLAYER,
        body=lambda w: {"name": "Tombstone Autumn"},
    ),
    Row("PATCH", CAMPAIGN, _c, arbitration(200), body=lambda w: {"description": "Dusty."}),
    Row(
        "POST",
        CAMPAIGN + "arbitrators/",
        lambda w: _c(w, "arbitrators/"),
        arbitration(200),
        body=lambda w: {"username": w.users["other"].username},
    ),
    Row(
        "POST",
        CAMPAIGN + "battles/",
        lambda w: _c(w, "battles/"),
        # One of the two gangs' owners, or an arbitrator of this campaign.
        expect(401, 403, 201, 201, 201, **outsiders(rival=201)),
        body=lambda w: {"gangs": [w.ids["gang"], w.ids["gang_rival"]], "winner": w.ids["gang"]},
    ),
    Row(
        "POST",
        CAMPAIGN + "battles/",
        lambda w: _c(w, "battles/"),
        # With a mission: who picks it is the campaign's mission_choice (by default an
        # arbitrator), so the gangs' owners report it only without naming one.
        expect(401, 403, 403, 201, 201, **outsiders()),
        body=lambda w: {
            "gangs": [w.ids["gang"], w.ids["gang_rival"]],
            "winner": w.ids["gang"],
            "mission": "strongbox-scramble",
            "loot": {str(w.ids["gang"]): ["box-1"]},
        },
    ),
    Row(
        "POST",
        BATTLE_DECISION,
        lambda w: _c(w, f"battles/{w.ids['battle']}/confirm/"),
        # The other side (the owner: the rival reported it) or an arbitrator.
        expect(401, 403, 200, 200, 200, **outsiders()),
    ),
    Row(
        "POST",
        BATTLE_DECISION,
        lambda w: _c(w, f"battles/{w.ids['battle']}/dispute/"),
        expect(401, 403, 200, 200, 200, **outsiders()),
        body=lambda w: {"reason": "Emmett was never out of action."},
    ),
    Row(
        "POST",
        BATTLE_DECISION,
        lambda w: _c(w, f"battles/{w.ids['battle']}/void/"),
        arbitration(200),
        body=lambda w: {"reason": "Played outside the round."},
    ),
    Row(
        "POST",
        BATTLE_DECISION,
        lambda w: _c(w, f"battles/{w.ids['battle']}/withdraw/"),
        # Its reporter (the rival reported it) takes it back; nobody else, staff included.
        expect(401, 403, 403, 403, 403, **outsiders(rival=200)),
    ),
    Row(
        "PATCH",
        CAMPAIGN + "members/{membership_id}/",
        lambda w: _c(w, f"members/{w.ids['membership']}/"),
        owner_only(200),  # whether the arbitrators manage the roster: the owner's consent
        body=lambda w: {"arbitrators_manage_roster": True},
    ),
    Row(
        "POST",
        CAMPAIGN + "live-battles/",
        lambda w: _c(w, "live-battles/"),
        # One of the two gangs' owners, or staff; an arbitrator does not start others' games.
        expect(401, 403, 201, 403, 201, **outsiders(rival=201)),
        body=lambda w: {"gangs": [w.ids["gang"], w.ids["gang_rival"]]},
    ),
    Row(
        "POST",
        CAMPAIGN + "live-battles/",
        lambda w: _c(w, "live-battles/"),
        # Naming a mission: an arbitrator picks it (by default), and does not start others'
        # games; staff do both.
        expect(401, 403, 403, 403, 201, **outsiders()),
        body=lambda w: {"gangs": [w.ids["gang"], w.ids["gang_rival"]], "mission": "crossroads"},
    ),
    Row(
        "POST",
        CAMPAIGN + "live-battles/",
        lambda w: _c(w, "live-battles/"),
        # A scheduled battle set up at pre-battle: played as its gangs' owners start it.
        expect(401, 403, 201, 403, 201, **outsiders(rival=201)),
        body=lambda w: {"scheduled": w.ids["scheduled"]},
        prepare=_prepared,
    ),
    Row(
        "POST",
        CAMPAIGN + "scheduled-battles/",
        lambda w: _c(w, "scheduled-battles/"),
        # Scheduling, like reporting: one of the two gangs' owners, or an arbitrator.
        expect(401, 403, 201, 201, 201, **outsiders(rival=201)),
        body=lambda w: {"gangs": [w.ids["gang"], w.ids["gang_rival"]], "play_on": "2026-12-24"},
    ),
    Row(
        "POST",
        CAMPAIGN + "scheduled-battles/{sid}/pre-battle/",
        lambda w: _c(w, f"scheduled-battles/{w.ids['scheduled']}/pre-battle/"),
        # Both sides set up the same session; the arbitrator steps in at any step.
        expect(401, 403, 200, 200, 200, **outsiders(rival=200)),
        body=lambda w: {"attacker": w.ids["gang_rival"], "crews": {}},
    ),
    Row(
        "POST",
        CAMPAIGN + "scheduled-battles/{sid}/pre-battle/",
        lambda w: _c(w, f"scheduled-battles/{w.ids['scheduled']}/pre-battle/"),
        # A gang's crew is its owner's pick (not the other side's); the arbitrator steps in.
        expect(401, 403, 200, 200, 200, **outsiders()),
        body=lambda w: {"crews": {str(w.ids["gang"]): [w.ids["leader"]]}},
    ),
    Row(
        "POST",
        CAMPAIGN + "members/",
        lambda w: _c(w, "members/"),
        # The gang's owner asks with the join code; an arbitrator (or staff) invites it.
        # Knowing the join code does not let anyone else ask for someone else's gang.
        expect(401, 403, 201, 201, 201, **outsiders()),
        body=lambda w: {"gang": w.ids["gang_free"], "join_code": w.ids["join_code"]},
    ),
    Row(
        "POST",
        MEMBER_DECISION,
        lambda w: _c(w, f"members/{w.ids['membership_pending']}/approve/"),
        arbitration(200),
    ),
    Row(
        "POST",
        MEMBER_DECISION,
        lambda w: _c(w, f"members/{w.ids['membership_pending']}/reject/"),
        arbitration(200),
    ),
    Row(
        "POST",
        MEMBER_DECISION,
        lambda w: _c(w, f"members/{w.ids['membership_invited']}/accept/"),
        owner_only(200),  # an invitation is answered by the gang's owner alone
    ),
    Row(
        "POST",
        MEMBER_DECISION,
        lambda w: _c(w, f"members/{w.ids['membership_invited']}/decline/"),
        owner_only(200),
    ),
    Row(
        "POST",
        MEMBER_DECISION,
        lambda w: _c(w, f"members/{w.ids['membership']}/leave/"),
        owner_only(200),  # the owner leaves at once; nobody else takes a gang out
    ),
    Row(
        "POST",
        CAMPAIGN + "rounds/",
        lambda w: _c(w, "rounds/"),
        arbitration(201),
        prepare=_close_round,
    ),
    Row(
        "POST",
        CAMPAIGN + "rounds/{number}/close/",
        lambda w: _c(w, f"rounds/{w.ids['round']}/close/"),
        arbitration(202),
    ),
    Row(
        "POST",
        CAMPAIGN + "status/",
        lambda w: _c(w, "status/"),
        arbitration(200),
        body=lambda w: {"status": "finished"},
        prepare=_close_round,
    ),
    # --- gangs and fighters ---------------------------------------------------------------------
    Row(
        "POST",
        "/api/v1/gangs/",
        lambda w: "/api/v1/gangs/",
        EVERY_PLAYER,
        body=lambda w: {"name": "Clanton Gang", "faction": "outlawmen"},
    ),
    Row("PATCH", "/api/v1/gangs/{id}/", _g, roster(200), body=lambda w: {"notes": "Wanted."}),
    Row(
        "POST",
        "/api/v1/gangs/{id}/adjustments/",
        lambda w: _g(w, "adjustments/"),
        oversight(201),
        body=lambda w: {"amount": 10, "note": "Bounty"},
    ),
    Row(
        "POST",
        "/api/v1/gangs/{id}/equipment/{equipment_id}/move/",
        lambda w: _g(w, f"equipment/{w.ids['stash']}/move/"),
        roster(200),
        body=lambda w: {"fighter": w.ids["leader"]},
    ),
    Row(
        "POST",
        "/api/v1/gangs/{id}/fighters/",
        lambda w: _g(w, "fighters/"),
        roster(201),
        body=lambda w: {"name": "Frank", "role": "ganger"},
    ),
    Row(
        "POST",
        "/api/v1/gangs/{id}/goods/",
        lambda w: _g(w, "goods/"),
        oversight(201),
        body=lambda w: {"item": "beaver-pelt"},
    ),
    # The read-only share link: the owner's (or staff's) to make and revoke (Action.SHARE).
    Row("POST", "/api/v1/gangs/{id}/share/", lambda w: _g(w, "share/"), roster(200)),
    Row("DELETE", "/api/v1/gangs/{id}/share/", lambda w: _g(w, "share/"), roster(204)),
    Row(
        "POST",
        "/api/v1/gangs/{id}/purchases/",
        lambda w: _g(w, "purchases/"),
        roster(201),
        body=lambda w: {"item": "whiskey", "fighter": None},
    ),
    Row(
        "POST",
        "/api/v1/gangs/{id}/sales/",
        lambda w: _g(w, "sales/"),
        roster(201),
        body=lambda w: {"equipment": w.ids["stash"]},
    ),
    Row(
        "POST",
        "/api/v1/gangs/import/",
        lambda w: "/api/v1/gangs/import/",
        EVERY_PLAYER,  # the copy belongs to whoever imports it
        body=_export,
    ),
    Row(
        "PATCH",
        "/api/v1/fighters/{id}/",
        lambda w: f"/api/v1/fighters/{w.ids['leader']}/",
        roster(200),
        body=lambda w: {"name": "Robert"},
    ),
    Row(
        "POST",
        "/api/v1/fighters/{id}/flips/",
        lambda w: f"/api/v1/fighters/{w.ids['leader']}/flips/",
        roster(200),
        body=lambda w: {"action": "flip"},
    ),
    Row(
        "POST",
        "/api/v1/fighters/{id}/retire/",
        lambda w: f"/api/v1/fighters/{w.ids['ganger']}/retire/",
        roster(200),
    ),
    # --- the same roster writes once the owner lets the campaign's arbitrators manage it -------
    Row(
        "POST",
        "/api/v1/gangs/{id}/fighters/",
        lambda w: _g(w, "fighters/"),
        managed(201),
        body=lambda w: {"name": "Frank", "role": "ganger"},
        prepare=_consent,
    ),
    Row(
        "POST",
        "/api/v1/gangs/{id}/purchases/",
        lambda w: _g(w, "purchases/"),
        managed(201),
        body=lambda w: {"item": "whiskey", "fighter": None},
        prepare=_consent,
    ),
    Row(
        "POST",
        "/api/v1/gangs/{id}/sales/",
        lambda w: _g(w, "sales/"),
        managed(201),
        body=lambda w: {"equipment": w.ids["stash"]},
        prepare=_consent,
    ),
    Row(
        "POST",
        "/api/v1/gangs/{id}/equipment/{equipment_id}/move/",
        lambda w: _g(w, f"equipment/{w.ids['stash']}/move/"),
        managed(200),
        body=lambda w: {"fighter": w.ids["leader"]},
        prepare=_consent,
    ),
    Row(
        "POST",
        "/api/v1/fighters/{id}/flips/",
        lambda w: f"/api/v1/fighters/{w.ids['leader']}/flips/",
        managed(200),
        body=lambda w: {"action": "flip"},
        prepare=_consent,
    ),
    # Names and notes, retiring and sharing stay the owner's (and staff's), consent or not.
    Row(
        "PATCH",
        "/api/v1/gangs/{id}/",
        _g,
        roster(200),
        body=lambda w: {"notes": "Wanted."},
        prepare=_consent,
    ),
    Row(
        "PATCH",
        "/api/v1/fighters/{id}/",
        lambda w: f"/api/v1/fighters/{w.ids['leader']}/",
        roster(200),
        body=lambda w: {"name": "Robert"},
        prepare=_consent,
    ),
    Row(
        "POST",
        "/api/v1/fighters/{id}/retire/",
        lambda w: f"/api/v1/fighters/{w.ids['ganger']}/retire/",
        roster(200),
        prepare=_consent,
    ),
    Row(
        "POST",
        "/api/v1/gangs/{id}/share/",
        lambda w: _g(w, "share/"),
        roster(200),
        prepare=_consent,
    ),
    # --- the roster writes a client may retry: with an Idempotency-Key, who may is unchanged --
    Row(
        "POST",
        "/api/v1/gangs/{id}/purchases/",
        lambda w: _g(w, "purchases/"),
        roster(201),
        body=lambda w: {"item": "whiskey", "fighter": None},
        headers={"Idempotency-Key": "matrix-buy"},
    ),
    Row(
        "POST",
        "/api/v1/gangs/{id}/sales/",
        lambda w: _g(w, "sales/"),
        roster(201),
        body=lambda w: {"equipment": w.ids["stash"]},
        headers={"Idempotency-Key": "matrix-sell"},
    ),
    Row(
        "POST",
        "/api/v1/gangs/{id}/adjustments/",
        lambda w: _g(w, "adjustments/"),
        oversight(201),
        body=lambda w: {"amount": 10, "note": "Bounty"},
        headers={"Idempotency-Key": "matrix-adjust"},
    ),
    # --- matches ----------------------------------------------------------------------------------
    Row(
        "POST",
        "/api/v1/matches/",
        lambda w: "/api/v1/matches/",
        # A player records a match they played in; staff record anyone's.
        expect(401, 403, 201, 403, 201),
        body=lambda w: {
            "ruleset": "battle-royale",
            "live": False,
            "placements": {w.users["owner"].username: 1, w.users["rival"].username: 2},
        },
    ),
    Row(
        "POST",
        "/api/v1/matches/{match_id}/actions/",
        lambda w: _m(w, "actions/"),
        SEATED_ONLY,
        body=lambda w: {"type": "pass"},
        headers={"Idempotency-Key": "matrix-1"},
    ),
    Row("POST", "/api/v1/matches/{match_id}/resign/", lambda w: _m(w, "resign/"), SEATED_ONLY),
    # --- rules calculators: they compute and store nothing, so anyone may ask -----------------
    Row(
        "POST",
        "/api/v1/rulesets/last-hope-frontier/shot/",
        lambda w: "/api/v1/rulesets/last-hope-frontier/shot/",
        expect(200, 200, 200, 200, 200),
        body=lambda w: {
            "attacker": {"role": "leader", "faction": "outlawmen", "weapon": "pistol"},
            "defender": {"role": "ganger", "faction": "sheriffs"},
            "attack_card": "7D",
            "defence_card": "10S",
        },
    ),
    Row(
        "POST",
        "/api/v1/rulesets/last-hope-frontier/combat/",
        lambda w: "/api/v1/rulesets/last-hope-frontier/combat/",
        expect(200, 200, 200, 200, 200),
        body=lambda w: {
            "attacker": {"role": "leader", "faction": "outlawmen", "weapon": None},
            "defender": {"role": "ganger", "faction": "sheriffs"},
            "house_rules": {"fists": True},  # by the text, no melee weapon: no combat
            "attack_card": "KC",
            "defence_card": "2H",
        },
    ),
    Row(
        "POST",
        "/api/v1/rulesets/last-hope-frontier/flip/",
        lambda w: "/api/v1/rulesets/last-hope-frontier/flip/",
        expect(200, 200, 200, 200, 200),
        body=lambda w: {"card": "7D"},
    ),
    # --- leagues: rows kept by the leagues app, added below ------------------------------------
]
# The leagues app's owners keep its rows (tests/leagues/security_rows.py): the arbitrator persona
# is the league's organiser there.
MATRIX += league_rows(Row, expect)
# A named player's answers to an invitation or a logged result (tests/matches/security_rows.py).
MATRIX += consent_rows(Row, expect)
# Inboxes, email choices and webhooks (tests/notifications/security_rows.py).
MATRIX += notification_rows(Row, expect, outsiders)


def _schema_write_operations() -> set[tuple[str, str]]:
    response = APIClient().get("/api/schema/?format=json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    return {
        (method, path)
        for path, operations in paths.items()
        for method in operations
        if method in WRITE_METHODS
    }


def test_every_write_endpoint_is_in_the_matrix():
    in_schema = _schema_write_operations()
    in_matrix = {row.key for row in MATRIX}
    missing = sorted(in_schema - in_matrix)
    stale = sorted(in_matrix - in_schema)
    assert not missing, (
        f"write endpoints with no row in MATRIX (decide who may call them): {missing}"
    )
    assert not stale, f"rows in MATRIX for endpoints the schema no longer has: {stale}"


# The writes where #14's personas matter: everything done to a gang, a fighter or a campaign.
GANG_AND_CAMPAIGN_WRITES = ("/api/v1/gangs/", "/api/v1/fighters/", "/api/v1/campaigns/")


def test_every_gang_and_campaign_row_names_every_persona():
    rows = [row for row in MATRIX if row.template.startswith(GANG_AND_CAMPAIGN_WRITES)]
    assert len(rows) >= 25
    short = [
        f"{row.method} {row.template}"
        for row in rows
        if set(row.expect) != {*BASE_PERSONAS, *CAMPAIGN_PERSONAS}
    ]
    assert not short, f"rows that do not say what rival, other_arbitrator, inviter get: {short}"


def _call(world: World, row: Row, persona: str):
    client = APIClient()
    if persona != "anonymous":
        client.credentials(HTTP_AUTHORIZATION=world.headers(persona)["Authorization"])
    headers = {f"HTTP_{k.upper().replace('-', '_')}": v for k, v in row.headers.items()}
    return client.generic(
        row.method,
        row.url(world),
        data=_json(row.body(world)),
        content_type="application/json",
        **headers,
    )


def _json(body) -> str:
    import json

    return json.dumps(body)


def test_permissions_matrix():
    world = build_world()
    mismatches = []
    for row in MATRIX:
        for persona in row.expect:
            cache.clear()  # throttles: 5 sign-ins in a row are not an attack
            with transaction.atomic():
                if row.prepare:
                    row.prepare(world)
                response = _call(world, row, persona)
                transaction.set_rollback(True)
            wanted = row.expect[persona]
            if response.status_code != wanted:
                body = response.content[:200].decode(errors="replace")
                mismatches.append(
                    f"{row.method} {row.url(world)} as {persona}: "
                    f"{response.status_code} (want {wanted}) {body}"
                )
            elif response.status_code >= 400:
                # Refusals are the API's error body, and never a bare HTML page.
                assert set(response.json()) == {"detail", "errors"}, response.content
    assert not mismatches, "\n".join(mismatches)


# --- The admin allows no more than the API (#29 item 1) ----------------------------------------
# The same change through the admin's own forms and buttons, as every persona: whatever the
# admin let through, the API's row above allows that persona too. (The admin may allow less:
# it is the organisers' tool; a gang's owner runs the roster from the site and the API.) Every
# field of every change form: tests/admin/test_field_matrix.py.
ADMIN_TWINS = [
    # (the API row's method and path, the admin URL, the POST, what changed, if anything)
    (
        ("PATCH", "/api/v1/gangs/{id}/"),
        lambda w: reverse("admin:rosters_gang_change", args=[w.ids["gang"]]),
        {"name": "Renamed in the admin", "notes": "Overwritten in the admin", "_save": "Save"},
        lambda w: Gang.objects.filter(pk=w.ids["gang"], notes="Overwritten in the admin").exists(),
    ),
    (
        ("PATCH", "/api/v1/fighters/{id}/"),
        lambda w: reverse("admin:rosters_fighter_change", args=[w.ids["leader"]]),
        {"name": "Renamed in the admin", "_save": "Save"},
        lambda w: Fighter.objects.filter(pk=w.ids["leader"], name="Renamed in the admin").exists(),
    ),
    (
        ("POST", BATTLE_DECISION),
        lambda w: reverse("admin:campaigns_battle_decide", args=[w.ids["battle"], "confirm"]),
        {},
        lambda w: Battle.objects.filter(pk=w.ids["battle"], status="confirmed").exists(),
    ),
    (  # The battle session's pre-battle (#34): the admin's change form is the API's call.
        ("POST", CAMPAIGN + "scheduled-battles/{sid}/pre-battle/"),
        lambda w: reverse("admin:campaigns_scheduledbattle_change", args=[w.ids["scheduled"]]),
        {"attacker": "{gang_rival}", "_save": "Save"},
        lambda w: ScheduledBattle.objects.filter(
            pk=w.ids["scheduled"], prepared_at__isnull=False
        ).exists(),
    ),
]


def _api_row(world: World, key: tuple[str, str], admin_url: str) -> Row:
    """The API's row for the same change (the battle decision whose URL says the same verb)."""
    rows = [r for r in MATRIX if (r.method, r.template) == key]
    verb = admin_url.rstrip("/").rsplit("/", 1)[-1]
    return next((r for r in rows if f"/{verb}/" in r.url(world)), rows[0])


def test_the_admin_allows_no_more_than_the_api():
    world = build_world()
    # Staff use the admin with Django's model permissions; the API asks is_staff only.
    world.users["staff"].is_superuser = True
    world.users["staff"].save(update_fields=["is_superuser"])
    done, too_much = set(), []
    for key, url, data, changed in ADMIN_TWINS:
        row = _api_row(world, key, url(world))
        for persona in PERSONAS:
            with transaction.atomic():
                client = Client()
                if persona != "anonymous":
                    client.force_login(world.users[persona])
                sent = {k: v.format(**world.ids) for k, v in data.items()}
                client.post(url(world), sent)
                did = changed(world)
                transaction.set_rollback(True)
            if did:
                done.add((key, persona))
                if not 200 <= row.expect[persona] < 300:
                    too_much.append(f"{key} as {persona}: the admin did it, the API refuses")
    assert not too_much, "\n".join(too_much)
    # Staff do each through the admin; a non-staff arbitrator renames nothing there, and
    # confirms the battle the rival reported (they do not play in it) and sets up the
    # scheduled battle, as over the API.
    assert {k for k, persona in done if persona == "staff"} == {k for k, *_ in ADMIN_TWINS}
    assert {k for k, persona in done if persona == "arbitrator"} == {
        ("POST", BATTLE_DECISION),
        ADMIN_TWINS[-1][0],
    }
