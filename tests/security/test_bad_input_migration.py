"""The migration that makes gang names unique per owner whatever their case keeps every gang:
the younger of two names that differ only in case is renamed, and its history says why."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("rosters", "0004_gang_share_link")]
AFTER = [("rosters", "0006_gang_names_unique_ignoring_case")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_names_that_differ_only_in_case_are_renamed_before_the_constraint():
    old = migrate(BEFORE)
    Gang = old.get_model("rosters", "Gang")
    User = old.get_model("accounts", "User")
    ozzie = User.objects.create(username="ozzie")
    rita = User.objects.create(username="rita")
    first = Gang.objects.create(owner=ozzie, name="Dalton Boys", faction="outlawmen")
    second = Gang.objects.create(owner=ozzie, name="DALTON BOYS", faction="outlawmen")
    third = Gang.objects.create(owner=ozzie, name="dalton boys", faction="outlawmen")
    taken = Gang.objects.create(owner=ozzie, name="dalton boys (2)", faction="outlawmen")
    long = Gang.objects.create(owner=ozzie, name="x" * 80, faction="sheriffs")
    long_twin = Gang.objects.create(owner=ozzie, name="X" * 80, faction="sheriffs")
    hers = Gang.objects.create(owner=rita, name="dalton boys", faction="outlawmen")
    try:
        new = migrate(AFTER)
        Gang = new.get_model("rosters", "Gang")
        GangEvent = new.get_model("rosters", "GangEvent")
        names = dict(Gang.objects.values_list("pk", "name"))
        assert names[first.pk] == "Dalton Boys"
        assert names[taken.pk] == "dalton boys (2)"
        assert names[second.pk] == "DALTON BOYS (3)"
        assert names[third.pk] == "dalton boys (4)"
        assert names[long.pk] == "x" * 80
        assert names[long_twin.pk] == "X" * 76 + " (2)"
        assert names[hers.pk] == "dalton boys"  # another owner's: untouched
        renamed = GangEvent.objects.filter(kind="renamed")
        assert sorted(renamed.values_list("gang_id", flat=True)) == sorted(
            [second.pk, third.pk, long_twin.pk]
        )
        assert "Renamed from 'DALTON BOYS' to 'DALTON BOYS (3)'" in renamed.get(gang=second.pk).text
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
