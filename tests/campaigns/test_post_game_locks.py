"""The post-game racing the players' own roster writes on PostgreSQL: every write lands once,
in either order, and nobody waits for a lock the other side will never let go.

The post-game locks the battle row (not its campaign) and both gangs in id order, all FOR NO
KEY UPDATE (campaigns/services/post_game.py): the same lock a roster write's UPDATE takes, so
the two are serialised; rows that merely reference a locked row (a ledger line, a log line,
kit bought for a fighter) may still be written by others meanwhile.
"""

from __future__ import annotations

import re
import time
from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns import services as campaigns
from campaigns.models import Battle
from rosters import services as rosters
from rosters.models import Gang
from tests.campaigns.conftest import gang_for
from tests.races import in_threads

pytestmark = pytest.mark.django_db(transaction=True)


def confirmed(campaign):
    ann, bob = gang_for("ann"), gang_for("bob")
    judge = campaign.arbitrators.get()
    for gang in (ann, bob):
        invited = campaigns.request_join(campaign=campaign, gang=gang, actor=judge)
        campaigns.answer_invitation(membership=invited, accept=True, actor=gang.owner)
        rosters.adjust_credits(gang=gang, amount=500, note="purse", actor=judge)
    ann_lead, bob_lead = (g.fighters.get() for g in (ann, bob))
    battle = campaigns.report_battle(
        campaign=campaign,
        actor=bob.owner,
        gangs=[bob.pk, ann.pk],
        winner=bob.pk,
        casualties=[{"fighter": ann_lead.pk, "taken_out_by": bob_lead.pk}],
    )
    with mock.patch("config.dispatch.send"):  # the post-game is the test's to run
        campaigns.confirm_battle(battle=battle, actor=judge)
    return battle, ann, bob


@pytest.mark.parametrize("attempt", range(3))
def test_a_post_game_racing_purchases_on_both_gangs_lands_once_without_deadlock(campaign, attempt):
    battle, ann, bob = confirmed(campaign)
    gangs = [ann, bob]

    def work(index):
        if index == 0:
            time.sleep(0.003 * attempt)  # from the same instant to after the first purchases
            return campaigns.run_post_game(battle_id=battle.pk)
        gang = gangs[index % 2]
        leader = gang.fighters.get()
        return rosters.purchase_item(
            gang=gang.pk,
            item="pistol",
            fighter_id=leader.pk if index < 3 else None,
            quantity=1,
            actor=gang.owner,
        )

    results, errors = in_threads(7, work)
    assert errors == [], errors
    assert len(results) == 7
    battle.refresh_from_db()
    assert battle.post_game_at is not None
    for gang in Gang.objects.filter(pk__in=[ann.pk, bob.pk]):
        assert gang.credits == rosters.ledger_balance(gang)
        assert gang.battles == 1


@pytest.mark.parametrize("attempt", range(3))
def test_a_post_game_racing_the_confirmation_of_another_battle_never_deadlocks(campaign, attempt):
    """The confirmation holds its battle and writes rows naming the campaign and both its
    gangs (the match's seats, the log, history lines); the post-game of the other battle
    holds its battle and gangs: either may come first."""
    battle, ann, _ = confirmed(campaign)
    judge = campaign.arbitrators.get()
    cal = gang_for("cal")
    invited = campaigns.request_join(campaign=campaign, gang=cal, actor=judge)
    campaigns.answer_invitation(membership=invited, accept=True, actor=cal.owner)
    other = campaigns.report_battle(
        campaign=campaign, actor=cal.owner, gangs=[cal.pk, ann.pk], winner=ann.pk, casualties=[]
    )

    def work(index):
        if index == 0:
            time.sleep(0.002 * attempt)
            return campaigns.run_post_game(battle_id=battle.pk)
        with mock.patch("config.dispatch.send"):
            return campaigns.confirm_battle(battle=other, actor=judge).status

    results, errors = in_threads(2, work)
    assert errors == [], errors
    assert sorted(map(str, results)) == ["True", "confirmed"]


def test_the_post_game_locks_the_battle_and_gangs_only_for_no_key_update(campaign):
    battle, _, _ = confirmed(campaign)
    with CaptureQueriesContext(connection) as captured:
        assert campaigns.run_post_game(battle_id=battle.pk)
    locks = [q["sql"] for q in captured if re.search(r"\bFOR (NO KEY )?UPDATE\b", q["sql"])]
    battle_lock, gang_lock = locks[:2]
    assert 'FROM "campaigns_battle"' in battle_lock
    assert battle_lock.endswith('FOR NO KEY UPDATE OF "campaigns_battle"'), battle_lock
    assert 'FROM "rosters_gang"' in gang_lock and gang_lock.endswith("FOR NO KEY UPDATE")
    # The fighters it injures too: a confirmation's commit takes a key-share lock on each
    # fighter its rows name, which FOR UPDATE held off (a deadlock on the worker).
    assert all("FOR NO KEY UPDATE" in sql for sql in locks), [s[-80:] for s in locks]
    assert any('FROM "rosters_fighter"' in sql for sql in locks)
    assert Battle.objects.get(pk=battle.pk).post_game_at is not None
