"""Revisions: how a cached gang detail (rosters/detail.py) knows it still is the roster.

Two numbers, both in PostgreSQL (never only in the cache, so that a Redis restart or an
evicted key can never serve an old roster as a new one):

- ``Gang.revision`` grows by one in every transaction that changes what the gang's detail
  shows. Every rosters write service takes the gang row lock through one helper,
  ``rosters.services.common._lock``, and that helper bumps it: a service cannot change a gang
  without locking it, so it cannot forget the revision either.
- ``CatalogueRevision.value`` grows with every change of what all rosters show beside their
  own rows: catalogue items (names, market values), roles, gang rules. Any save or delete of
  one of those rows bumps it through the receivers below: ``change_price`` and the admin's
  edits alike (they are rare; a price change reaches every roster at once).

Both are bumped with ``UPDATE ... SET n = n + 1`` inside the writing transaction: a reader
sees the new number exactly when it can see the new rows. The catalogue revision starts at a
random number (its migration), so two databases that share one Redis (a benchmark's, CI's,
staging beside production) never key a gang detail alike.

**A safety net for writes outside the services.** The services always save with
``update_fields`` or create rows; a full ``save()`` of an existing gang, fighter, equipment
or goods row comes from somewhere else (the admin's change form, a shell), so the receivers
below bump the gang's revision then. A gang's own full save increments in SQL
(``revision = revision + 1`` written by the save itself), never from the value the form read,
which a concurrent service may have bumped since. Connected in ``RostersConfig.ready()``.
"""

from __future__ import annotations

import secrets
from functools import cache

from django.db import connections, router
from django.db.models import F
from django.db.models.signals import post_delete, post_save, pre_save

from rosters.models import (
    CatalogueItem,
    CatalogueRevision,
    Equipment,
    Fighter,
    Gang,
    GangRules,
    Goods,
    Role,
)

CATALOGUE_ROW = 1


def bump_gang(gang_id: int) -> None:
    Gang.objects.filter(pk=gang_id).update(revision=F("revision") + 1)


@cache
def _lock_sql(alias: str) -> str:
    quote = connections[alias].ops.quote_name
    table = quote(Gang._meta.db_table)
    revision = quote(Gang._meta.get_field("revision").column)
    return (
        f"UPDATE {table} SET {revision} = {revision} + 1 "
        f"WHERE {quote(Gang._meta.pk.column)} = %s RETURNING *"
    )


def lock_and_bump(gang_id: int) -> Gang:
    """The gang row with its revision bumped, locked until the transaction ends, in one
    statement (``UPDATE ... RETURNING``: an UPDATE takes the row lock, as FOR UPDATE would,
    and ``raw()`` makes the instance the ORM would). DoesNotExist when there is none."""
    alias = router.db_for_write(Gang)
    found = list(Gang.objects.db_manager(alias).raw(_lock_sql(alias), [gang_id]))
    if not found:
        raise Gang.DoesNotExist(f"no gang {gang_id}")
    return found[0]


def bump_catalogue() -> None:
    if not CatalogueRevision.objects.filter(pk=CATALOGUE_ROW).update(value=F("value") + 1):
        # Only where the migration's row is gone (a test database flushed between tests).
        CatalogueRevision.objects.get_or_create(
            pk=CATALOGUE_ROW, defaults={"value": secrets.randbits(40)}
        )


def _gang_saved_in_full(sender, instance: Gang, raw=False, update_fields=None, **kwargs):
    if raw or update_fields is not None or instance._state.adding:
        return
    instance.revision = F("revision") + 1


def _gang_saved(sender, instance: Gang, created=False, raw=False, update_fields=None, **kwargs):
    if not raw and not created and update_fields is None:
        instance.refresh_from_db(fields=["revision"])  # an F() expression until read back


def _part_saved(sender, instance, created=False, raw=False, update_fields=None, **kwargs):
    if not raw and not created and update_fields is None:
        bump_gang(instance.gang_id)


def _part_deleted(sender, instance, **kwargs):
    bump_gang(instance.gang_id)


def _catalogue_changed(sender, instance, raw=False, **kwargs):
    if not raw:
        bump_catalogue()


def connect() -> None:
    uid = "rosters.revisions"
    pre_save.connect(_gang_saved_in_full, sender=Gang, dispatch_uid=f"{uid}.gang.pre")
    post_save.connect(_gang_saved, sender=Gang, dispatch_uid=f"{uid}.gang.post")
    for model in (Fighter, Equipment, Goods):
        name = model.__name__
        post_save.connect(_part_saved, sender=model, dispatch_uid=f"{uid}.{name}.save")
        post_delete.connect(_part_deleted, sender=model, dispatch_uid=f"{uid}.{name}.delete")
    for model in (CatalogueItem, Role, GangRules):
        name = model.__name__
        post_save.connect(_catalogue_changed, sender=model, dispatch_uid=f"{uid}.{name}.save")
        post_delete.connect(_catalogue_changed, sender=model, dispatch_uid=f"{uid}.{name}.del")
