"""The outbox: each event's notification is written in the event's transaction, for the people
it asks something of, and read in the reader's language."""

from __future__ import annotations

import pytest
from django.db import transaction

from campaigns import services as campaigns
from leagues import services as leagues
from notifications.models import Notification
from notifications.texts import KINDS, render
from rosters import services as rosters
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def kinds_for(user) -> list[str]:
    return list(Notification.objects.filter(recipient=user).values_list("kind", flat=True))


def test_an_invited_gangs_owner_is_told_with_a_link_to_the_campaign():
    judge, ann = UserFactory(username="judge"), UserFactory(username="ann")
    campaign = campaigns.create_campaign(creator=judge, name="Deadwood")
    gang = rosters.create_gang(owner=ann, name="Ann's Riders", faction="sheriffs")
    campaigns.request_join(campaign=campaign, gang=gang, actor=judge)
    (row,) = Notification.objects.filter(recipient=ann)
    assert (row.kind, row.category, row.link) == (
        "campaign.invited",
        "invitations",
        f"/campaigns/{campaign.pk}/",
    )
    assert render(row.kind, row.params, "en") == (
        "judge invited your gang Ann's Riders to the campaign Deadwood."
    )
    assert render(row.kind, row.params, "fr") == (
        "judge a invité votre bande Ann's Riders dans la campagne Deadwood."
    )
    assert "uitgenodigd" in render(row.kind, row.params, "nl")
    assert kinds_for(judge) == []  # nobody is told of their own act


def test_a_rolled_back_event_notifies_nobody(django_capture_on_commit_callbacks):
    judge, ann = UserFactory(), UserFactory()
    campaign = campaigns.create_campaign(creator=judge, name="Deadwood")
    gang = rosters.create_gang(owner=ann, name="Riders", faction="sheriffs")
    with (
        django_capture_on_commit_callbacks() as scheduled,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        campaigns.request_join(campaign=campaign, gang=gang, actor=judge)
        raise RuntimeError("the event's transaction fails after notify")
    assert Notification.objects.filter(recipient=ann).count() == 0
    assert scheduled == []  # and no email task was sent for it


def test_email_is_scheduled_only_when_the_event_commits(django_capture_on_commit_callbacks):
    judge, ann = UserFactory(), UserFactory()
    campaign = campaigns.create_campaign(creator=judge, name="Deadwood")
    gang = rosters.create_gang(owner=ann, name="Riders", faction="sheriffs")
    with django_capture_on_commit_callbacks(execute=False) as scheduled:
        campaigns.request_join(campaign=campaign, gang=gang, actor=judge)
    assert len(scheduled) == 1


def test_a_league_invitation_reaches_the_invited_player():
    boss, bob = UserFactory(username="boss"), UserFactory(username="bob")
    league = leagues.create_league(creator=boss, name="Cup", ruleset="le-dernier-peuple")
    leagues.invite_players(league=league, usernames=["bob"], actor=boss)
    (row,) = Notification.objects.filter(recipient=bob)
    assert row.kind == "league.invited" and row.link == f"/leagues/{league.pk}/"
    assert render(row.kind, row.params, "en") == "boss invited you to the league Cup."


def test_a_reported_battle_asks_the_other_side_and_a_dispute_tells_the_arbitrators(world):
    ann, bob = world.players[:2]
    a, b = world.gangs[:2]
    Notification.objects.all().delete()
    battle = campaigns.report_battle(
        campaign=world.campaign, actor=ann, gangs=[a.pk, b.pk], winner=a.pk, casualties=[]
    )
    assert kinds_for(bob) == ["battle.to_confirm"] and kinds_for(ann) == []
    campaigns.dispute_battle(battle=battle, actor=bob, reason="We won.")
    assert kinds_for(world.arbitrator) == ["battle.disputed"]
    assert kinds_for(ann) == ["battle.disputed"]  # the reporter hears of it too


def test_a_round_opened_tells_every_active_gangs_owner(world):
    Notification.objects.all().delete()
    round_ = world.campaign.rounds.get(status="open")
    round_.status = "closed"
    round_.save()
    campaigns.open_round(campaign=world.campaign, actor=world.arbitrator)
    for player in world.players:
        assert kinds_for(player) == ["round.opened"]


def test_every_kind_reads_in_english_french_and_dutch():
    params = {
        "actor": "ann",
        "gang": "G",
        "campaign": "C",
        "league": "L",
        "game": "Le Dernier Peuple",
        "gangs": "G – H",
        "reason": "r",
        "battle": 3,
        "number": 2,
        "flips": 1,
        "host": "h",
        "failures": 5,
        "match": 1,
        "table": 5,
        "opponents": "bob",
        "minutes": 9,
    }
    for kind in KINDS:
        english = render(kind, params, "en")
        assert "%(" not in english
        for language in ("fr", "nl"):
            assert render(kind, params, language) != english, (kind, language)
