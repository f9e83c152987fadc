"""Membership decisions racing each other on PostgreSQL: the row locks order them, so a double
click is one decision, and a leave racing a confirmation leaves the battle either confirmed
(it came first) or void (the leave came first), never both and never a deadlock."""

from __future__ import annotations

import time

import pytest

from campaigns import services as campaigns
from campaigns.models import Battle, LogEntry, Membership
from config.errors import DomainError
from tests.campaigns.conftest import gang_for
from tests.races import in_threads

pytestmark = pytest.mark.django_db(transaction=True)


def test_twenty_approvals_of_one_request_are_one_approval(campaign):
    gang = gang_for("ann")
    asked = campaigns.request_join(
        campaign=campaign, gang=gang, actor=gang.owner, join_code=campaign.join_code
    )
    judge = campaign.arbitrators.get()

    def approve(_):
        return campaigns.decide_membership(membership=asked, approve=True, actor=judge).status

    results, errors = in_threads(20, approve)
    assert errors == [] and results == ["active"] * 20
    assert LogEntry.objects.filter(gang=gang, text__endswith="joined the campaign.").count() == 1


def test_an_accept_racing_a_decline_is_one_answer(campaign):
    gang = gang_for("ann")
    invited = campaigns.request_join(campaign=campaign, gang=gang, actor=campaign.arbitrators.get())

    def answer(index):
        return campaigns.answer_invitation(
            membership=invited, accept=index % 2 == 0, actor=gang.owner
        ).status

    results, errors = in_threads(10, answer)
    final = Membership.objects.get(pk=invited.pk).status
    assert final in ("active", "declined")
    assert results == [final] * len(results)  # the same answer again is no change
    assert all(isinstance(e, DomainError) and e.status_code == 409 for e in errors)
    assert len(results) + len(errors) == 10


@pytest.mark.parametrize("attempt", range(8))
def test_a_leave_racing_a_confirmation_is_one_or_the_other(campaign, attempt):
    ann, bob = gang_for("ann"), gang_for("bob")
    judge = campaign.arbitrators.get()
    for gang in (ann, bob):
        invited = campaigns.request_join(campaign=campaign, gang=gang, actor=judge)
        campaigns.answer_invitation(membership=invited, accept=True, actor=gang.owner)
    battle = campaigns.report_battle(
        campaign=campaign, actor=bob.owner, gangs=[bob.pk, ann.pk], winner=bob.pk, casualties=[]
    )
    membership = Membership.objects.get(gang=ann)

    def work(index):
        if index == 0:
            return campaigns.leave_campaign(membership=membership, actor=ann.owner).status
        time.sleep(0.004 * attempt)  # from the same instant to well after: both orders happen
        return campaigns.confirm_battle(battle=battle, actor=judge).status

    results, errors = in_threads(2, work)
    battle.refresh_from_db()
    assert Membership.objects.get(pk=membership.pk).status == "left"
    assert "left" in results
    if battle.status == Battle.Status.CONFIRMED:  # the confirmation came first: it stands
        assert errors == [] and "confirmed" in results, errors
    else:  # the leave came first: void, and the confirmation was refused
        assert battle.status == Battle.Status.VOID and battle.post_game_at is None
        # Refused: no power over a gang that left (403), or the battle is void (409).
        assert len(errors) == 1 and getattr(errors[0], "status_code", None) in (403, 409), errors
