"""Who organises what: the reads the organiser's admin is scoped by."""

from __future__ import annotations

from django.db.models import QuerySet

from leagues.models import League


def leagues_organised_by(user) -> QuerySet[League]:
    return League.objects.filter(organisers=user)


def organises_any(user) -> bool:
    return leagues_organised_by(user).exists()
