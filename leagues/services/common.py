"""What the league writes share: finding a player (who may: leagues/access.py)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from leagues.errors import LeagueError

MAX_REASON = 1000


def find_player(username: object, *, field: str = "player"):
    user = (
        get_user_model().objects.filter(username=username).first()
        if isinstance(username, str)
        else None
    )
    if user is None:
        raise LeagueError(
            _("There is no player called '%(name)s'.") % {"name": username}, field=field
        )
    return user
