"""Who may act on a gang (rosters.access), and the hook other apps extend it through."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404

from campaigns.selectors import arbitrates_gang
from rosters import access
from rosters.errors import NotYourGang


@pytest.fixture
def no_overseers(monkeypatch):
    monkeypatch.setattr(access, "_overseer_rules", [])


def test_the_owner_and_staff_manage_a_gang_and_nobody_else(gang, user, other_user, staff):
    assert access.can_manage_gang(user=user, gang=gang)
    assert access.can_manage_gang(user=staff, gang=gang)
    assert not access.can_manage_gang(user=other_user, gang=gang)
    assert not access.can_manage_gang(user=AnonymousUser(), gang=gang)
    assert not access.can_manage_gang(user=None, gang=gang)


def test_only_staff_and_overseers_grant_credits_and_goods_not_the_owner(gang, user, staff):
    assert access.can_grant_to_gang(user=staff, gang=gang)
    assert not access.can_grant_to_gang(user=user, gang=gang)


def test_a_registered_rule_lets_its_overseer_manage_and_grant(gang, other_user, no_overseers):
    asked = []

    def sheriff(*, user, gang):
        asked.append((user, gang))
        return user == other_user

    assert not access.can_manage_gang(user=other_user, gang=gang)
    access.register_overseer_rule(sheriff)
    access.register_overseer_rule(sheriff)  # registering twice (ready() run again) is harmless
    assert access.overseer_rules() == (sheriff,)
    assert access.can_manage_gang(user=other_user, gang=gang)
    assert access.can_grant_to_gang(user=other_user, gang=gang)
    assert asked == [(other_user, gang), (other_user, gang)]


def test_the_rules_are_not_asked_about_the_owner(gang, user, no_overseers):
    def boom(**kwargs):
        raise AssertionError("rules are asked only when owner and staff did not settle it")

    access.register_overseer_rule(boom)
    assert access.can_manage_gang(user=user, gang=gang)


def test_campaigns_registers_its_arbitrators_as_overseers():
    assert arbitrates_gang in access.overseer_rules()


def test_access_for_change_is_a_404_for_no_gang_and_refused_to_others(gang, other_user):
    assert access.access_gang_for_change(user=gang.owner, gang_id=gang.pk) == gang
    with pytest.raises(NotYourGang):
        access.access_gang_for_change(user=other_user, gang_id=gang.pk)
    with pytest.raises(Http404):
        access.access_gang_for_change(user=other_user, gang_id=gang.pk + 1000)
