"""The migration that brings consent to campaign membership (#14) gives back their consent to
owners whose gangs an arbitrator had put in a campaign: those memberships become invitations.
An owner's own request, and an arbitrator's own gang, stay as they were; "leaving" is "left"."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

# Rosters at its newest: the historical gangs must have every column the table has.
ROSTERS = ("rosters", "0009_gang_revision")
BEFORE = [("campaigns", "0003_live_battles"), ROSTERS]
AFTER = [("campaigns", "0005_memberships_without_consent_become_invitations"), ROSTERS]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_memberships_made_without_the_owners_consent_become_invitations():
    old = migrate(BEFORE)
    User = old.get_model("accounts", "User")
    Gang = old.get_model("rosters", "Gang")
    Campaign = old.get_model("campaigns", "Campaign")
    Membership = old.get_model("campaigns", "Membership")
    LogEntry = old.get_model("campaigns", "LogEntry")
    judge, ann, bob, cal = (User.objects.create(username=n) for n in ("judge", "ann", "bob", "cal"))
    campaign = Campaign.objects.create(name="Deadwood", created_by=judge, join_code="c0de")
    gangs = {
        who.username: Gang.objects.create(owner=who, name=f"{who.username}'s", faction="sheriffs")
        for who in (judge, ann, bob, cal)
    }

    def member(owner: str, status: str, *, asked: bool):
        gang = gangs[owner]
        if asked:
            LogEntry.objects.create(
                campaign=campaign,
                kind="membership",
                text=f"{gang.name} asked to join.",
                actor=gang.owner,
                gang=gang,
            )
        decided = judge if status != "pending" else None
        return Membership.objects.create(
            campaign=campaign, gang=gang, status=status, decided_by=decided
        )

    own = member("judge", "active", asked=False)
    taken = member("ann", "active", asked=False)  # attack 1: added by the arbitrator
    approved = member("bob", "active", asked=True)
    leaving = member("cal", "leaving", asked=True)
    try:
        new = migrate(AFTER)
        Membership = new.get_model("campaigns", "Membership")
        rows = {
            m.pk: (m.status, m.via, m.requested_by_id, m.decided_by_id)
            for m in Membership.objects.all()
        }
        assert rows[own.pk] == ("active", "own", judge.pk, judge.pk)
        assert rows[taken.pk] == ("invited", "invitation", judge.pk, None)
        assert rows[approved.pk] == ("active", "request", bob.pk, judge.pk)
        assert rows[leaving.pk] == ("left", "request", cal.pk, judge.pk)
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
