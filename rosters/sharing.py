"""A gang's read-only share link: a secret token in a URL; whoever holds it reads the roster
without signing in. Created once (the same link after), revoked by deleting the token; a new
link after a revocation is a new secret, so a revoked URL never works again.

Who may share is ``rosters.access`` (``Action.SHARE``: the owner, or staff): one rule.
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.urls import reverse

from rosters import access
from rosters.models import Gang, GangEvent
from rosters.services.common import _event


def share_path(token: str) -> str:
    return reverse("gang-shared", kwargs={"token": token})


def share_url(request, gang: Gang) -> str | None:
    return request.build_absolute_uri(share_path(gang.share_token)) if gang.share_token else None


@transaction.atomic
def share_gang(*, user, gang_id: int) -> Gang:
    gang = access.access_gang(user=user, action=access.Action.SHARE, gang_id=gang_id)
    gang = Gang.objects.select_for_update().get(pk=gang.pk)
    if not gang.share_token:
        # 32 random bytes: unguessable, and URL-safe as it stands.
        gang.share_token = secrets.token_urlsafe(32)
        gang.save(update_fields=["share_token", "updated_at"])
        _event(gang, GangEvent.Kind.ADJUSTMENT, None, actor=user, code="shared")
    return gang


@transaction.atomic
def revoke_share(*, user, gang_id: int) -> Gang:
    gang = access.access_gang(user=user, action=access.Action.SHARE, gang_id=gang_id)
    gang = Gang.objects.select_for_update().get(pk=gang.pk)
    if gang.share_token:
        gang.share_token = None
        gang.save(update_fields=["share_token", "updated_at"])
        _event(gang, GangEvent.Kind.ADJUSTMENT, None, actor=user, code="unshared")
    return gang


def gang_id_for_token(token: str) -> int | None:
    if not isinstance(token, str) or not 20 <= len(token) <= 64:
        return None
    return Gang.objects.filter(share_token=token).values_list("pk", flat=True).first()
