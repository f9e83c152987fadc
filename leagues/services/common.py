"""What the league writes share: who organises, who is a member, finding a player."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from leagues.errors import LeagueError, NotAnOrganiser
from leagues.models import League, Membership

MAX_REASON = 1000


def is_organiser(*, user, league: League) -> bool:
    if not user or not user.is_authenticated:
        return False
    return user.is_staff or league.organisers.filter(pk=user.pk).exists()


def require_organiser(*, user, league: League) -> None:
    if not is_organiser(user=user, league=league):
        raise NotAnOrganiser()


def is_member(*, user, league: League) -> bool:
    """An active member: invited players count only once they accepted."""
    return Membership.objects.filter(
        league=league, player=user, status=Membership.Status.ACTIVE
    ).exists()


def find_player(username: object, *, field: str = "player"):
    user = (
        get_user_model().objects.filter(username=username).first()
        if isinstance(username, str)
        else None
    )
    if user is None:
        raise LeagueError(f"There is no player called '{username}'.", field=field)
    return user
