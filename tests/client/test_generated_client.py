"""A client generated from /api/schema/ plays: it builds gangs, runs a campaign battle to its
post-game, and plays a live Le Dernier Peuple game against a bot to its end.

Only the generated client talks to the server (tests/client/generate.py): typed request
models in, typed answers out, so a schema that lies about a shape (a nullable field, an
enum, a one-of body) fails here as it would fail a client developer.
"""

from __future__ import annotations

import importlib
import uuid

import pytest

from tests.client.generate import PACKAGE, generate

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "dusty-trail-1876"
MOVES = 1000  # far more than a game of Le Dernier Peuple takes (30 to 250 of ours)


@pytest.fixture
def posse(live_server, tmp_path):
    return generate(live_server.url, tmp_path)


def op(name: str):
    """An operation of the generated client: ``op("gangs.gangs_create").sync(...)``."""
    return importlib.import_module(f"{PACKAGE}.api.{name}")


def ok(response, *codes: int):
    assert response.status_code in (codes or (200, 201)), response.content
    return response.parsed


def sign_up(posse, base_url: str, username: str):
    m = posse.models
    anonymous = posse.Client(base_url=base_url, raise_on_unexpected_status=True)
    ok(
        op("auth.auth_register_create").sync_detailed(
            client=anonymous, body=m.RegisterRequest(username=username, password=PASSWORD)
        ),
        201,
    )
    token = ok(
        op("auth.auth_token_create").sync_detailed(
            client=anonymous, body=m.TokenRequestRequest(username=username, password=PASSWORD)
        )
    ).token
    return posse.AuthenticatedClient(
        base_url=base_url, token=token, prefix="Token", raise_on_unexpected_status=True
    )


def build_gang(posse, client, name: str, faction) -> tuple[int, int]:
    """A starting gang in one call, a leader with a revolver and two gangers:
    (gang id, leader id)."""
    m = posse.models
    fighters = [
        m.StartingFighterRequest(name=f"{name} boss", role="leader", equipment=["revolver"]),
        *(m.StartingFighterRequest(name=f"{name} {n}", role="ganger") for n in range(2)),
    ]
    gang = ok(
        op("gangs.gangs_create").sync_detailed(
            client=client,
            body=m.StartingGangRequest(name=name, faction=faction, fighters=fighters),
        ),
        201,
    )
    leader = next(f for f in gang.fighters if f.role == "leader")
    assert [e.item for e in leader.equipment] == ["revolver"]
    return gang.id, leader.id


def test_a_generated_client_builds_gangs_fights_a_campaign_battle_and_plays_a_game(
    posse, live_server, seeded_catalogue
):
    m = posse.models
    calamity = sign_up(posse, live_server.url, "calamity")
    bob = sign_up(posse, live_server.url, "bob")

    # Gangs, and a campaign with both of them (bob accepts the invitation).
    mine, wyatt = build_gang(posse, calamity, "Earp Posse", m.FactionEnum.SHERIFFS)
    theirs, ike = build_gang(posse, bob, "Clanton Gang", m.FactionEnum.OUTLAWMEN)
    campaign = ok(
        op("campaigns.campaigns_create").sync_detailed(
            client=calamity,
            body=m.CampaignWriteRequest(name="Deadwood Summer", ruleset="last-hope-frontier"),
        ),
        201,
    )
    members = op("campaigns.campaigns_members_create")
    ok(members.sync_detailed(id=campaign.id, client=calamity, body=m.JoinRequest(gang=mine)))
    invited = ok(
        members.sync_detailed(id=campaign.id, client=calamity, body=m.JoinRequest(gang=theirs))
    )
    ok(
        op("campaigns.campaign_membership_decide").sync_detailed(
            id=campaign.id, membership_id=invited.id, decision="accept", client=bob
        )
    )
    ok(
        op("campaigns.campaigns_status_create").sync_detailed(
            id=campaign.id,
            client=calamity,
            body=m.StatusRequest(status=m.CampaignTransitionEnum.ACTIVE),
        )
    )

    # A battle reported, confirmed by the other side, and its post-game applied.
    report = m.ReportRequest(
        gangs=[mine, theirs],
        winner=mine,
        casualties=[m.CasualtyInputRequest(fighter=ike, taken_out_by=wyatt)],
    )
    battle = ok(
        op("campaigns.campaigns_battles_create").sync_detailed(
            id=campaign.id, client=calamity, body=report
        ),
        201,
    )
    confirmed = ok(
        op("campaigns.campaign_battle_decide").sync_detailed(
            id=campaign.id,
            battle_id=battle.id,
            decision="confirm",
            client=bob,
            body=m.ReasonRequest(),
        )
    )
    assert confirmed.status == m.BattleStatusEnum.CONFIRMED
    winner = ok(op("gangs.fighters_retrieve").sync_detailed(id=wyatt, client=calamity))
    assert winner.flips == 1  # the post-game ran: one flip for taking Ike out
    loser = ok(op("gangs.fighters_retrieve").sync_detailed(id=ike, client=bob))
    assert loser.times_out_of_action == 1

    # A live game of Le Dernier Peuple against a bot, played to its end.
    match = ok(
        op("matches.matches_create").sync_detailed(
            client=calamity,
            body=m.LiveMatchCreateRequest(
                ruleset="le-dernier-peuple", live=True, players=["calamity"], bots=1
            ),
        ),
        201,
    )
    legal = op("live_play.matches_legal_actions_retrieve")
    submit = op("live_play.matches_actions_create")
    for _ in range(MOVES):  # the bot's answers are played in-process, before each reply
        entries = ok(legal.sync_detailed(match.id, client=calamity)).actions
        if not entries:  # nothing to decide: the game is over
            break
        action = ok(
            submit.sync_detailed(
                match.id,
                client=calamity,
                body=m.MatchesActionsCreateBody.from_dict(entries[0].to_dict()),
                idempotency_key=str(uuid.uuid4()),
            ),
            202,
        )
        assert action.status == m.ActionStatusEnum.RESOLVED, action.reason
    else:
        pytest.fail(f"the game did not end in {MOVES} moves")
    state = ok(op("live_play.matches_state_retrieve").sync_detailed(match.id, client=calamity))
    assert state.status == m.MatchStatusEnum.FINISHED
    assert state.outcome.winners  # one of us won
    assert set(state.outcome.placements.to_dict()) == {"calamity", "Bot #1"}
