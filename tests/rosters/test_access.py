"""Who may do what to a gang (rosters.access), and the hook other apps extend it through."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404

from campaigns.access import arbitrates_gang
from config.errors import NotAllowed
from rosters import access
from rosters.access import Action
from rosters.errors import NotYourGang


@pytest.fixture
def no_overseers(monkeypatch):
    monkeypatch.setattr(access, "_overseer_rules", [])


@pytest.fixture
def sheriff(other_user, no_overseers):
    """A registered rule that makes ``other_user`` an overseer of every gang."""

    def rule(*, user, gang):
        return user == other_user

    access.register_overseer_rule(rule)
    return rule


def test_every_action_is_the_owners_or_an_overseers_and_staff_has_them_all():
    assert set(Action) == access.OWNER_ACTIONS | access.OVERSEER_ACTIONS
    assert set(Action) == access.STAFF_ACTIONS


def test_the_owner_runs_the_roster_and_reports_battles_but_never_grants(gang, user):
    assert access.actions_for(user=user, gang=gang) == access.OWNER_ACTIONS
    for action in access.ROSTER_ACTIONS | access.BATTLE_ACTIONS:
        assert access.can(user=user, action=action, gang=gang)
    assert not access.can(user=user, action=Action.ADJUST_CREDITS, gang=gang)
    assert not access.can(user=user, action=Action.GRANT_GOODS, gang=gang)


def test_staff_may_take_every_action(gang, staff):
    assert all(access.can(user=staff, action=action, gang=gang) for action in Action)


def test_nobody_else_and_nobody_signed_out_may_take_any(gang, other_user):
    for who in (other_user, AnonymousUser(), None):
        assert access.actions_for(user=who, gang=gang) == frozenset()
        assert not any(access.can(user=who, action=action, gang=gang) for action in Action)


def test_an_overseer_has_the_campaigns_business_and_never_the_roster(gang, other_user, sheriff):
    """Attack 1 of #14: an arbitrator sold kit, renamed, retired and hired. An overseer grants
    goods, corrects credits and handles battles; the roster stays the owner's."""
    assert access.actions_for(user=other_user, gang=gang) == access.OVERSEER_ACTIONS
    for action in access.ROSTER_ACTIONS:
        assert not access.can(user=other_user, action=action, gang=gang), action
    for action in access.OVERSEER_ACTIONS:
        assert access.can(user=other_user, action=action, gang=gang), action


def test_registering_a_rule_twice_is_harmless(sheriff):
    access.register_overseer_rule(sheriff)  # ready() run again
    assert access.overseer_rules() == (sheriff,)


def test_the_rules_are_asked_neither_about_the_owner_nor_about_roster_actions(
    gang, user, other_user, no_overseers
):
    def boom(**kwargs):
        raise AssertionError("rules are asked only for an overseer's actions by others")

    access.register_overseer_rule(boom)
    assert access.can(user=user, action=Action.ADJUST_CREDITS, gang=gang) is False
    assert access.can(user=other_user, action=Action.SELL, gang=gang) is False


def test_campaigns_registers_its_arbitrators_as_overseers():
    assert arbitrates_gang in access.overseer_rules()


def test_require_says_who_may(gang, other_user):
    with pytest.raises(NotYourGang, match="owner"):
        access.require(user=other_user, action=Action.SELL, gang=gang)
    with pytest.raises(NotAllowed, match="arbitrator"):
        access.require(user=other_user, action=Action.ADJUST_CREDITS, gang=gang)


def test_access_gang_is_a_404_for_no_gang_and_refused_to_others(gang, other_user):
    assert access.access_gang(user=gang.owner, action=Action.HIRE, gang_id=gang.pk) == gang
    with pytest.raises(NotYourGang):
        access.access_gang(user=other_user, action=Action.HIRE, gang_id=gang.pk)
    with pytest.raises(Http404):
        access.access_gang(user=other_user, action=Action.HIRE, gang_id=gang.pk + 1000)


def test_the_older_helpers_answer_for_the_roster_only(gang, other_user, sheriff):
    assert access.can_manage_gang(user=gang.owner, gang=gang)
    assert not access.can_manage_gang(user=other_user, gang=gang)  # an overseer, not an owner
    assert access.access_gang_for_change(user=gang.owner, gang_id=gang.pk) == gang
    with pytest.raises(NotYourGang):
        access.access_gang_for_change(user=other_user, gang_id=gang.pk)
